import Bus
import Crypto
import FolioAPI
import FolioClient
import FolioModel
import ServiceKit
import StoreKit

/// AuthStore hosted by the AuthService: it runs the Folio authentication ceremony and follows the runtime's
/// SDK locale and session (a sign-out elsewhere leaves it on the guest, so a verification is refused).
enum AuthStore: HostedStore {
    typealias Reducer = AuthReducer
    static let kind = "auth"
    static let service = StoreService.auth
    static let mountSpec = AuthStoreMethods.mount

    static func start(_ store: StoreContext<Void>, call: RPCCall, _ dependencies: Dependencies) async throws
        -> StoreStart<Self>
    {
        guard let facts = try await dependencies.facts(store.runtimeID) else { throw StoreError.runtimeShutDown }
        let state = AuthReducer.State(
            locale: facts.localeOrEnglish, supportsPasskeys: facts.supportsPasskeys, session: session(facts.session))
        return StoreStart(reducer(facts), state)
    }

    static func restart(_ store: StoreContext<Void>, _ dependencies: Dependencies) async throws -> StoreRestart<Self> {
        guard let facts = try await dependencies.facts(store.runtimeID) else { throw StoreError.runtimeShutDown }
        return StoreRestart(reducer(facts))
    }

    static func reducer(_ facts: RuntimeFacts) -> AuthReducer {
        // The device's fingerprint for Folio: a hash of its id, so the id itself never leaves the service.
        let fingerprint = Hex.encode((try? BLAKE2b.hash(Array(facts.deviceID.utf8), length: 16)) ?? [])
        return AuthReducer(
            organizationId: facts.organizationID,
            device: FolioAuthDevice(
                id: facts.deviceID, platform: facts.platform.map(FolioDevicePlatform.init(rawValue:)) ?? .web,
                fingerprint: fingerprint))
    }

    /// Every `runtime.setLocale` of the store's runtime (the data region titles follow the SDK locale) and every
    /// change of its session.
    static func follows(_ dependencies: Dependencies) -> [EventFollow<Self>] {
        [
            .ofRuntime(RuntimeLocaleChanged.self, runtimeID: \.runtimeID) { change, _, _ in
                [.localeChanged(change.locale)]
            },
            .runtimeKeyed(SessionChanged.self) { change, _, _ in
                [.sessionChanged(AuthSessionContext(identity: change.identity, sessionId: change.folioSessionID))]
            },
        ]
    }

    /// The locale and session are read again once subscribed: a change made while the store was mounting, or
    /// while a restored store was not mounted, is not lost. What the read finds is taken only where the store
    /// still holds what it held when the read began (`readAgain`): an announcement that reached it while the read
    /// was under way is newer.
    static func started(
        _ host: StoreHost<AuthReducer>, in store: StoreContext<Void>, restored: Bool, _ dependencies: Dependencies
    ) async throws {
        let held = await host.currentState
        guard let facts = try await dependencies.facts(host.runtime.id) else { return }
        await host.send(
            .readAgain(
                locale: facts.localeOrEnglish, session: session(facts.session), sinceLocale: held.locale,
                sinceSession: held.session))
    }

    static func session(_ session: RuntimeFacts.Session) -> AuthSessionContext {
        AuthSessionContext(identity: session.identity, sessionId: session.folioSessionID)
    }
}
