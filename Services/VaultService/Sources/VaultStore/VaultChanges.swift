import Bus
import FolioAPI
import FolioModel
import StoreKit

/// The vault's change notifications (the `VaultChanged` bus event): after every committed change of an
/// account's vault (a write, a sync), every VaultStore on that account reads its view again.
enum VaultChanges {
    /// `pushedBy`: a change a service made for a runtime outside its stores' actions (an attachment added); the
    /// VaultStores of that runtime push it, as they push after their own writes.
    /// `by`: the store whose write it was; that store has read the change already and skips the notification.
    static func announce(
        account: String, entries: [String]? = nil, pushedBy runtimeID: String? = nil, by store: StoreID? = nil,
        transport: any BusTransport
    ) async {
        try? await transport.publish(
            VaultChanged(accountID: account, entries: entries, pushedBy: runtimeID, by: store?.rawValue))
    }
}

/// A store's subscription to the change notifications of its current account, and its lease on the
/// account's Folio watch, taken when the store asks for it (`watch`, once its first read opened every record);
/// both move when the session does.
actor VaultChangeFollower: BusSubscription {
    typealias Subscribe =
        @Sendable (_ accountID: String, _ notice: @escaping @Sendable (VaultChanged) async -> Void) async
        -> (any BusSubscription)?
    private let subscribe: Subscribe
    private let acquire: @Sendable (VaultAccount) async -> Void
    private let release: @Sendable (VaultAccount) async -> Void
    private weak var host: StoreHost<VaultReducer>?
    private var account: VaultAccount?
    /// The account whose watch this store holds a lease on.
    private var watched: VaultAccount?
    private var subscription: (any BusSubscription)?

    init(
        subscribe: @escaping Subscribe, acquire: @escaping @Sendable (VaultAccount) async -> Void,
        release: @escaping @Sendable (VaultAccount) async -> Void, host: StoreHost<VaultReducer>? = nil
    ) {
        self.subscribe = subscribe
        self.acquire = acquire
        self.release = release
        self.host = host
    }

    /// The notifications on the bus and the watches of the service's watchers.
    init(transport: any BusTransport, watchers: VaultWatchers, host: StoreHost<VaultReducer>? = nil) {
        self.init(
            subscribe: { accountID, notice in
                try? await transport.subscribe(VaultChanged.self, key: accountID, delivery: .serial, notice)
            },
            acquire: { await watchers.acquire($0) }, release: { await watchers.release($0) }, host: host)
    }

    /// A follower that fails the test which makes a store follow anything.
    static func unimplemented() -> VaultChangeFollower {
        VaultChangeFollower(
            subscribe: { _, _ in
                _ = UnimplementedDependency("VaultChangeFollower.subscribe")
                return nil
            },
            acquire: { _ in _ = UnimplementedDependency("VaultChangeFollower.acquire") },
            release: { _ in _ = UnimplementedDependency("VaultChangeFollower.release") })
    }

    /// The store whose notifications these are (a follower made before its store).
    func attach(_ host: StoreHost<VaultReducer>) {
        self.host = host
    }

    /// Takes the lease on the Folio watch of `account` if it is still the account followed.
    func watch(_ account: VaultAccount) async {
        guard account == self.account, watched == nil else { return }
        watched = account
        await acquire(account)
    }

    private func unwatch() async {
        guard let watched else { return }
        self.watched = nil
        await release(watched)
    }

    /// The account read at mount, unless an announcement already moved the store on.
    func followFirst(_ account: VaultAccount) async {
        guard self.account == nil else { return }
        await follow(account)
    }

    func follow(_ account: VaultAccount) async {
        guard account != self.account else { return }
        await subscription?.cancel()
        await unwatch()
        self.account = account
        // The store is read when a notification arrives: it may be attached after the first subscription.
        subscription = await subscribe(account.id) { [weak self] notice in
            guard let host = await self?.host else { return }
            // The store's own write: it read the change with the write.
            if notice.by == host.id.rawValue { return }
            if let entries = notice.entries {
                await host.send(.entriesChanged(entries))
            } else {
                await host.send(.vaultChanged)
            }
            if let runtimeID = notice.pushedBy, runtimeID == host.runtime.id { await host.send(.pushRequested) }
        }
    }

    func cancel() async {
        await subscription?.cancel()
        subscription = nil
        await unwatch()
        account = nil
    }
}
