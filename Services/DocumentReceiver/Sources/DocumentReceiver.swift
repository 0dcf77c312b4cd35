import Bus
import FolioAPI
import Foundation
import Postgres
import ServiceKit

/// The DocumentReceiver service process: the reception of issued documents for every session that holds a vault
/// (docs/documents.md), and the two stores that show them, FolioDocumentListStore and FolioDocumentStore.
public enum DocumentReceiver {
    public static let name = "documents"

    public static func definition(settings: DocumentReceiverSettings? = nil) throws -> ServiceDefinition {
        let settings = try settings ?? DocumentReceiverSettings.fromEnvironment()
        let reception = ServiceShared { context in
            ReceptionService.live(
                context, vault: DocumentVault(bus: BusClient(transport: context.transport)), settings: settings)
        }
        let stores = ServiceShared { context in
            DocumentStoreDependencies.live(
                context, vault: DocumentVault(bus: BusClient(transport: context.transport)),
                reception: reception.get(context).worker)
        }
        return ServiceDefinition(
            name: name, migrations: try migrations(),
            stores: { context in
                [
                    context.hosting(FolioDocumentListStore.self, stores.get(context)),
                    context.hosting(FolioDocumentStore.self, stores.get(context)),
                ]
            },
            methods: { context in [ServiceHealth.method(HealthMethods.documents, context: context)] },
            background: { context in
                let service = reception.get(context)
                return [
                    Task {
                        do {
                            let triggers = try await service.followTriggers()
                            while !Task.isCancelled { try? await Task.sleep(for: .seconds(3600)) }
                            for subscription in triggers { await subscription.cancel() }
                        } catch {
                            context.logger.error("documents: triggers not followed", ["error": "\(error)"])
                        }
                        await service.worker.stop()
                    },
                    Task { await service.sweepUnfinished() },
                ]
            })
    }

    /// The delivery journal.
    public static func migrations() throws -> [Migration] {
        guard let directory = Bundle.module.url(forResource: "Migrations", withExtension: nil) else {
            throw MissingResource(name: "DocumentReceiver/Migrations")
        }
        return try Migration.load(directory: directory)
    }
}
