import Bus
import FolioAPI
import FolioModel
import Foundation
import Postgres
import ServiceKit
import StoreKit

/// InquiryStore as a mounted store of the InquiryService: the reducer's effects reach Folio (with idempotency
/// keys made of the store and request, so an effect run again after a worker died sends nothing twice), the
/// device's memory in PostgreSQL, and the runtime's language setting on the AuthService.
public enum InquiryStore {
    public static let kind = "inquiry"

    /// What a store needs to know about its runtime.
    public struct RuntimeFacts: Sendable, Hashable {
        public var organizationID: String
        public var deviceID: String
        public var locale: String

        public init(organizationID: String, deviceID: String, locale: String) {
            self.organizationID = organizationID
            self.deviceID = deviceID
            self.locale = locale
        }
    }

    /// The store's outside world.
    public struct Dependencies: Sendable {
        public var folio: InquiryFolio
        public var memory: InquiryDeviceMemory
        /// Saves the choice as the runtime's SDK language; false when it cannot be saved.
        public var saveLocale: @Sendable (_ runtimeID: String, _ locale: String) async -> Bool
        public var facts: @Sendable (_ runtimeID: String) async throws -> RuntimeFacts?
        /// Saves the verified identity of a passed government id attempt in the vault of the runtime's session.
        public var saveIdentity:
            @Sendable (
                _ request: IdentitySaveRequest, _ inquiry: SavedInquiry, _ runtimeID: String, _ facts: RuntimeFacts
            )
                async throws(InquiryError) -> VerifiedIdentity

        public init(
            folio: InquiryFolio, memory: InquiryDeviceMemory,
            saveLocale: @escaping @Sendable (String, String) async -> Bool,
            facts: @escaping @Sendable (String) async throws -> RuntimeFacts?,
            saveIdentity:
                @escaping @Sendable (IdentitySaveRequest, SavedInquiry, String, RuntimeFacts) async throws(InquiryError)
                -> VerifiedIdentity = { _, _, _, _ throws(InquiryError) in
                    throw .invalidState(message: "this store saves no identities")
                }
        ) {
            self.folio = folio
            self.memory = memory
            self.saveLocale = saveLocale
            self.facts = facts
            self.saveIdentity = saveIdentity
        }
    }

    static func mountMethod(_ context: ServiceContext, _ dependencies: Dependencies) -> RPCMethod {
        let endpoint = StoreEndpoint(service: .inquiry, transport: context.transport, registry: context.registry)
        return endpoint.mountMethod(InquiryStoreMethods.mount) { call, runtime, id in
            guard let facts = try await dependencies.facts(runtime.id) else { throw StoreError.runtimeShutDown }
            let timeZone = try call.optionalString("timeZone") ?? "UTC"
            guard TimeZone(identifier: timeZone) != nil else {
                throw JSONRPCError.invalidParams("timeZone: \(timeZone) is not an IANA time zone")
            }
            let state = InquiryReducer.State(sdkLocale: facts.locale, deviceTimeZone: timeZone)
            return StoreHost(
                id: id, kind: kind, runtime: runtime, reducer: reducer(context), initialState: state,
                persistence: context.snapshots,
                runEffect: effects(dependencies, storeID: id, runtimeID: runtime.id, facts: facts))
        }
    }

    static func restorer(_ context: ServiceContext, _ dependencies: Dependencies) -> StoreEndpoint.Restorer {
        { snapshot, runtime in
            guard let facts = try await dependencies.facts(runtime.id) else { throw StoreError.runtimeShutDown }
            return try await StoreHost.restore(
                snapshot, runtime: runtime, reducer: reducer(context), persistence: context.snapshots,
                runEffect: effects(dependencies, storeID: snapshot.storeID, runtimeID: runtime.id, facts: facts))
        }
    }

    /// The reducer with the worker's configuration (FOLIO_SELFIE_PROXY_URL).
    static func reducer(_ context: ServiceContext) -> InquiryReducer {
        InquiryReducer(selfieProxyURL: context.configuration.folioSelfieProxyURL)
    }

    /// The effect runner: each effect answers with the events it produced.
    public static func effects(
        _ dependencies: Dependencies, storeID: StoreID, runtimeID: String, facts: RuntimeFacts
    ) -> EffectRunner<InquiryReducer> {
        let folio = dependencies.folio
        let memory = dependencies.memory
        return { effect in
            func key(_ requestID: UInt64) -> String { "\(storeID.rawValue)-\(requestID)" }
            switch effect {
            case .recallLaunchCode(let requestID, let code):
                guard
                    case .some(let saved) = await retrying({
                        try await memory.inquiry(forLaunchCode: code, deviceID: facts.deviceID)
                    })
                else {
                    return [.folioFailed(requestID: requestID, .network(message: "the device memory is unavailable"))]
                }
                return [.launchCodeRecalled(requestID: requestID, saved)]
            case .recallSavedInquiry(let requestID, let inquiryID):
                guard
                    case .some(let saved) = await retrying({
                        try await memory.inquiry(inquiryID, deviceID: facts.deviceID)
                    })
                else {
                    return [.folioFailed(requestID: requestID, .network(message: "the device memory is unavailable"))]
                }
                return [.savedInquiryRecalled(requestID: requestID, saved)]
            case .exchangeLaunchCode(let requestID, let code):
                do {
                    let access = try await folio.exchangeLaunchCode(
                        code, facts.organizationID, facts.deviceID, key(requestID))
                    guard let attestation = access.attestation else {
                        throw InquiryError.windowAttestationInvalid(reason: "the exchange returned no attestation")
                    }
                    try await folio.verifyAttestation(
                        attestation, access.saved.inquiryId, facts.organizationID, facts.deviceID)
                    return [.accessGranted(requestID: requestID, access.saved)]
                } catch let error as InquiryError {
                    return [.folioFailed(requestID: requestID, error)]
                } catch {
                    return [.folioFailed(requestID: requestID, .network(message: String(describing: error)))]
                }
            case .redeemHandoff(let requestID, let code):
                do {
                    let access = try await folio.redeemHandoff(
                        code, facts.organizationID, facts.deviceID, key(requestID))
                    return [.accessGranted(requestID: requestID, access.saved)]
                } catch {
                    return [.folioFailed(requestID: requestID, InquiryError(caught: error))]
                }
            case .rememberInquiry(let requestID, let saved, let launchCode):
                let remembered = await retrying({
                    try await memory.remember(
                        saved, launchCode: launchCode, deviceID: facts.deviceID, organizationID: facts.organizationID)
                    return true
                })
                return remembered == nil
                    ? [.inquiryNotRemembered(requestID: requestID)] : [.inquiryRemembered(requestID: requestID)]
            case .forgetInquiry(let inquiryID):
                let forgotten = await retrying({
                    try await memory.forget(inquiryID, deviceID: facts.deviceID)
                    return true
                })
                return forgotten == nil ? [.inquiryNotForgotten(inquiryId: inquiryID)] : []
            case .callFolio(let requestID, let inquiry, let request):
                do {
                    let answer = try await folio.send(request, inquiry, facts.deviceID, key(requestID))
                    return [.folioAnswered(requestID: requestID, answer)]
                } catch {
                    return [.folioFailed(requestID: requestID, InquiryError(caught: error))]
                }
            case .saveIdentity(let requestID, let inquiry, let request):
                do {
                    let identity = try await dependencies.saveIdentity(request, inquiry, runtimeID, facts)
                    return [.identitySaved(requestID: requestID, identity)]
                } catch {
                    return [.identityNotSaved(requestID: requestID, InquiryError(caught: error))]
                }
            case .wait(let requestID, let milliseconds):
                try? await Task.sleep(for: .milliseconds(milliseconds))
                return [.waitEnded(requestID: requestID)]
            case .saveLocale(let requestID, let locale):
                return await dependencies.saveLocale(runtimeID, locale)
                    ? [.localeSaved(requestID: requestID, locale: locale)]
                    : [.localeNotSaved(requestID: requestID, locale: locale)]
            }
        }
    }

    /// A database call, tried five times with a doubling pause (0.1 s to 0.8 s: a connection may be replaced, a
    /// database restarted in between); nil when it keeps failing, which the store shows as a retryable error.
    private static func retrying<T: Sendable>(_ body: @Sendable () async throws -> T) async -> T? {
        for attempt in 0..<5 {
            do {
                return .some(try await body())
            } catch {
                if attempt < 4 { try? await Task.sleep(for: .milliseconds(100 << attempt)) }
            }
        }
        return nil
    }

    /// The runtime's organization, device and SDK language, from the runtimes table; nil once it shut down.
    public static func facts(runtimeID: String, database: PostgresPool) async throws -> RuntimeFacts? {
        let rows = try await database.query(
            """
            SELECT organization_id, device_id, locale FROM runtimes WHERE id = \(runtimeID) AND shut_down_at IS NULL
            """)
        guard let row = rows.first else { return nil }
        return RuntimeFacts(
            organizationID: try row.decode(String.self, "organization_id"),
            deviceID: try row.decode(String.self, "device_id"),
            locale: try row.decode(String?.self, "locale") ?? "en")
    }

    /// Saves the SDK language through the AuthService's `runtime.setLocale`.
    public static func savingLocale(bus: BusClient) -> @Sendable (String, String) async -> Bool {
        { runtimeID, locale in
            do {
                _ = try await bus.call(
                    BusSubjects.rpc("auth"), RuntimeMethods.setLocale.name,
                    ["runtimeId": .string(runtimeID), "locale": .string(locale)])
                return true
            } catch {
                return false
            }
        }
    }
}

extension InquiryError {
    /// An error thrown by a dependency: an InquiryError as it is, anything else as a network failure.
    init(caught error: any Error) {
        self = (error as? InquiryError) ?? .network(message: String(describing: error))
    }
}
