import Bus
import FolioAPI
import FolioModel
import ServiceKit
import StoreKit

/// VaultStore hosted by the VaultService: it starts on the vault of the account the runtime's session holds,
/// follows the session and the vault's change notifications, and runs writes, syncs and shares as effects.
enum VaultStore: HostedStore {
    typealias Reducer = VaultReducer
    /// The store's subscription to its account's change notifications and its lease on the account's Folio
    /// watch; both move when the session does.
    typealias Local = VaultChangeFollower

    static let kind = "vault"
    static let service = StoreService.vault
    static let mountSpec = VaultStoreMethods.mount

    /// The session is read here, so the first state already holds the account and the first model a client
    /// reads is version 0 (docs/wire-api.md); `started` reads it again once the store follows its events.
    static func start(_ store: StoreContext<Void>, call: RPCCall, _ dependencies: Dependencies) async throws
        -> StoreStart<Self>
    {
        guard let account = try await dependencies.account(store.runtimeID) else { throw StoreError.runtimeShutDown }
        return StoreStart(VaultReducer(), .mounted(on: account), local: dependencies.changeFollower())
    }

    static func restart(_ store: StoreContext<Void>, _ dependencies: Dependencies) async throws -> StoreRestart<Self> {
        StoreRestart(VaultReducer(), local: dependencies.changeFollower())
    }

    /// A restored store reads its view again.
    static let eventsAfterRestore: [VaultReducer.Event] = [.restored]

    /// The session's changes reach the store as events. A sign-in from a transient session copies the transient
    /// vault into the account's first.
    static func follows(_ dependencies: Dependencies) -> [EventFollow<Self>] {
        [
            .runtimeKeyed(SessionChanged.self) { change, host, store in
                // The runtime's organization does not change with its session: the store has it from its first
                // read, unless this announcement came before that read.
                var organization = await host.currentState.account?.organizationID
                if organization == nil {
                    organization = try? await dependencies.account(store.runtimeID)?.organizationID
                }
                let account = VaultAccount(
                    identity: change.identity, folioSessionID: change.folioSessionID, organizationID: organization)
                if let previous = await host.currentState.account, previous.kind == .transient,
                    account.kind == .authenticated
                {
                    await dependencies.copyGuestVault(previous.id, account.id)
                }
                await store.local.follow(account)
                return [.sessionChanged(account)]
            }
        ]
    }

    /// The session is read again after the subscription starts, so a change since `start` is not missed (the
    /// model changes only if the session did); then the vault's change notifications and the network reach
    /// the store.
    static func started(
        _ host: StoreHost<VaultReducer>, in store: StoreContext<VaultChangeFollower>, restored: Bool,
        _ dependencies: Dependencies
    ) async throws {
        let changes = store.local
        await changes.attach(host)
        guard let account = try await dependencies.account(store.runtimeID) else {
            if restored { return }
            throw StoreError.runtimeShutDown
        }
        // A store adopted from its snapshot may have missed its sign-in (the worker that held it died, with the
        // copy of the transient vault in it rolled back): the copy runs again before it follows the account.
        if restored, let previous = await host.currentState.account, previous.kind == .transient,
            account.kind == .authenticated
        {
            await dependencies.copyGuestVault(previous.id, account.id)
        }
        // A restored store's snapshot may be older than the session it reads now.
        await (restored ? changes.follow(account) : changes.followFirst(account))
        await host.send(restored ? .sessionChanged(account) : .sessionRead(account))
        // The last probe may be older than Folio's coming back (the service's first one can run before Folio
        // answers): a store does not start offline on a stale probe, which would refuse its folder changes
        // until the next one.
        let status = await dependencies.network { [weak host] status in
            guard let host else { return false }
            await host.send(.networkChanged(status))
            return true
        }
        await host.send(.networkChanged(status))
    }
}
