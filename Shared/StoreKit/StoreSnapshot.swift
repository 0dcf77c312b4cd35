import FolioModel

/// What a store writes before its effects leave the process (DESIGN §5): the state, its version and the
/// effects not yet finished, so another worker can adopt the store and run them again.
public struct StoreSnapshot: Sendable, Hashable, Codable {
    public var storeID: StoreID
    /// Which kind of store this is (`example`, `inquiry`…), so an adopting worker knows how to rebuild it.
    public var kind: String
    public var runtimeID: String
    public var version: Int64
    public var state: JSONValue
    public var pendingEffects: [JSONValue]
    /// The client's keys of the last dispatched actions the state holds (`StoreDispatchIDs`).
    public var dispatchIDs: [String]

    public init(
        storeID: StoreID, kind: String, runtimeID: String, version: Int64, state: JSONValue,
        pendingEffects: [JSONValue],
        dispatchIDs: [String] = []
    ) {
        self.storeID = storeID
        self.kind = kind
        self.runtimeID = runtimeID
        self.version = version
        self.state = state
        self.pendingEffects = pendingEffects
        self.dispatchIDs = dispatchIDs
    }
}

/// The keys a client may give its dispatched actions (`store.dispatch`'s `dispatchId`), so that an action it
/// sends again after a lost answer is not applied twice.
public enum StoreDispatchIDs {
    /// How many of the last keys a store keeps: a client sends an action again right after the answer was lost.
    public static let kept = 8
    /// The longest key.
    public static let maxLength = 128
}

/// Where snapshots go: PostgreSQL in services, memory in tests.
public protocol SnapshotPersistence: Sendable {
    func save(_ snapshot: StoreSnapshot) async throws
    func load(_ storeID: StoreID) async throws -> StoreSnapshot?
    func delete(_ storeID: StoreID) async throws
    /// The worker the snapshot's store belongs to; nil when there is no snapshot.
    func owner(of storeID: StoreID) async throws -> String?
    /// Loads a snapshot and takes it over for this worker, if `owner` (read before with `owner(of:)`) or this
    /// worker still holds it; nil when there is none, or when another worker took it over in between.
    func adopt(_ storeID: StoreID, from owner: String) async throws -> StoreSnapshot?
}

/// Snapshots in memory, for tests and for stores that need no durability.
public actor InMemorySnapshots: SnapshotPersistence {
    private var snapshots: [StoreID: StoreSnapshot] = [:]
    public private(set) var saveCount = 0

    public init() {}

    public func save(_ snapshot: StoreSnapshot) async throws {
        saveCount += 1
        if let existing = snapshots[snapshot.storeID], existing.version > snapshot.version { return }
        snapshots[snapshot.storeID] = snapshot
    }

    public func load(_ storeID: StoreID) async throws -> StoreSnapshot? { snapshots[storeID] }

    public func delete(_ storeID: StoreID) async throws { snapshots[storeID] = nil }

    /// One process holds them all.
    public func owner(of storeID: StoreID) async throws -> String? { snapshots[storeID] == nil ? nil : "memory" }

    public func adopt(_ storeID: StoreID, from owner: String) async throws -> StoreSnapshot? { snapshots[storeID] }
}
