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

    /// The runtime's facts, read once when the store starts: its organization and device do not change.
    public typealias Local = RuntimeFacts

    public static func start(_ store: StoreContext<Void>, call: RPCCall, _ dependencies: Dependencies) async throws
        -> StoreStart<Self>
    {
        guard let facts = try await dependencies.facts(store.runtimeID) else { throw StoreError.runtimeShutDown }
        let timeZone = try call.optionalString("timeZone") ?? "UTC"
        guard TimeZone(identifier: timeZone) != nil else {
            throw JSONRPCError.invalidParams("timeZone: \(timeZone) is not an IANA time zone")
        }
        let state = InquiryReducer.State(sdkLocale: facts.localeOrEnglish.rawValue, deviceTimeZone: timeZone)
        return StoreStart(reducer(dependencies), state, local: facts)
    }

    public static func restart(_ store: StoreContext<Void>, _ dependencies: Dependencies) async throws
        -> StoreRestart<Self>
    {
        guard let facts = try await dependencies.facts(store.runtimeID) else { throw StoreError.runtimeShutDown }
        return StoreRestart(reducer(dependencies), local: facts)
    }

    /// The reducer with the worker's configuration (FOLIO_SELFIE_PROXY_URL).
    static func reducer(_ dependencies: Dependencies) -> InquiryReducer {
        InquiryReducer(selfieProxyURL: dependencies.selfieProxyURL)
    }
}

extension InquiryError {
    /// An error thrown by a dependency: an InquiryError as it is, anything else as a network failure.
    init(caught error: any Error) {
        self = (error as? InquiryError) ?? .network(message: String(describing: error))
    }
}
