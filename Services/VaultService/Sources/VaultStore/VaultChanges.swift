import Bus
import FolioModel
import StoreKit

/// The vault's change notifications: after every committed change of an account's vault (a write, a sync),
/// `folio.events.vault.<accountId>` tells every VaultStore on that account to read its view again. A write
/// that changed only some entries names them (`{"entries": ["D_…"]}`), and the stores read only those; an
/// empty payload means anything may have changed.
enum VaultChanges {
    static func subject(account: String) -> String { BusSubjects.event("vault", account) }

    /// `pushedBy`: a change a service made for a runtime outside its stores' actions (an attachment added); the
    /// VaultStores of that runtime push it, as they push after their own writes.
    /// `by`: the store whose write it was; that store has read the change already and skips the notification.
    static func announce(
        account: String, entries: [String]? = nil, pushedBy runtimeID: String? = nil, by store: StoreID? = nil,
        transport: any BusTransport
    ) async {
        var members: [String: JSONValue] = [:]
        if let entries { members["entries"] = .array(entries.map(JSONValue.string)) }
        if let runtimeID { members["pushedBy"] = .string(runtimeID) }
        if let store { members["by"] = .string(store.rawValue) }
        let payload = members.isEmpty ? [] : JSONValue.object(members).serialized()
        try? await transport.publish(subject: subject(account: account), payload: payload)
    }

    /// What one notification says.
    struct Notice: Equatable {
        /// The entries it names, or nil when it does not name them (the whole view may have changed).
        var entries: [String]?
        /// The runtime whose stores push the change.
        var pushedBy: String?
        /// The store whose write it was (raw id).
        var by: String?
    }

    static func notice(_ payload: [UInt8]) -> Notice {
        guard !payload.isEmpty, let json = try? JSONParser.parse(payload) else { return Notice() }
        var notice = Notice(pushedBy: json["pushedBy"]?.stringValue, by: json["by"]?.stringValue)
        if let ids = json["entries"]?.arrayValue {
            let entries = ids.compactMap(\.stringValue)
            notice.entries = entries.count == ids.count && !entries.isEmpty ? entries : nil
        }
        return notice
    }

    /// The entries a notification names, or nil when it does not name them (the whole view may have changed).
    static func entries(_ payload: [UInt8]) -> [String]? { notice(payload).entries }
}

/// A store's subscription to the change notifications of its current account, and its lease on the
/// account's Folio watch, taken when the store asks for it (`watch`, once its first read opened every record);
/// both move when the session does.
actor VaultChangeFollower: BusSubscription {
    private let transport: any BusTransport
    private let watchers: VaultWatchers
    private weak var host: StoreHost<VaultReducer>?
    private var account: VaultAccount?
    /// The account whose watch this store holds a lease on.
    private var watched: VaultAccount?
    private var subscription: (any BusSubscription)?

    init(transport: any BusTransport, watchers: VaultWatchers, host: StoreHost<VaultReducer>? = nil) {
        self.transport = transport
        self.watchers = watchers
        self.host = host
    }

    /// The store whose notifications these are (a follower made before its store).
    func attach(_ host: StoreHost<VaultReducer>) {
        self.host = host
    }

    /// Takes the lease on the Folio watch of `account` if it is still the account followed.
    func watch(_ account: VaultAccount) async {
        guard account == self.account, watched == nil else { return }
        watched = account
        await watchers.acquire(account)
    }

    private func unwatch() async {
        guard let watched else { return }
        self.watched = nil
        await watchers.release(watched)
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
        subscription = try? await transport.subscribe(
            subject: VaultChanges.subject(account: account.id), queueGroup: nil, delivery: .serial
        ) { [weak host] message in
            guard let host else { return .now(nil) }
            let notice = VaultChanges.notice(message.payload)
            // The store's own write: it read the change with the write.
            if notice.by == host.id.rawValue { return .now(nil) }
            if let entries = notice.entries {
                await host.send(.entriesChanged(entries))
            } else {
                await host.send(.vaultChanged)
            }
            if let runtimeID = notice.pushedBy, runtimeID == host.runtime.id { await host.send(.pushRequested) }
            return .now(nil)
        }
    }

    func cancel() async {
        await subscription?.cancel()
        subscription = nil
        await unwatch()
        account = nil
    }
}
