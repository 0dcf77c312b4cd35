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

    /// `longPoll` has connections of its own (`ServiceContext.folioLongPollClient`), so waiting polls never hold
    /// up the pushes, fetches and receipts.
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
                let step: WatchStep
                do {
                    let cursor = try await sync.store.cursor(account.id)
                    let changes = try await client.changes(cursor: cursor, limit: 1, waitSeconds: waitSeconds)
                    if changes.items.isEmpty {
                        step = WatchStep(after: failures, succeeded: true)
                    } else {
                        let fetched = await sync.fetchOnly(account)
                        // Most often the change is a push of this account's own, which the vault holds already:
                        // the stores read their views again only for a fetch that changed the vault.
                        if fetched?.changedVault == true {
                            await VaultChanges.announce(account: account.id, transport: transport)
                        }
                        step = WatchStep(after: failures, succeeded: fetched != nil)
                    }
                } catch {
                    if let error = error as? FolioVaultError,
                        error.code == .sessionExpired || error.code == .sessionNotFound
                    {
                        return
                    }
                    step = WatchStep(after: failures, succeeded: false)
                }
                failures = step.failures
                if let wait = step.wait { try? await Task.sleep(for: .seconds(Double(wait))) }
            }
        }
    }
}

/// The pace of a watch after one round (a long poll, and the fetch of a change it reported): a round that
/// failed, whether its poll threw or its fetch did not go through, waits as a failed background pass does (2 s,
/// then doubling up to 5 minutes), so a fetch that keeps failing never makes the watch ask Folio again at once.
struct WatchStep: Equatable {
    /// Rounds failed in a row, this one included.
    var failures: Int
    /// Seconds to wait before the next round; nil to poll again at once.
    var wait: UInt64?

    init(after failures: Int, succeeded: Bool) {
        self.failures = succeeded ? 0 : failures + 1
        self.wait = succeeded ? nil : SyncRetrySchedule.delay(afterFailures: self.failures)
    }
}
