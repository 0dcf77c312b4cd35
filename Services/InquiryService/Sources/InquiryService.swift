import Bus
import FolioAPI
import FolioClient
import Foundation
import Postgres
import ServiceKit
import StoreKit

/// The InquiryService: InquiryStore on scalable workers. Mounts go to the `inquiry` queue group; each mounted
/// store is answered by the worker that owns it, and another worker adopts it from its snapshot when that
/// worker dies.
public enum InquiryService {
    public static let name = "inquiry"

    public static func definition() throws -> ServiceDefinition {
        let shared = ServiceShared(dependencies)
        return ServiceDefinition(
            name: name, migrations: try migrations(),
            methods: { context in
                [
                    ServiceHealth.method(HealthMethods.inquiry, context: context),
                    InquiryStore.mountMethod(context, shared.get(context)),
                ]
            },
            restorers: { context in [InquiryStore.kind: InquiryStore.restorer(context, shared.get(context))] })
    }

    /// The store's dependencies in a running worker: Folio through FolioClient (FOLIO_API_URL, FOLIO_API_KEY),
    /// the device memory and runtimes in PostgreSQL, the SDK language through the AuthService.
    static func dependencies(_ context: ServiceContext) -> InquiryStore.Dependencies {
        let client = context.folioClient()
        let verifier = WindowAttestationVerifier(fetchKeys: { try await client.jwks() })
        let database = context.database
        return InquiryStore.Dependencies(
            folio: .live(client, verifier: verifier), memory: InquiryDeviceMemory(database: database),
            saveLocale: InquiryStore.savingLocale(bus: BusClient(transport: context.transport, timeout: .seconds(5))),
            facts: { runtimeID in try await InquiryStore.facts(runtimeID: runtimeID, database: database) })
    }

    /// The device memory tables (saved inquiries, the current one, exchanged launch codes).
    public static func migrations() throws -> [Migration] {
        guard let directory = Bundle.module.url(forResource: "Migrations", withExtension: nil) else {
            throw MissingResource(name: "InquiryService/Migrations")
        }
        return try Migration.load(directory: directory)
    }
}
