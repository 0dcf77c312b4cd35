import Crypto
import FolioModel
import Postgres
import StoreKit

/// Store snapshots in PostgreSQL. A save never overwrites a newer version, so a slow writer cannot roll a
/// store back; each snapshot names the worker that owns the store, and adoption moves it to the adopting worker.
/// A worker adopts only a store nobody answers for, one adoption at a time per store (`StoreEndpoint.adoptMethod`);
/// it may take again a store it owns but does not host, whose adoption failed half-way (PostgreSQL or the bus
/// went away while the store was rebuilt), or that an earlier process under the same worker id owned.
///
/// With a sealer, the state and pending effects are stored sealed (``SealedSnapshotBody``): a state may hold
/// secrets (a recovery code until it is acknowledged, an inquiry's access token). Snapshots written before
/// sealing still load, and are sealed on their next save or by ``resealAll()``.
public struct PostgresSnapshots: SnapshotPersistence {
    public let database: PostgresPool
    public let service: String
    public let worker: String
    public let sealer: SecretSealer?

    public init(database: PostgresPool, service: String, worker: String, sealer: SecretSealer? = nil) {
        self.database = database
        self.service = service
        self.worker = worker
        self.sealer = sealer
    }

    public func save(_ snapshot: StoreSnapshot) async throws {
        let (state, pending) = try SealedSnapshotBody.columns(
            state: snapshot.state, pendingEffects: snapshot.pendingEffects, storeID: snapshot.storeID, sealer: sealer)
        let dispatchIDs = PostgresJSON(JSONValue.array(snapshot.dispatchIDs.map(JSONValue.string)).jsonString)
        _ = try await database.execute(
            Self.upsert(
                SavedRow(
                    storeID: snapshot.storeID.rawValue, service: service, kind: snapshot.kind, worker: worker,
                    runtimeID: snapshot.runtimeID, version: snapshot.version, state: state, pending: pending,
                    dispatchIDs: dispatchIDs)))
    }

    /// A snapshot's row as `save` writes it, its state and pending effects already sealed.
    public struct SavedRow: Sendable {
        public var storeID, service, kind, worker, runtimeID: String
        public var version: Int64
        public var state, pending, dispatchIDs: PostgresJSON

        public init(
            storeID: String, service: String, kind: String, worker: String, runtimeID: String, version: Int64,
            state: PostgresJSON, pending: PostgresJSON, dispatchIDs: PostgresJSON
        ) {
            self.storeID = storeID
            self.service = service
            self.kind = kind
            self.worker = worker
            self.runtimeID = runtimeID
            self.version = version
            self.state = state
            self.pending = pending
            self.dispatchIDs = dispatchIDs
        }
    }

    /// The statement of `save`, which never overwrites a newer version (the inquiry bench times it alone).
    public static func upsert(_ row: SavedRow) -> PostgresQuery {
        """
        INSERT INTO store_snapshots
            (store_id, service, kind, owner_worker, runtime_id, version, state, pending_effects, dispatch_ids,
             updated_at)
        VALUES (
            \(row.storeID), \(row.service), \(row.kind), \(row.worker), \(row.runtimeID),
            \(row.version), \(row.state), \(row.pending), \(row.dispatchIDs), now())
        ON CONFLICT (store_id) DO UPDATE SET
            version = EXCLUDED.version, state = EXCLUDED.state,
            pending_effects = EXCLUDED.pending_effects, dispatch_ids = EXCLUDED.dispatch_ids, updated_at = now()
        WHERE store_snapshots.version <= EXCLUDED.version
        """
    }

    public func load(_ storeID: StoreID) async throws -> StoreSnapshot? {
        let rows = try await database.query(
            """
            SELECT kind, runtime_id, version, state, pending_effects, dispatch_ids FROM store_snapshots
            WHERE store_id = \(storeID.rawValue) AND service = \(service)
            """)
        return try rows.first.map { try snapshot(storeID, $0) }
    }

    public func owner(of storeID: StoreID) async throws -> String? {
        let rows = try await database.query(
            "SELECT owner_worker FROM store_snapshots WHERE store_id = \(storeID.rawValue) AND service = \(service)")
        return try rows.first.map { try $0.decode(String.self, "owner_worker") }
    }

    /// A compare-and-set on the owner: of two workers that read the same owner, only the first takes the store.
    public func adopt(_ storeID: StoreID, from owner: String) async throws -> StoreSnapshot? {
        let rows = try await database.query(
            """
            UPDATE store_snapshots SET owner_worker = \(worker), updated_at = now()
            WHERE store_id = \(storeID.rawValue) AND service = \(service)
              AND (owner_worker = \(owner) OR owner_worker = \(worker))
            RETURNING kind, runtime_id, version, state, pending_effects, dispatch_ids
            """)
        return try rows.first.map { try snapshot(storeID, $0) }
    }

    public func delete(_ storeID: StoreID) async throws {
        _ = try await database.execute(
            "DELETE FROM store_snapshots WHERE store_id = \(storeID.rawValue) AND service = \(service)")
    }

    /// Deletes the snapshots of every store of a runtime in this service: those of stores no worker hosts too.
    public func deleteAll(runtimeID: String) async throws {
        _ = try await database.execute(
            "DELETE FROM store_snapshots WHERE runtime_id = \(runtimeID) AND service = \(service)")
    }

    private func snapshot(_ storeID: StoreID, _ row: PostgresRow) throws -> StoreSnapshot {
        let (state, pending) = try SealedSnapshotBody.read(
            state: try row.decode(PostgresJSON.self, "state").text,
            pendingEffects: try row.decode(PostgresJSON.self, "pending_effects").text, storeID: storeID, sealer: sealer)
        return StoreSnapshot(
            storeID: storeID, kind: try row.decode(String.self, "kind"),
            runtimeID: try row.decode(String.self, "runtime_id"), version: try row.decode(Int64.self, "version"),
            state: state, pendingEffects: pending,
            dispatchIDs: try row.decode(PostgresJSON.self, "dispatch_ids").decode([String].self))
    }
}

extension PostgresSnapshots {
    /// Seals this service's snapshots that are stored in clear or sealed with a previous key, a page at a time;
    /// a row that changed meanwhile is left to its own save. Rows sealed with a key this service does not have
    /// are not read (they fail when they are loaded). Returns how many rows were sealed again.
    @discardableResult
    public func resealAll(pageSize: Int = 200) async throws -> Int {
        guard let sealer else { return 0 }
        let previous = sealer.previousKeyPatternArray
        var after = ""
        var resealed = 0
        while true {
            let rows = try await database.query(
                """
                SELECT store_id, version, state, pending_effects FROM store_snapshots
                WHERE service = \(service) AND store_id > \(after)
                  AND (NOT (state ? 'sealed') OR coalesce(state->>'sealed', '') LIKE ANY (\(previous)::text[]))
                ORDER BY store_id LIMIT \(pageSize)
                """)
            guard let last = rows.last else { return resealed }
            after = try last.decode(String.self, "store_id")
            for row in rows {
                guard let storeID = StoreID(try row.decode(String.self, "store_id")),
                    let (state, pending) = try? SealedSnapshotBody.read(
                        state: try row.decode(PostgresJSON.self, "state").text,
                        pendingEffects: try row.decode(PostgresJSON.self, "pending_effects").text, storeID: storeID,
                        sealer: sealer)
                else { continue }
                let version = try row.decode(Int64.self, "version")
                let columns = try SealedSnapshotBody.columns(
                    state: state, pendingEffects: pending, storeID: storeID, sealer: sealer)
                resealed += try await database.execute(
                    """
                    UPDATE store_snapshots SET state = \(columns.state), pending_effects = \(columns.pending)
                    WHERE store_id = \(storeID.rawValue) AND version = \(version)
                    """)
            }
        }
    }
}
