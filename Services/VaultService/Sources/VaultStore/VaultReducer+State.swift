extension VaultReducer {
    /// VaultStore's state. The view (records and folders) is read from the vault again after a restore, so
    /// snapshots stay small whatever the vault holds.
    public struct State: Sendable, Codable, Equatable {
        /// The account whose vault the runtime's session holds.
        public var account: VaultAccount?
        public var network: NetworkStatus
        /// Write, Sync and Share actions under way (`busy`).
        public var running: Set<UInt64>
        /// The Write or Share being applied; the others wait in `waitingWrites`, in the order dispatched.
        public var writing: UInt64?
        public var waitingWrites: [VaultReducer.Effect]
        /// The last failed action's error: DismissError or the next success clears it.
        public var actionError: VaultErrorView?
        /// An error from reading the vault: it stays until the next successful read.
        public var readError: VaultErrorView?
        public var phase: DocSyncPhase
        public var lastSyncedAt: Int64?
        /// The view read last; not part of a snapshot.
        public var view: VaultView
        /// The view read under way (whole or some entries); an older one's answer is stale.
        public var loading: UInt64?
        /// Changes that arrived while a read was under way, read after it.
        public var pendingReload: VaultReload?
        /// The first read of a new session's vault is under way (a failure makes the phase Error).
        public var sessionStarting: Bool
        /// The store asked to follow Folio's change feed of its account (`Effect.watch`); not part of a
        /// snapshot: a restored store asks again after its first read.
        public var watching: Bool
        /// The background sync pass under way.
        public var syncing: UInt64?
        /// A change arrived during that pass: another pass follows it.
        public var syncAgain: Bool
        /// Background passes failed in a row, which sets the retry delay.
        public var failedAttempts: Int
        /// The wait before the next retry.
        public var retryWait: UInt64?
        public var lastRequestID: UInt64

        public init(
            account: VaultAccount? = nil, network: NetworkStatus = .unknown, running: Set<UInt64> = [],
            writing: UInt64? = nil, waitingWrites: [VaultReducer.Effect] = [],
            actionError: VaultErrorView? = nil, readError: VaultErrorView? = nil, phase: DocSyncPhase = .idle,
            lastSyncedAt: Int64? = nil, view: VaultView = VaultView(),
            loading: UInt64? = nil, pendingReload: VaultReload? = nil, sessionStarting: Bool = false,
            watching: Bool = false,
            syncing: UInt64? = nil, syncAgain: Bool = false,
            failedAttempts: Int = 0,
            retryWait: UInt64? = nil, lastRequestID: UInt64 = 0
        ) {
            self.account = account
            self.network = network
            self.running = running
            self.writing = writing
            self.waitingWrites = waitingWrites
            self.actionError = actionError
            self.readError = readError
            self.phase = phase
            self.lastSyncedAt = lastSyncedAt
            self.view = view
            self.loading = loading
            self.pendingReload = pendingReload
            self.sessionStarting = sessionStarting
            self.watching = watching
            self.syncing = syncing
            self.syncAgain = syncAgain
            self.failedAttempts = failedAttempts
            self.retryWait = retryWait
            self.lastRequestID = lastRequestID
        }

        mutating func nextRequestID() -> UInt64 {
            lastRequestID += 1
            return lastRequestID
        }

        private enum CodingKeys: String, CodingKey {
            case account, network, running, writing, waitingWrites, actionError, readError, phase, lastSyncedAt
            case loading, pendingReload
            case sessionStarting, syncing, syncAgain, failedAttempts, retryWait, lastRequestID
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
                readError: try container.decodeIfPresent(VaultErrorView.self, forKey: .readError),
                phase: try container.decode(DocSyncPhase.self, forKey: .phase),
                lastSyncedAt: try container.decodeIfPresent(Int64.self, forKey: .lastSyncedAt),
                loading: try container.decodeIfPresent(UInt64.self, forKey: .loading),
                pendingReload: try container.decodeIfPresent(VaultReload.self, forKey: .pendingReload),
                sessionStarting: try container.decode(Bool.self, forKey: .sessionStarting),
                syncing: try container.decodeIfPresent(UInt64.self, forKey: .syncing),
                syncAgain: try container.decode(Bool.self, forKey: .syncAgain),
                failedAttempts: try container.decode(Int.self, forKey: .failedAttempts),
                retryWait: try container.decodeIfPresent(UInt64.self, forKey: .retryWait),
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
            try container.encode(lastRequestID, forKey: .lastRequestID)
        }
    }
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
