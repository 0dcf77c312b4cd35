import FolioModel
import Postgres
import StoreKit

/// Store snapshots in PostgreSQL. A save never overwrites a newer version, so a slow writer cannot
/// roll a store back.
public struct PostgresSnapshots: SnapshotPersistence {
    public let database: PostgresPool
    public let service: String

    public init(database: PostgresPool, service: String) {
        self.database = database
        self.service = service
    }

    public func save(_ snapshot: StoreSnapshot) async throws {
        let state = PostgresJSON(snapshot.state.jsonString)
        let pending = PostgresJSON(JSONValue.array(snapshot.pendingEffects).jsonString)
        _ = try await database.execute(
            """
            INSERT INTO store_snapshots (store_id, service, runtime_id, version, state, pending_effects, updated_at)
            VALUES (\(snapshot.storeID.rawValue), \(service), \(snapshot.runtimeID), \(snapshot.version), \(state), \(pending), now())
            ON CONFLICT (store_id) DO UPDATE SET
                version = EXCLUDED.version, state = EXCLUDED.state,
                pending_effects = EXCLUDED.pending_effects, updated_at = now()
            WHERE store_snapshots.version <= EXCLUDED.version
            """)
    }

    public func load(_ storeID: StoreID) async throws -> StoreSnapshot? {
        let rows = try await database.query(
            "SELECT runtime_id, version, state, pending_effects FROM store_snapshots WHERE store_id = \(storeID.rawValue)")
        guard let row = rows.first else { return nil }
        let state = try JSONParser.parse(try row.decode(PostgresJSON.self, "state").text, maxDepth: 512)
        let pending = try JSONParser.parse(try row.decode(PostgresJSON.self, "pending_effects").text, maxDepth: 512)
        return StoreSnapshot(
            storeID: storeID, runtimeID: try row.decode(String.self, "runtime_id"),
            version: try row.decode(Int64.self, "version"), state: state, pendingEffects: pending.arrayValue ?? [])
    }

    public func delete(_ storeID: StoreID) async throws {
        _ = try await database.execute("DELETE FROM store_snapshots WHERE store_id = \(storeID.rawValue)")
    }
}
