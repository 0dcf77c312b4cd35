import FolioModel
import Postgres
import StoreKit

/// Store snapshots in PostgreSQL. A save never overwrites a newer version, so a slow writer cannot roll a
/// store back; each snapshot names the worker that owns the store, and adoption moves it with a
/// compare-and-set, so only one worker takes a store over.
public struct PostgresSnapshots: SnapshotPersistence {
    public let database: PostgresPool
    public let service: String
    public let worker: String

    public init(database: PostgresPool, service: String, worker: String) {
        self.database = database
        self.service = service
        self.worker = worker
    }

    public func save(_ snapshot: StoreSnapshot) async throws {
        let state = PostgresJSON(snapshot.state.jsonString)
        let pending = PostgresJSON(JSONValue.array(snapshot.pendingEffects).jsonString)
        _ = try await database.execute(
            """
            INSERT INTO store_snapshots
                (store_id, service, kind, owner_worker, runtime_id, version, state, pending_effects, updated_at)
            VALUES (
                \(snapshot.storeID.rawValue), \(service), \(snapshot.kind), \(worker), \(snapshot.runtimeID),
                \(snapshot.version), \(state), \(pending), now())
            ON CONFLICT (store_id) DO UPDATE SET
                version = EXCLUDED.version, state = EXCLUDED.state,
                pending_effects = EXCLUDED.pending_effects, updated_at = now()
            WHERE store_snapshots.version <= EXCLUDED.version
            """)
    }

    public func load(_ storeID: StoreID) async throws -> StoreSnapshot? {
        let rows = try await database.query(
            """
            SELECT kind, runtime_id, version, state, pending_effects FROM store_snapshots
            WHERE store_id = \(storeID.rawValue) AND service = \(service)
            """)
        return try rows.first.map { try Self.snapshot(storeID, $0) }
    }

    public func adopt(_ storeID: StoreID) async throws -> StoreSnapshot? {
        let rows = try await database.query(
            """
            UPDATE store_snapshots AS taken SET owner_worker = \(worker), updated_at = now()
            FROM (SELECT store_id, owner_worker FROM store_snapshots
                  WHERE store_id = \(storeID.rawValue) AND service = \(service) FOR UPDATE) AS previous
            WHERE taken.store_id = previous.store_id AND previous.owner_worker IS DISTINCT FROM \(worker)
            RETURNING taken.kind, taken.runtime_id, taken.version, taken.state, taken.pending_effects
            """)
        return try rows.first.map { try Self.snapshot(storeID, $0) }
    }

    public func delete(_ storeID: StoreID) async throws {
        _ = try await database.execute(
            "DELETE FROM store_snapshots WHERE store_id = \(storeID.rawValue) AND service = \(service)")
    }

    private static func snapshot(_ storeID: StoreID, _ row: PostgresRow) throws -> StoreSnapshot {
        let state = try JSONParser.parse(try row.decode(PostgresJSON.self, "state").text, maxDepth: 512)
        let pending = try JSONParser.parse(try row.decode(PostgresJSON.self, "pending_effects").text, maxDepth: 512)
        return StoreSnapshot(
            storeID: storeID, kind: try row.decode(String.self, "kind"),
            runtimeID: try row.decode(String.self, "runtime_id"), version: try row.decode(Int64.self, "version"),
            state: state, pendingEffects: pending.arrayValue ?? [])
    }
}
