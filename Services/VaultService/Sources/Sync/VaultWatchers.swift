import Bus
import FolioClient
import Foundation

/// Change notifications from Folio: while a store on this worker shows an account's vault, one long poll per
/// account waits on Folio's change feed (a signed-in account's, or a transient account's guest vault); when
/// Folio reports a change, the vault fetches and every store of the account reads its view again.
actor VaultWatchers {
    private struct Watch {
        var task: Task<Void, Never>
        var leases: Int
    }

    private var watches: [String: Watch] = [:]
    private var stopped = false
    private let sync: VaultSync
    private let longPoll: FolioClient
    private let transport: any BusTransport
    private let waitSeconds: Int

    /// `longPoll` is a client of its own, so waiting polls never hold up the pushes' connections.
    init(sync: VaultSync, longPoll: FolioClient, transport: any BusTransport, waitSeconds: Int = 20) {
        self.sync = sync
        self.longPoll = longPoll
        self.transport = transport
        self.waitSeconds = waitSeconds
    }

    func acquire(_ account: VaultAccount) {
        guard !stopped, account.folioVault(longPoll) != nil else { return }
        if var watch = watches[account.id] {
            watch.leases += 1
            watches[account.id] = watch
            return
        }
        watches[account.id] = Watch(task: watchLoop(account), leases: 1)
    }

    func release(_ account: VaultAccount) {
        guard var watch = watches[account.id] else { return }
        watch.leases -= 1
        if watch.leases <= 0 {
            watch.task.cancel()
            watches[account.id] = nil
        } else {
            watches[account.id] = watch
        }
    }

    /// The accounts watched now.
    var watchedAccounts: [String] { watches.keys.sorted() }

    /// Cancels every watch and waits until each has ended, so no long poll is still inside libcurl when the
    /// process exits.
    func stopAll() async {
        stopped = true
        let tasks = watches.values.map(\.task)
        watches = [:]
        for task in tasks { task.cancel() }
        for task in tasks { await task.value }
    }

    private nonisolated func watchLoop(_ account: VaultAccount) -> Task<Void, Never> {
        let sync = self.sync
        guard let client = account.folioVault(longPoll) else { return Task {} }
        let transport = self.transport
        let waitSeconds = self.waitSeconds
        return Task {
            var failures = 0
            while !Task.isCancelled {
                do {
                    let cursor = try await sync.store.cursor(account.id)
                    let changes = try await client.changes(cursor: cursor, limit: 1, waitSeconds: waitSeconds)
                    failures = 0
                    if !changes.items.isEmpty, await sync.fetchOnly(account) {
                        await VaultChanges.announce(account: account.id, transport: transport)
                    }
                } catch {
                    if let error = error as? FolioVaultError,
                        error.code == .sessionExpired || error.code == .sessionNotFound
                    {
                        return
                    }
                    failures += 1
                    try? await Task.sleep(for: .seconds(Double(SyncRetrySchedule.delay(afterFailures: failures))))
                }
            }
        }
    }
}
