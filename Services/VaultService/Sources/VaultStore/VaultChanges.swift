import Bus
import StoreKit

/// The vault's change notifications: after every committed change of an account's vault (a write, a sync),
/// `folio.events.vault.<accountId>` tells every VaultStore on that account to read its view again.
enum VaultChanges {
    static func subject(account: String) -> String { BusSubjects.event("vault", account) }

    static func announce(account: String, transport: any BusTransport) async {
        try? await transport.publish(subject: subject(account: account), payload: [])
    }
}

/// A store's subscription to the change notifications of its current account; it moves when the session does.
actor VaultChangeFollower: BusSubscription {
    private let transport: any BusTransport
    private weak var host: StoreHost<VaultReducer>?
    private var account: String?
    private var subscription: (any BusSubscription)?

    init(transport: any BusTransport, host: StoreHost<VaultReducer>) {
        self.transport = transport
        self.host = host
    }

    func follow(_ account: String) async {
        guard account != self.account else { return }
        await subscription?.cancel()
        self.account = account
        subscription = try? await transport.subscribe(
            subject: VaultChanges.subject(account: account), queueGroup: nil, delivery: .serial
        ) { [weak host] _ in
            await host?.send(.vaultChanged)
            return .now(nil)
        }
    }

    func cancel() async {
        await subscription?.cancel()
        subscription = nil
    }
}
