import Bus
import FolioAPI
import FolioModel
import ServiceKit
import StoreKit

/// SessionStore hosted by the AuthService: its state starts from the runtime's session in PostgreSQL and it
/// follows every announced change of that session.
enum SessionStore: HostedStore {
    typealias Reducer = SessionReducer
    static let kind = "session"
    static let service = StoreService.auth
    static let mountSpec = SessionStoreMethods.mount

    static func start(_ store: StoreContext<Void>, call: RPCCall, _ dependencies: Dependencies) async throws
        -> StoreStart<Self>
    {
        guard let facts = try await dependencies.facts(store.runtimeID) else { throw StoreError.runtimeShutDown }
        return StoreStart(SessionReducer(), state(of: facts.session))
    }

    static func restart(_ store: StoreContext<Void>, _ dependencies: Dependencies) async throws -> StoreRestart<Self> {
        StoreRestart(SessionReducer())
    }

    static func follows(_ dependencies: Dependencies) -> [EventFollow<Self>] {
        [.runtimeKeyed(SessionChanged.self) { change, _, _ in [.announced(change)] }]
    }

    /// A change announced between the first read and the subscription reached nobody: a mounted store reads once
    /// more, now that every later announcement arrives. An announcement can also reach the store while that read
    /// is under way, of a change the read did not see: the read is taken only if the store still holds what it
    /// held when the read began (`readAgain`), so it never brings back the session that the announcement replaced.
    static func started(
        _ host: StoreHost<SessionReducer>, in store: StoreContext<Void>, restored: Bool, _ dependencies: Dependencies
    ) async throws {
        guard !restored else { return }
        let held = await host.currentState
        guard let latest = try await dependencies.facts(host.runtime.id)?.session else { return }
        guard state(of: latest) != held else { return }
        await host.send(
            .readAgain(
                SessionUiModel(identity: latest.identity, status: latest.status), folioSessionID: latest.folioSessionID,
                since: SessionUiModel(identity: held.identity, status: held.status),
                sinceFolioSessionID: held.folioSessionID))
    }

    static func state(of session: RuntimeFacts.Session) -> SessionReducer.State {
        SessionReducer.State(
            identity: session.identity, status: session.status, folioSessionID: session.folioSessionID)
    }
}
