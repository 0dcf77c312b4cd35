import StoreKit

extension VaultReducer {
    /// VaultStore's state. The view (records and folders) is read from the vault again after a restore, so
    /// snapshots stay small whatever the vault holds.
    public struct State: Sendable, Codable, Equatable {
        /// The account whose vault the runtime's session holds.
        public var account: VaultAccount?
        public var network: NetworkStatus
        /// The Write or Share being applied; the others wait in `waitingWrites`, in the order dispatched.
        public var writing: UInt64?
        public var waitingWrites: [VaultReducer.Effect]
        /// The last failed action's error: DismissError or the success of an action dispatched after the
        /// failed one clears it.
        public var actionError: VaultErrorView?
        /// The request id of the action whose failure `actionError` shows; for an action refused when it was
        /// dispatched, the last request id handed out then. Nil while there is no error (and in snapshots made
        /// before it was kept, where any success clears the error).
        public var actionErrorRequestID: UInt64?
        /// An error from reading the vault: it stays until the next successful read.
        public var readError: VaultErrorView?
        public var phase: DocSyncPhase
        public var lastSyncedAt: Int64?
        /// The view read last; not part of a snapshot.
        public var view: VaultView
        /// Changes that arrived while a read was under way, read after it.
        public var pendingReload: VaultReload?
        /// The first read of a new session's vault is under way (a failure makes the phase Error).
        public var sessionStarting: Bool
        /// The store asked to follow Folio's change feed of its account (`Effect.watch`); not part of a
        /// snapshot: a restored store asks again after its first read.
        public var watching: Bool
        /// A change arrived during the background pass under way (`syncing`): another pass follows it.
        public var syncAgain: Bool
        /// Background passes failed in a row, which sets the retry delay.
        public var failedAttempts: Int
        /// Reads of the view failed in a row, which sets the pause before the next (`VaultReadRetrySchedule`).
        public var failedReads: Int
        /// The request ids handed out and the answers awaited: the actions under way side by side, and one each
        /// of the view read, the background pass (or push) and the wait before a retry, a new one making the
        /// previous one's answer stale.
        public var requests: RequestLedger<VaultRequest>

        public init(
            account: VaultAccount? = nil, network: NetworkStatus = .unknown, running: Set<UInt64> = [],
            writing: UInt64? = nil, waitingWrites: [VaultReducer.Effect] = [],
            actionError: VaultErrorView? = nil, actionErrorRequestID: UInt64? = nil, readError: VaultErrorView? = nil,
            phase: DocSyncPhase = .idle,
            lastSyncedAt: Int64? = nil, view: VaultView = VaultView(),
            loading: UInt64? = nil, pendingReload: VaultReload? = nil, sessionStarting: Bool = false,
            watching: Bool = false,
            syncing: UInt64? = nil, syncAgain: Bool = false,
            failedAttempts: Int = 0, failedReads: Int = 0,
            retryWait: UInt64? = nil, readWait: UInt64? = nil, lastRequestID: UInt64 = 0
        ) {
            self.requests = RequestLedger(lastIssued: lastRequestID)
            self.account = account
            self.network = network
            self.writing = writing
            self.waitingWrites = waitingWrites
            self.actionError = actionError
            self.actionErrorRequestID = actionErrorRequestID
            self.readError = readError
            self.phase = phase
            self.lastSyncedAt = lastSyncedAt
            self.view = view
            self.pendingReload = pendingReload
            self.sessionStarting = sessionStarting
            self.watching = watching
            self.syncAgain = syncAgain
            self.failedAttempts = failedAttempts
            self.failedReads = failedReads
            self.running = running
            self.loading = loading
            self.syncing = syncing
            self.retryWait = retryWait
            self.readWait = readWait
        }

        /// The first state of a store mounted on `account`'s vault: its first read follows once the store
        /// follows its events (`Event.sessionRead`). Its model is the one an empty vault shows, version 0.
        public static func mounted(on account: VaultAccount) -> State {
            State(account: account, network: .unknown, sessionStarting: true)
        }

        /// Action `requestID` finished: a failure lands in `actionError`; a success clears it unless the error
        /// is that of an action dispatched after this one (a Sync that ends after a later Delete was refused
        /// leaves the refusal in place).
        mutating func actionFinished(_ requestID: UInt64, error: VaultErrorView?) {
            if let error {
                actionError = error
                actionErrorRequestID = requestID
                return
            }
            if actionError != nil, let failed = actionErrorRequestID, failed >= requestID { return }
            dismissActionError()
        }

        /// An action refused when it was dispatched: its error is newer than every action under way.
        mutating func actionRefused(_ error: VaultErrorView) {
            actionError = error
            actionErrorRequestID = requests.lastIssued
        }

        /// No failed read is waited on any more: a read answered, or a new session's vault is read afresh.
        mutating func forgetFailedReads() {
            failedReads = 0
            requests.abandon(.readWait)
        }

        mutating func dismissActionError() {
            actionError = nil
            actionErrorRequestID = nil
        }

        /// Settles the answer to `requestID` when it was awaited for `purpose`; false when it is stale.
        mutating func settle(_ requestID: UInt64, for purpose: VaultRequest) -> Bool {
            requests.settle(requestID) { $0 == purpose } != nil
        }

        /// Write, Sync and Share actions under way (`busy`): the ledger's actions.
        public var running: Set<UInt64> {
            get { Set(requests.awaited.filter { $0.purpose == .action }.map(\.id)) }
            set {
                let current = running
                for id in current.subtracting(newValue) { requests.abandon(id: id) }
                for id in newValue.subtracting(current) { requests.expect(id, for: .action) }
            }
        }

        /// The view read under way (whole or some entries): the ledger's read slot.
        public var loading: UInt64? {
            get { awaitedID(in: .read) }
            set { setAwaited(newValue, in: .read) }
        }

        /// The background sync pass (or push) under way: the ledger's sync slot.
        public var syncing: UInt64? {
            get { awaitedID(in: .sync) }
            set { setAwaited(newValue, in: .sync) }
        }

        /// The wait before the next retry: the ledger's retry wait slot.
        public var retryWait: UInt64? {
            get { awaitedID(in: .retryWait) }
            set { setAwaited(newValue, in: .retryWait) }
        }

        /// The wait before a failed read is tried again: the ledger's read wait slot.
        public var readWait: UInt64? {
            get { awaitedID(in: .readWait) }
            set { setAwaited(newValue, in: .readWait) }
        }

        /// The last request id handed out.
        public var lastRequestID: UInt64 {
            get { requests.lastIssued }
            set { requests = RequestLedger(lastIssued: newValue, awaited: requests.awaited) }
        }

        private func awaitedID(in slot: VaultRequest) -> UInt64? { requests.awaited(in: slot)?.id }

        private mutating func setAwaited(_ id: UInt64?, in slot: VaultRequest) {
            guard let id else { return requests.abandon(slot) }
            requests.expect(id, for: slot)
        }

        // Snapshots keep the shape they had before the ledger: `running`, `loading`, `syncing`, `retryWait` and
        // `lastRequestID`. `failedReads` and `readWait` came later: absent, they are 0 and nil, and they are left
        // out while they are.
        private enum CodingKeys: String, CodingKey {
            case account, network, running, writing, waitingWrites, actionError, actionErrorRequestID, readError
            case phase, lastSyncedAt
            case loading, pendingReload
            case sessionStarting, syncing, syncAgain, failedAttempts, retryWait, lastRequestID
            case failedReads, readWait
        }

        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            self.init(
                account: try container.decodeIfPresent(VaultAccount.self, forKey: .account),
                network: try container.decode(NetworkStatus.self, forKey: .network),
                running: try container.decode(Set<UInt64>.self, forKey: .running),
                writing: try container.decodeIfPresent(UInt64.self, forKey: .writing),
                waitingWrites: try container.decode([VaultReducer.Effect].self, forKey: .waitingWrites),
                actionError: try container.decodeIfPresent(VaultErrorView.self, forKey: .actionError),
                actionErrorRequestID: try container.decodeIfPresent(UInt64.self, forKey: .actionErrorRequestID),
                readError: try container.decodeIfPresent(VaultErrorView.self, forKey: .readError),
                phase: try container.decode(DocSyncPhase.self, forKey: .phase),
                lastSyncedAt: try container.decodeIfPresent(Int64.self, forKey: .lastSyncedAt),
                loading: try container.decodeIfPresent(UInt64.self, forKey: .loading),
                pendingReload: try container.decodeIfPresent(VaultReload.self, forKey: .pendingReload),
                sessionStarting: try container.decode(Bool.self, forKey: .sessionStarting),
                syncing: try container.decodeIfPresent(UInt64.self, forKey: .syncing),
                syncAgain: try container.decode(Bool.self, forKey: .syncAgain),
                failedAttempts: try container.decode(Int.self, forKey: .failedAttempts),
                failedReads: try container.decodeIfPresent(Int.self, forKey: .failedReads) ?? 0,
                retryWait: try container.decodeIfPresent(UInt64.self, forKey: .retryWait),
                readWait: try container.decodeIfPresent(UInt64.self, forKey: .readWait),
                lastRequestID: try container.decode(UInt64.self, forKey: .lastRequestID))
        }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encodeIfPresent(account, forKey: .account)
            try container.encode(network, forKey: .network)
            try container.encode(running, forKey: .running)
            try container.encodeIfPresent(writing, forKey: .writing)
            try container.encode(waitingWrites, forKey: .waitingWrites)
            try container.encodeIfPresent(actionError, forKey: .actionError)
            try container.encodeIfPresent(actionErrorRequestID, forKey: .actionErrorRequestID)
            try container.encodeIfPresent(readError, forKey: .readError)
            try container.encode(phase, forKey: .phase)
            try container.encodeIfPresent(lastSyncedAt, forKey: .lastSyncedAt)
            try container.encodeIfPresent(loading, forKey: .loading)
            try container.encodeIfPresent(pendingReload, forKey: .pendingReload)
            try container.encode(sessionStarting, forKey: .sessionStarting)
            try container.encodeIfPresent(syncing, forKey: .syncing)
            try container.encode(syncAgain, forKey: .syncAgain)
            try container.encode(failedAttempts, forKey: .failedAttempts)
            try container.encodeIfPresent(retryWait, forKey: .retryWait)
            if failedReads > 0 { try container.encode(failedReads, forKey: .failedReads) }
            try container.encodeIfPresent(readWait, forKey: .readWait)
            try container.encode(lastRequestID, forKey: .lastRequestID)
        }
    }
}

/// What VaultStore awaits an answer for. Actions run side by side; a read, a background pass (or push), a
/// retry wait and a wait after a failed read each supersede the one before.
public enum VaultRequest: RequestPurpose {
    case action
    case read
    case sync
    case retryWait
    case readWait

    public var slot: VaultRequest? { self == .action ? nil : self }
}

/// What a VaultStore reads again: some entries (local ids), or the whole view.
public enum VaultReload: Sendable, Codable, Equatable {
    case entries(Set<String>)
    case all

    func merged(with other: VaultReload) -> VaultReload {
        switch (self, other) {
        case (.entries(let mine), .entries(let theirs)): .entries(mine.union(theirs))
        default: .all
        }
    }
}
