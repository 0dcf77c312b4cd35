import Bus
import FolioAPI
import FolioModel
import Foundation
import ServiceKit
import StoreKit

/// InquiryStore hosted by the InquiryService on scalable workers: its effects reach Folio (with the store's
/// idempotency keys, so an effect run again after a worker died sends nothing twice), the device's memory in
/// PostgreSQL, the runtime's language setting on the AuthService and the vault of the runtime's session.
public enum InquiryStore: HostedStore {
    public typealias Reducer = InquiryReducer
    public static let kind = "inquiry"
    public static let service = StoreService.inquiry
    public static let mountSpec = InquiryStoreMethods.mount

    /// The runtime's organization and device, read once when the store starts: they do not change. (The session
    /// does: the launch reads it again, for the inquiry's holder.)
    public typealias Local = InquiryDevice

    public static func start(_ store: StoreContext<Void>, call: RPCCall, _ dependencies: Dependencies) async throws
        -> StoreStart<Self>
    {
        guard let facts = try await dependencies.facts(store.runtimeID) else { throw StoreError.runtimeShutDown }
        let timeZone = try call.optionalString("timeZone") ?? "UTC"
        guard TimeZone(identifier: timeZone) != nil else {
            throw JSONRPCError.invalidParams("timeZone: \(timeZone) is not an IANA time zone")
        }
        let state = InquiryReducer.State(sdkLocale: facts.localeOrEnglish.rawValue, deviceTimeZone: timeZone)
        return StoreStart(reducer(dependencies), state, local: InquiryDevice(facts))
    }

    public static func restart(_ store: StoreContext<Void>, _ dependencies: Dependencies) async throws
        -> StoreRestart<Self>
    {
        guard let facts = try await dependencies.facts(store.runtimeID) else { throw StoreError.runtimeShutDown }
        return StoreRestart(reducer(dependencies), local: InquiryDevice(facts))
    }

    /// The reducer with the worker's configuration (FOLIO_SELFIE_PROXY_URL).
    static func reducer(_ dependencies: Dependencies) -> InquiryReducer {
        InquiryReducer(selfieProxyURL: dependencies.selfieProxyURL)
    }
}

/// The device a store runs for and the organization of its runtime: all its effects need of the runtime's
/// facts (a mounted store keeps only these, a few bytes, beside its state).
public struct InquiryDevice: Sendable, Hashable {
    public var organizationID: String
    public var deviceID: String

    public init(organizationID: String, deviceID: String) {
        self.organizationID = organizationID
        self.deviceID = deviceID
    }

    public init(_ facts: RuntimeFacts) {
        self.init(organizationID: facts.organizationID, deviceID: facts.deviceID)
    }
}

extension InquiryError {
    /// An error thrown by a dependency: an InquiryError as it is, anything else as a network failure.
    init(caught error: any Error) {
        self = (error as? InquiryError) ?? .network(message: String(describing: error))
    }
}
