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
        let shared = ServiceShared { context in VaultServices.live(context, settings: settings) }
        return ServiceDefinition(
            name: name, migrations: try migrations(),
            stores: { context in [context.hosting(VaultStore.self, .live(shared.get(context)))] },
            methods: { context in
                let attachments = VaultAttachments(
                    pool: context.database, keyEncryptionKey: settings.keyEncryptionKey)
                return [
                    ServiceHealth.method(HealthMethods.vault, context: context),
                    VaultAttachmentMethods.getBytes(shared.get(context), attachments: attachments),
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
                    + VaultDocumentMethods.methods(dependencies)
            },
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
