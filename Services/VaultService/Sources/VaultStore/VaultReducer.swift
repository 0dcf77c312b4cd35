import Bus
import FolioModel
import StoreKit

/// VaultStore's logic (spec `vault.md`, docs/vault-store.md) as a pure reducer. Writes, syncs and shares run
/// as effects; their results land in `error`, and records reach the state only through the vault's change
/// notifications, which read the view again: only the entries a write names, else all of it. One read runs
/// at a time; changes that arrive meanwhile are read together after it.
public struct VaultReducer: StoreReducer {
    public init() {}

    public typealias Action = VaultAction
    public static func decodeAction(_ json: JSONValue) throws(JSONRPCError) -> VaultAction {
        do {
            return try VaultAction(json: json, path: "action")
        } catch {
            throw error.invalidParams
        }
    }

    /// Every VaultStore action skips the runtime's queue.
    public static func lane(of action: VaultAction) -> ActionLane { .skipsQueue }

    public static func actionReceived(_ action: VaultAction) -> Event { .actionReceived(action) }

    public func reduce(_ state: inout State, _ event: Event) -> [Effect] {
        switch event {
        case .actionReceived(let action):
            return receive(action, &state)
        case .actionFinished(let requestID, let error, let pushes):
            guard state.settle(requestID, for: .action) else { return [] }
            state.actionFinished(requestID, error: error.map(VaultErrorView.init))
            var effects = error == nil && pushes ? backgroundSync(&state) : []
            if state.writing == requestID {
                state.writing = nil
                effects = startNextWrite(&state) + effects
            }
            return effects
        case .writeFinished(let requestID, let changed, let patch, let pushes):
            guard state.requests.purpose(of: requestID) == .action else { return [] }
            // The patch is the newest view of its entries only when no read started since the write did (a read
            // that started meanwhile may answer after it, or have read a change the patch missed): nothing was
            // asked for after the write, and no read is under way.
            let newest = state.writing == requestID && state.lastRequestID == requestID && state.loading == nil
            var effects = reduce(&state, .actionFinished(requestID: requestID, error: nil, pushes: pushes))
            if let patch, newest, state.view.apply(patch) {
                effects += viewRead(&state)
            } else {
                effects += reload(changed, &state)
            }
            return effects
        case .viewLoaded(let requestID, let view):
            guard state.settle(requestID, for: .read) else { return [] }
            state.forgetFailedReads()
            state.view = view.sharing(with: state.view)
            return viewRead(&state) + loadPending(&state)
        case .entriesLoaded(let requestID, let patch):
            guard state.settle(requestID, for: .read) else { return [] }
            state.forgetFailedReads()
            var effects: [Effect] = []
            if state.view.apply(patch) {
                effects = viewRead(&state)
            } else {
                state.pendingReload = .all
            }
            return effects + loadPending(&state)
        case .viewFailed(let requestID, let error):
            guard state.settle(requestID, for: .read) else { return [] }
            state.readError = VaultErrorView(error)
            let starting = state.sessionStarting
            if starting { state.phase = .error(message: error.message) }
            state.sessionStarting = false
            // The view misses what that read was for: all of it is read again after a pause that grows while
            // reads fail (a database that is down is not asked again and again), or by a change notification
            // that comes first. Nothing else may come: the store's own write that finished meanwhile is waiting
            // for this read.
            state.pendingReload = .all
            state.failedReads += 1
            let wait = state.requests.request(.readWait)
            let readAgain = Effect.waitToRead(
                requestID: wait, seconds: VaultReadRetrySchedule.delay(afterFailures: state.failedReads))
            // The session-start pass, which in phase Error pushes only.
            return (starting ? backgroundSync(&state) : []) + [readAgain]
        case .vaultChanged:
            return reload(.all, &state)
        case .entriesChanged(let ids):
            return reload(.entries(Set(ids)), &state)
        case .pushRequested:
            guard state.account?.kind == .authenticated else { return [] }
            return backgroundSync(&state)
        case .restored:
            state.pendingReload = nil
            return load(&state)
        case .sessionRead(let account):
            // A store built without an account (a test's) starts on this one.
            guard state.account != nil else { return reduce(&state, .sessionChanged(account)) }
            // An announcement that came first is newer: it started its own first read.
            guard state.sessionStarting, state.loading == nil else { return [] }
            // The session moved between the start's read and this one.
            guard account == state.account else { return reduce(&state, .sessionChanged(account)) }
            // The first state already holds this account: its first read starts, and the model stays as it is.
            return load(&state)
        case .sessionChanged(let account):
            guard account != state.account else { return [] }
            state.account = account
            state.view = VaultView()
            state.readError = nil
            state.phase = .idle
            state.sessionStarting = true
            state.watching = false
            state.pendingReload = nil
            state.forgetFailedReads()
            // The session-start pass and the watch of Folio's changes follow the first read: nothing is fetched
            // before it showed that every stored record opens.
            return load(&state)
        case .cameToForeground(let now):
            // It pushes, and fetches at most once a minute. A transient vault pushes nothing, so within the
            // minute it does nothing.
            if let last = state.lastSyncedAt, now - last < 60 {
                guard let account = state.account, account.kind == .authenticated, state.syncing == nil else {
                    return []
                }
                return push(account, &state)
            }
            return backgroundSync(&state)
        case .networkChanged(let status):
            let cameBack = status == .online && state.network != .online
            state.network = status
            return cameBack ? backgroundSync(&state) : []
        case .syncFinished(let requestID, let outcome):
            let isAction = state.settle(requestID, for: .action)
            if isAction {
                state.actionFinished(requestID, error: outcome.error.map(VaultErrorView.init))
            } else if !state.settle(requestID, for: .sync) {
                return []
            }
            // The Error phase stays until a read opens every stored record; the passes meanwhile push only.
            if !state.phase.isError { state.phase = outcome.phase }
            guard outcome.error != nil else {
                if outcome.fetched { state.lastSyncedAt = outcome.finishedAt }
                state.failedAttempts = 0
                return state.syncAgain ? backgroundSync(&state) : []
            }
            // The Sync action is not retried. A failed background pass is tried again after 2 s, then after a
            // delay that doubles, up to 5 min.
            guard !isAction else { return [] }
            state.failedAttempts += 1
            let wait = state.requests.request(.retryWait)
            return [
                .waitToRetry(requestID: wait, seconds: SyncRetrySchedule.delay(afterFailures: state.failedAttempts))
            ]
        case .retryDue(let requestID):
            guard state.settle(requestID, for: .retryWait) else { return [] }
            return backgroundSync(&state)
        case .readDue(let requestID):
            guard state.settle(requestID, for: .readWait) else { return [] }
            // A read a change notification started meanwhile reads what this one would have.
            return state.loading == nil ? loadPending(&state) : []
        }
    }

    private func receive(_ action: VaultAction, _ state: inout State) -> [Effect] {
        guard let account = state.account else {
            if case .dismissError = action { state.dismissActionError() }
            return []
        }
        switch action {
        case .dismissError:
            state.dismissActionError()
            return []
        case .write(let write):
            do {
                try VaultWriteRules.checkSession(write, session: account.kind, network: state.network)
            } catch {
                state.actionRefused(VaultErrorView(error))
                return []
            }
            return enqueueWrite(.write(requestID: state.requests.request(.action), account: account, write), &state)
        case .sync:
            do throws(VaultError) {
                try VaultWriteRules.checkSignedIn(account.kind)
                // Stored records that could not be read at session start block fetching until a later session.
                if case .error(let message) = state.phase { throw VaultError.storage(message: message) }
            } catch {
                state.actionRefused(VaultErrorView(error))
                return []
            }
            // The Sync action runs at once and is not retried.
            let requestID = state.requests.request(.action)
            state.phase = .syncing
            return [.sync(requestID: requestID, account: account, background: false)]
        case .share(let share):
            do {
                try VaultWriteRules.checkSignedIn(account.kind)
            } catch {
                state.actionRefused(VaultErrorView(error))
                return []
            }
            return enqueueWrite(.share(requestID: state.requests.request(.action), account: account, share), &state)
        }
    }

    /// Writes and Shares change the vault one at a time, in the order dispatched: the next starts when the
    /// previous has finished (a Delete then a PermanentlyDelete must not race). The answer of a waiting one is
    /// awaited from the start: it is under way (`busy`).
    private func enqueueWrite(_ effect: Effect, _ state: inout State) -> [Effect] {
        guard let requestID = effect.writeRequestID else { return [] }
        guard state.writing == nil else {
            state.waitingWrites.append(effect)
            return []
        }
        state.writing = requestID
        return [effect]
    }

    private func startNextWrite(_ state: inout State) -> [Effect] {
        guard !state.waitingWrites.isEmpty else { return [] }
        let next = state.waitingWrites.removeFirst()
        state.writing = next.writeRequestID
        return [next]
    }

    /// Reads the whole view now; the answer of a read under way is stale.
    private func load(_ state: inout State) -> [Effect] {
        guard let account = state.account else { return [] }
        let requestID = state.requests.request(.read)
        return [.loadView(requestID: requestID, account: account)]
    }

    /// A change to read: now, or after the read under way (which may have missed it).
    private func reload(_ reload: VaultReload, _ state: inout State) -> [Effect] {
        guard state.account != nil else { return [] }
        state.pendingReload = state.pendingReload.map { $0.merged(with: reload) } ?? reload
        return state.loading == nil ? loadPending(&state) : []
    }

    /// Starts the read of the changes that arrived meanwhile, if any.
    private func loadPending(_ state: inout State) -> [Effect] {
        guard let account = state.account, let reload = state.pendingReload else { return [] }
        state.pendingReload = nil
        switch reload {
        case .all:
            return load(&state)
        case .entries(let ids):
            let requestID = state.requests.request(.read)
            return [.loadEntries(requestID: requestID, account: account, ids: ids.sorted())]
        }
    }

    /// After a read: the unreadable entries become the read error; at a session's start they make the phase
    /// Error, and the session-start pass pushes only. A read that opens every record starts the watch of Folio's
    /// changes if it has not started, and after the session's first read or the Error phase a whole pass.
    private func viewRead(_ state: inout State) -> [Effect] {
        let starting = state.sessionStarting
        state.sessionStarting = false
        guard state.view.unreadable.isEmpty else {
            let error = VaultError.storage(
                message: "\(state.view.unreadable.count) stored record(s) cannot be opened: "
                    + state.view.unreadable.prefix(5).joined(separator: ", "))
            state.readError = VaultErrorView(error)
            guard starting else { return [] }
            state.phase = .error(message: error.message)
            return backgroundSync(&state)
        }
        state.readError = nil
        let wasError = state.phase.isError
        if wasError { state.phase = .idle }
        var effects: [Effect] = []
        if !state.watching, let account = state.account {
            state.watching = true
            effects.append(.watch(account: account))
        }
        return starting || wasError ? effects + backgroundSync(&state) : effects
    }

    /// A background pass (push, then fetch) of a signed-in vault; a transient vault only fetches (its guest
    /// vault at Folio), which the sync runner knows from the account. While the stored records could not be
    /// read at session start (phase Error) nothing is fetched: a signed-in vault still pushes, a transient one
    /// does nothing.
    private func backgroundSync(_ state: inout State) -> [Effect] {
        guard let account = state.account else { return [] }
        // The first read of the session is under way: the session-start pass follows it.
        guard !state.sessionStarting else { return [] }
        guard state.syncing == nil else {
            // A pass is under way and may have missed the latest change: another follows it.
            state.syncAgain = true
            return []
        }
        if state.phase.isError {
            guard account.kind == .authenticated else { return [] }
            state.syncAgain = false
            state.requests.abandon(.retryWait)
            return push(account, &state)
        }
        let requestID = state.requests.request(.sync)
        state.syncAgain = false
        state.requests.abandon(.retryWait)
        state.phase = .syncing
        return [.sync(requestID: requestID, account: account, background: true)]
    }

    /// A push without a fetch of a signed-in vault; the phase shows it unless it is Error.
    private func push(_ account: VaultAccount, _ state: inout State) -> [Effect] {
        let requestID = state.requests.request(.sync)
        if !state.phase.isError { state.phase = .syncing }
        return [.push(requestID: requestID, account: account)]
    }

    /// The model, built from the view's JSON of its records and folders (encoded once, when read).
    public func model(of state: State) -> JSONValue {
        VaultUiModel.json(
            records: state.view.recordsJSON, folders: state.view.foldersJSON, busy: !state.running.isEmpty,
            error: state.actionError ?? state.readError,
            sync: DocSyncStatus(
                phase: state.phase, conflictCount: state.view.conflicts, pending: state.view.pending,
                lastSyncedAt: state.lastSyncedAt),
            sharing: state.view.sharing)
    }
}

/// How a sync pass ended: `error` when it failed as a whole; the records and attachments it could not push
/// or fetch; when it finished (seconds since the Unix epoch).
public struct SyncOutcome: Sendable, Codable, Equatable {
    public var error: VaultError?
    public var recordFailures: Int
    public var attachmentFailures: Int
    public var finishedAt: Int64
    /// The pass fetched Folio's changes (a push-only pass did not).
    public var fetched: Bool

    public init(
        error: VaultError? = nil, recordFailures: Int = 0, attachmentFailures: Int = 0, finishedAt: Int64,
        fetched: Bool = true
    ) {
        self.error = error
        self.recordFailures = recordFailures
        self.attachmentFailures = attachmentFailures
        self.finishedAt = finishedAt
        self.fetched = fetched
    }

    /// The pass ended with no error and no record or attachment failure.
    public var succeeded: Bool { recordFailures == 0 && attachmentFailures == 0 && error == nil }

    /// Idle after a clean pass, else Degraded with the counts ("1 record failure(s), 0 attachment failure(s)").
    public var phase: DocSyncPhase {
        succeeded ? .idle : .degraded(recordFailures: recordFailures, attachmentFailures: attachmentFailures)
    }
}

/// The pauses before a failed read of the view is tried again: 1 s, then doubling up to a minute.
public enum VaultReadRetrySchedule {
    public static let backoff = Backoff(first: .seconds(1), longest: .seconds(60))

    /// The pause after `failures` failed reads in a row, in whole seconds (what the reducer's wait carries).
    public static func delay(afterFailures failures: Int) -> UInt64 {
        backoff.wholeSeconds(afterFailures: failures)
    }
}

/// When a failed background sync is tried again (spec "Sync"): after 2 seconds, then after a delay that
/// doubles each time, up to 5 minutes.
public enum SyncRetrySchedule {
    public static let backoff = Backoff(first: .seconds(2), longest: .seconds(300))

    /// The pause after `failures` failed passes, in whole seconds (what the reducer's wait effect carries).
    public static func delay(afterFailures failures: Int) -> UInt64 {
        backoff.wholeSeconds(afterFailures: failures)
    }
}
