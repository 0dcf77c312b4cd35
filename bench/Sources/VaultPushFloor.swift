import FolioClient
import FolioModel
import FolioWire
import Postgres
import VaultService

/// The least a push of the measured vault does, in the same run as the push and the ingest: read the entries'
/// sealed bodies and wrapped keys from PostgreSQL in one statement, send them to Folio's batch route as the
/// VaultService does (cut by `VaultCreateBatches`, four calls in flight, answers without bodies), and record each
/// batch's answers (Folio's id and revision) in one `UPDATE` of a table indexed as `vault_entries` is on those
/// columns. No store, no session-start read of the vault, no opening, no model.
///
/// Each round pushes the same entries again under client ids of its own (`floor<round>_<local id>`) into the
/// pushing account, from rows of its own in `bench_push_floor`.
enum VaultPushFloor {
    /// Copies the account's entries into `bench_push_floor`, once per round, all to be pushed.
    static func prepare(rounds: Int, account: String, _ database: PostgresPool) async throws {
        _ = try await database.execute(
            """
            CREATE TABLE bench_push_floor (
                round int NOT NULL, id text NOT NULL, schema text NOT NULL, version bigint NOT NULL,
                body bytea NOT NULL, record_key bytea NOT NULL, folio_id text, revision bigint,
                dirty boolean NOT NULL DEFAULT true, PRIMARY KEY (round, id))
            """)
        _ = try await database.execute("CREATE UNIQUE INDEX ON bench_push_floor (round, folio_id)")
        _ = try await database.execute(
            """
            INSERT INTO bench_push_floor (round, id, schema, version, body, record_key)
            SELECT r, id, schema, version, body, record_key FROM vault_entries, generate_series(1, \(Int64(rounds))) AS r
            WHERE account_id = \(account)
            """)
        _ = try await database.execute("ANALYZE bench_push_floor")
    }

    /// Pushes round `round`'s entries; answers the time until Folio answered the last batch (the push's measure
    /// too ends when Folio holds every record), its answers recorded before it returns.
    static func run(
        round: Int, folio: FolioVaultClient, organization: String, _ database: PostgresPool
    ) async throws -> Duration {
        let started = ContinuousClock.now
        let rows = try await database.query(
            """
            SELECT id, schema, version, body, record_key FROM bench_push_floor
            WHERE round = \(Int64(round)) AND dirty
            """)
        var items: [(id: String, create: FolioVaultRecordCreate)] = []
        items.reserveCapacity(rows.count)
        for row in rows {
            let id = try row.decode(String.self, "id")
            items.append(
                (
                    id,
                    FolioVaultRecordCreate(
                        schema: FolioSchemaName.qualified(
                            try row.decode(String.self, "schema"), organization: organization),
                        version: UInt32(clamping: try row.decode(Int64.self, "version")),
                        ciphertext: try row.decode([UInt8].self, "body"),
                        wrappedKey: try row.decode([UInt8].self, "record_key"), clientId: "floor\(round)_\(id)")
                ))
        }
        let sizes = items.map { item in
            VaultCreateBatches.size(
                bodyBytes: item.create.ciphertext.bytes.count, keyBytes: item.create.wrappedKey?.bytes.count ?? 0,
                clientID: item.create.clientId ?? "", schema: item.create.schema)
        }
        let batches = VaultCreateBatches.cut(sizes).map { Array(items[$0]) }
        var answered = started
        try await withThrowingTaskGroup(of: Step.self) { group in
            var next = 0
            func send() {
                guard next < batches.count else { return }
                let batch = batches[next]
                next += 1
                group.addTask {
                    let results = try await folio.createRecords(
                        batch.map(\.create), idempotencyKey: "floor-\(round)-\(batch[0].id)", returning: .minimal)
                    return .answered(batch.map(\.id), results)
                }
            }
            for _ in 0..<inFlight { send() }
            var unanswered = batches.count
            while let step = try await group.next() {
                guard case .answered(let ids, let results) = step else { continue }
                unanswered -= 1
                if unanswered == 0 { answered = ContinuousClock.now }
                group.addTask {
                    try await record(round: round, ids: ids, results, database)
                    return .recorded
                }
                send()
            }
        }
        return answered - started
    }

    private static let inFlight = 4

    private enum Step: Sendable {
        case answered([String], [FolioVaultCreateResult])
        case recorded
    }

    /// Folio's id and revision of each created entry, in one statement; a refused create fails the bench.
    private static func record(
        round: Int, ids: [String], _ results: [FolioVaultCreateResult], _ database: PostgresPool
    ) async throws {
        var rows: [JSONValue] = []
        rows.reserveCapacity(ids.count)
        for (id, result) in zip(ids, results) {
            guard let created = result.created else {
                throw BenchError("the floor's create of \(id) was refused: \(result.error?.message ?? "")")
            }
            rows.append(["id": .string(id), "folio_id": .string(created.id), "revision": .int(created.revision)])
        }
        _ = try await database.execute(
            """
            UPDATE bench_push_floor AS e SET folio_id = p.folio_id, revision = p.revision, dirty = false
            FROM jsonb_to_recordset(\(PostgresJSON(JSONValue.array(rows).jsonString)))
                AS p(id text, folio_id text, revision bigint)
            WHERE e.round = \(Int64(round)) AND e.id = p.id
            """)
    }
}
