import Bus
import FolioModel
import StoreKit

/// The vault's change notifications: after every committed change of an account's vault (a write, a sync),
/// `folio.events.vault.<accountId>` tells every VaultStore on that account to read its view again. A write
/// that changed only some entries names them (`{"entries": ["D_…"]}`), and the stores read only those; an
/// empty payload means anything may have changed.
enum VaultChanges {
    static func subject(account: String) -> String { BusSubjects.event("vault", account) }

    static func announce(account: String, entries: [String]? = nil, transport: any BusTransport) async {
        let payload = entries.map { JSONValue.object(["entries": .array($0.map(JSONValue.string))]).serialized() }
        try? await transport.publish(subject: subject(account: account), payload: payload ?? [])
    }

    /// The entries a notification names, or nil when it does not name them (the whole view may have changed).
    static func entries(_ payload: [UInt8]) -> [String]? {
        guard !payload.isEmpty, let ids = (try? JSONParser.parse(payload))?["entries"]?.arrayValue else { return nil }
        let entries = ids.compactMap(\.stringValue)
        return entries.count == ids.count && !entries.isEmpty ? entries : nil
    }
}

/// A store's subscription to the change notifications of its current account, and its lease on the
/// account's Folio watch; both move when the session does.
actor VaultChangeFollower: BusSubscription {
    private let transport: any BusTransport
    private let watchers: VaultWatchers
    private weak var host: StoreHost<VaultReducer>?
    private var account: VaultAccount?
    private var subscription: (any BusSubscription)?

    init(transport: any BusTransport, watchers: VaultWatchers, host: StoreHost<VaultReducer>) {
        self.transport = transport
        self.watchers = watchers
        self.host = host
    }

    /// The account read at mount, unless an announcement already moved the store on.
    func followFirst(_ account: VaultAccount) async {
        guard self.account == nil else { return }
        await follow(account)
    }

    func follow(_ account: VaultAccount) async {
        guard account != self.account else { return }
        await subscription?.cancel()
        if let previous = self.account { await watchers.release(previous) }
        self.account = account
        await watchers.acquire(account)
        subscription = try? await transport.subscribe(
            subject: VaultChanges.subject(account: account.id), queueGroup: nil, delivery: .serial
        ) { [weak host] message in
            if let entries = VaultChanges.entries(message.payload) {
                await host?.send(.entriesChanged(entries))
            } else {
                await host?.send(.vaultChanged)
            }
            return .now(nil)
        }
    }

    func cancel() async {
        await subscription?.cancel()
        subscription = nil
        if let account { await watchers.release(account) }
        account = nil
    }
}
