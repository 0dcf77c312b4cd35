import Bus

/// A store's subscriptions to the events of its session's account (`VaultChanged`, `DocumentReceptionChanged`),
/// moved when the session's account changes and cancelled with the store.
public actor AccountFollower: BusSubscription {
    public typealias Subscribe = @Sendable (_ accountID: String) async -> [any BusSubscription]

    private var subscribe: Subscribe?
    private var account: String?
    private var subscriptions: [any BusSubscription] = []

    public init() {}

    /// How to follow an account, once the store exists; follows the account named before, if any.
    public func start(_ subscribe: @escaping Subscribe) async {
        self.subscribe = subscribe
        if let account { subscriptions = await subscribe(account) }
    }

    /// Follows `accountID` from now on; false when it was followed already.
    @discardableResult
    public func follow(_ accountID: String) async -> Bool {
        guard accountID != account else { return false }
        for subscription in subscriptions { await subscription.cancel() }
        subscriptions = []
        account = accountID
        if let subscribe { subscriptions = await subscribe(accountID) }
        return true
    }

    public func cancel() async {
        for subscription in subscriptions { await subscription.cancel() }
        subscriptions = []
        subscribe = nil
    }
}
