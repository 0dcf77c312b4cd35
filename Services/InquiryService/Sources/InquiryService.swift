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
        let mappers = try IdentityMappers(identityMappers())
        let shared = ServiceShared { context in dependencies(context, mappers: mappers) }
        return ServiceDefinition(
            name: name, migrations: try migrations(),
            stores: { context in [context.hosting(InquiryStore.self, shared.get(context))] },
            methods: { context in [ServiceHealth.method(HealthMethods.inquiry, context: context)] },
            background: { context in [resealDeviceMemory(context)] })
    }

    /// Seals the saved inquiry tokens stored in clear (before sealing existed) or with a previous secrets key.
    static func resealDeviceMemory(_ context: ServiceContext) -> Task<Void, Never> {
        Task {
            let memory = InquiryDeviceMemory(database: context.database, sealer: context.configuration.secrets)
            do {
                let count = try await memory.resealAll()
                if count > 0 { context.logger.info("saved inquiry tokens sealed again", ["count": String(count)]) }
            } catch {
                context.logger.warning("saved inquiry tokens not sealed again", ["error": String(describing: error)])
            }
        }
    }

    /// The store's dependencies in a running worker: Folio through FolioClient (FOLIO_API_URL, FOLIO_API_KEY),
    /// the device memory and runtimes in PostgreSQL, the SDK language through the AuthService, issuance offers on
    /// the bus.
    static func dependencies(_ context: ServiceContext, mappers: IdentityMappers) -> InquiryStore.Dependencies {
        let client = context.folio
        let keys = FolioSigningKeys(folio: client)
        let verifier = WindowAttestationVerifier(keys: keys)
        let database = context.database
        let saver = IdentitySaver.live(
            client: client, keys: keys, transport: context.transport, database: database, mappers: mappers)
        return InquiryStore.Dependencies(
            folio: .live(client, verifier: verifier),
            memory: .live(InquiryDeviceMemory(database: database, sealer: context.configuration.secrets)),
            facts: { runtimeID in try await RuntimeFacts.read(runtimeID: runtimeID, database: database) },
            saveLocale: InquiryStore.savingLocale(bus: BusClient(transport: context.transport, timeout: .seconds(5))),
            saveIdentity: { request, inquiry, runtimeID, device throws(InquiryError) in
                try await saver.save(
                    request, inquiry: inquiry, runtimeID: runtimeID, organizationID: device.organizationID,
                    deviceID: device.deviceID)
            },
            announceIssuance: InquiryStore.announcing(transport: context.transport, logger: context.logger),
            selfieProxyURL: context.configuration.folioSelfieProxyURL)
    }

    /// The identity record mapper of each organization, from FOLIO_IDENTITY_MAPPERS (docs/operations.md).
    static func identityMappers() throws -> IdentityMapperConfiguration {
        guard let text = ProcessInfo.processInfo.environment["FOLIO_IDENTITY_MAPPERS"], !text.isEmpty else {
            return IdentityMapperConfiguration()
        }
        return try IdentityMapperConfiguration(json: text)
    }

    /// The device memory tables (saved inquiries, the current one, exchanged launch codes).
    public static func migrations() throws -> [Migration] {
        guard let directory = Bundle.module.url(forResource: "Migrations", withExtension: nil) else {
            throw MissingResource(name: "InquiryService/Migrations")
        }
        return try Migration.load(directory: directory)
    }
}
