import Bus

/// A store's subscriptions to the events of its session's account (`VaultChanged`, `DocumentReceptionChanged`),
/// moved when the session's account changes and cancelled with the store.
///
/// The account is taken before any suspension, so calls that interleave (an announcement arriving while the store
/// reads its session again) end on the account of the call made last, and subscriptions made for an account the
/// follower has moved away from meanwhile are cancelled at once.
public actor AccountFollower: BusSubscription {
    public typealias Subscribe = @Sendable (_ accountID: String) async -> [any BusSubscription]

    private var subscribe: Subscribe?
    private var account: String?
    private var subscriptions: [any BusSubscription] = []

    public init() {}

    /// The account followed now.
    public var followed: String? { account }

    /// How to follow an account, once the store exists; follows the account named before, if any.
    public func start(_ subscribe: @escaping Subscribe) async {
        self.subscribe = subscribe
        guard let account else { return }
        await keep(await subscribe(account), for: account)
    }

    /// Follows `accountID` from now on; false when it was followed already.
    @discardableResult
    public func follow(_ accountID: String) async -> Bool {
        guard accountID != account else { return false }
        account = accountID
        let previous = subscriptions
        subscriptions = []
        for subscription in previous { await subscription.cancel() }
        if let subscribe { await keep(await subscribe(accountID), for: accountID) }
        return true
    }

    /// Follows `accountID`, read while the follower followed `expected`, only if it still follows that: an
    /// announcement that moved it since the read began is newer than the read. False when it did not move.
    @discardableResult
    public func follow(_ accountID: String, readWhileFollowing expected: String?) async -> Bool {
        guard account == expected else { return false }
        return await follow(accountID)
    }

    public func cancel() async {
        let previous = subscriptions
        subscriptions = []
        subscribe = nil
        for subscription in previous { await subscription.cancel() }
    }

    /// Keeps the subscriptions made for `accountID` if the follower still follows it and still runs.
    private func keep(_ made: [any BusSubscription], for accountID: String) async {
        guard account == accountID, subscribe != nil else {
            for subscription in made { await subscription.cancel() }
            return
        }
        let replaced = subscriptions
        subscriptions = made
        for subscription in replaced { await subscription.cancel() }
    }
}
