import CPostgres
import FolioModel
import Foundation
import Postgres
import ServiceKit
import Synchronization

/// The floor of `bench/run inquiry`: a dispatch is answered once its snapshot is stored, so no exchange can take
/// less than the bus's round trips plus that write. This times the write alone: the statement of
/// `PostgresSnapshots.save`, prepared once, with a copy of a real store's sealed row under an id of its own (a
/// version higher at every run, so each one updates the row), back to back over one libpq connection by a
/// thread of its own, blocking: libpq called directly with the parameters as `EncodedStatement` lays them out for
/// the pool too, and no pool, no hand-off between threads, no sealing. `write()` makes one such write from the
/// caller's thread, for the responder that stores before it answers (`InquiryCannedResponder`).
final class SnapshotWriteFloor: @unchecked Sendable {
    // Used under `row`'s lock only, by one thread at a time.
    private let connection: OpaquePointer
    private let row: Mutex<PostgresSnapshots.SavedRow>
    private let storeID: String
    private static let statementName = "bench_snapshot_floor"

    /// Connects and copies the snapshot row of `storeID` (a store the worker has written).
    init(databaseURL: String, copying storeID: String) throws {
        guard let connection = PQconnectdb(databaseURL) else { throw BenchError("PQconnectdb returned nothing") }
        guard PQstatus(connection) == CONNECTION_OK else {
            let message = String(cString: PQerrorMessage(connection))
            PQfinish(connection)
            throw BenchError("connect to PostgreSQL: \(message)")
        }
        self.connection = connection
        let source: [String]
        do {
            source = try Self.query(
                connection,
                """
                SELECT kind, runtime_id, state::text, pending_effects::text, dispatch_ids::text
                FROM store_snapshots WHERE store_id = \(storeID)
                """)
        } catch {
            PQfinish(connection)
            throw error
        }
        guard source.count == 5 else {
            PQfinish(connection)
            throw BenchError("store \(storeID) has no snapshot to copy")
        }
        let row = PostgresSnapshots.SavedRow(
            storeID: "bench-floor-" + RandomID.base32(count: 10), service: "bench", kind: source[0],
            worker: "bench", runtimeID: source[1], version: 0, state: PostgresJSON(source[2]),
            pending: PostgresJSON(source[3]), dispatchIDs: PostgresJSON(source[4]))
        self.row = Mutex(row)
        self.storeID = row.storeID
        let statement = try EncodedStatement(PostgresSnapshots.upsert(row))
        let prepared = PQprepare(connection, Self.statementName, statement.sql, statement.count, statement.types)
        defer { PQclear(prepared) }
        // Initialized by now: a throw runs `deinit`, which closes the connection.
        guard PQresultStatus(prepared) == PGRES_COMMAND_OK else {
            throw BenchError("prepare the snapshot's statement: \(String(cString: PQresultErrorMessage(prepared)))")
        }
    }

    deinit {
        _ = try? Self.query(connection, "DELETE FROM store_snapshots WHERE store_id = \(storeID)")
        PQfinish(connection)
    }

    /// The statement run back to back for `seconds`: how many ran and their total time.
    func run(seconds: Double) async throws -> (count: Int, total: Duration) {
        try await withCheckedThrowingContinuation { continuation in
            Thread { continuation.resume(with: Result { try self.runBlocking(seconds: seconds) }) }.start()
        }
    }

    private func runBlocking(seconds: Double) throws -> (count: Int, total: Duration) {
        let clock = ContinuousClock()
        let end = clock.now + .milliseconds(Int(seconds * 1000))
        var count = 0
        var total = Duration.zero
        while clock.now < end {
            total += try write()
            count += 1
        }
        return (count, total)
    }

    /// One write of the row, a version higher than the last, from the caller's thread; returns how long the
    /// statement took.
    @discardableResult
    func write() throws -> Duration {
        try row.withLock { row in
            row.version += 1
            let statement = try EncodedStatement(PostgresSnapshots.upsert(row))
            let clock = ContinuousClock()
            let started = clock.now
            try execute(statement)
            return clock.now - started
        }
    }

    private func execute(_ statement: EncodedStatement) throws {
        let result =
            statement.withValues { values in
                PQexecPrepared(
                    connection, Self.statementName, statement.count, values, statement.lengths, statement.formats, 0)
            } ?? nil
        defer { PQclear(result) }
        guard PQresultStatus(result) == PGRES_COMMAND_OK else {
            throw BenchError("the snapshot's statement failed: \(String(cString: PQresultErrorMessage(result)))")
        }
    }

    /// A query's first row, each value as text (empty when there is none).
    private static func query(_ connection: OpaquePointer, _ query: PostgresQuery) throws -> [String] {
        let statement = try EncodedStatement(query)
        let result =
            statement.withValues { values in
                PQexecParams(
                    connection, statement.sql, statement.count, statement.types, values, statement.lengths,
                    statement.formats, 0)
            } ?? nil
        defer { PQclear(result) }
        let status = PQresultStatus(result)
        guard status == PGRES_TUPLES_OK || status == PGRES_COMMAND_OK else {
            throw BenchError("\(statement.sql): \(String(cString: PQresultErrorMessage(result)))")
        }
        guard PQntuples(result) > 0 else { return [] }
        return (0..<PQnfields(result)).map { String(cString: PQgetvalue(result, 0, $0)) }
    }
}
