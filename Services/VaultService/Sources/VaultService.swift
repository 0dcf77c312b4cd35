import Bus
import FolioAPI
import FolioClient
import Foundation
import Postgres
import ServiceKit

/// The VaultService: VaultStore, the vault of every account in PostgreSQL (row-level security per account,
/// every body sealed), synced with Folio.
public enum VaultService {
    public static let name = "vault"

    public static func definition(settings: VaultSettings? = nil) throws -> ServiceDefinition {
        let settings = try settings ?? VaultSettings.fromEnvironment()
        let shared = ServiceShared { context in VaultStore.Dependencies.live(context, settings: settings) }
        return ServiceDefinition(
            name: name, migrations: try migrations(),
            methods: { context in
                let dependencies = shared.get(context)
                let attachments = VaultAttachments(
                    pool: context.database, keyEncryptionKey: settings.keyEncryptionKey)
                return [
                    ServiceHealth.method(HealthMethods.vault, context: context),
                    VaultStore.mountMethod(dependencies),
                    VaultAttachmentMethods.getBytes(dependencies, attachments: attachments),
                ]
            },
            // The methods of other services, on `folio.vault.internal`: the Gateway may not publish there.
            internalMethods: { context in
                let dependencies = shared.get(context)
                return [
                    VaultAttachmentMethods.add(
                        dependencies,
                        attachments: VaultAttachments(
                            pool: context.database, keyEncryptionKey: settings.keyEncryptionKey))
                ]
                    + VaultIdentityRecordMethods.methods(
                        dependencies,
                        identityRecords: VaultIdentityRecords(
                            pool: context.database, keyEncryptionKey: settings.keyEncryptionKey))
            },
            restorers: { context in [VaultStore.kind: VaultStore.restorer(shared.get(context))] },
            background: { context in
                let dependencies = shared.get(context)
                let logger = context.logger
                Task {
                    _ = await dependencies.network.observe { status in
                        logger.info("Folio reachability changed", ["status": status.rawValue])
                        return true
                    }
                }
                return [
                    dependencies.network.run(every: .seconds(settings.networkProbeSeconds)),
                    Task {
                        do {
                            let signIns = try await VaultSessionEvents.followSignIns(dependencies)
                            let foreground = try await VaultSessionEvents.followForeground(dependencies)
                            while !Task.isCancelled { try? await Task.sleep(for: .seconds(3600)) }
                            await signIns.cancel()
                            await foreground.cancel()
                        } catch {
                            context.logger.error("vault events not followed", ["error": String(describing: error)])
                        }
                        await dependencies.watchers.stopAll()
                    },
                ]
            })
    }

    /// The vault tables, their row-level security and the `folio_vault` role.
    public static func migrations() throws -> [Migration] {
        guard let directory = Bundle.module.url(forResource: "Migrations", withExtension: nil) else {
            throw MissingResource(name: "VaultService/Migrations")
        }
        return try Migration.load(directory: directory)
    }
}

extension VaultStore.Dependencies {
    /// The dependencies every VaultStore of one service process shares (the network monitor, the Folio
    /// watches), made once from the service's context.
    static func live(_ context: ServiceContext, settings: VaultSettings) -> VaultStore.Dependencies {
        let database = VaultDatabase(pool: context.database, keyEncryptionKey: settings.keyEncryptionKey)
        let sync = VaultSync(database: database, folio: context.folio, logger: context.logger)
        return VaultStore.Dependencies(
            context: context,
            repository: VaultRepository(database: database),
            sync: sync, transfer: VaultTransfer(database: database),
            watchers: VaultWatchers(
                sync: sync, longPoll: context.folioClient(timeoutSeconds: settings.watchSeconds + 10),
                transport: context.transport, waitSeconds: settings.watchSeconds),
            network: NetworkMonitor(folio: context.folioClient(timeoutSeconds: 3)), retryScale: settings.retryScale)
    }
}
