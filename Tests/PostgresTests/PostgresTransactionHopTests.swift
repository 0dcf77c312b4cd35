import Foundation
import Postgres
import XCTest

/// A transaction sends `BEGIN` with its first statement, a batch of statements goes in one hop, and a pooled
/// connection is checked in the hop of its first statement: the transaction is still a transaction, and a
/// connection that died while idle is still replaced without the caller noticing.
final class PostgresTransactionHopTests: XCTestCase {
    func testBeginIsSentWithTheFirstStatementSoEveryStatementSeesTheTransactionsStartTime() async throws {
        try await TestDatabase.withPool(size: 1) { pool in
            let times = try await pool.withTransaction { transaction in
                let first = try await transaction.query("SELECT now()::text AS t, txid_current_if_assigned() AS x")
                _ = try await transaction.query("SELECT pg_sleep(0.02)")
                let second = try await transaction.query("SELECT now()::text AS t")
                return [try first[0].decode(String.self, "t"), try second[0].decode(String.self, "t")]
            }
            XCTAssertEqual(times[0], times[1], "now() is the transaction's start: both statements are in one")
            let isolation = try await pool.withTransaction(isolation: .repeatableRead) { transaction in
                try await transaction.query("SELECT current_setting('transaction_isolation') AS level")[0]
                    .decode(String.self, "level")
            }
            XCTAssertEqual(isolation, "repeatable read")
        }
    }

    func testATransactionWhoseFirstStatementFailsRollsBackAndLeavesTheConnectionUsable() async throws {
        try await TestDatabase.withSchema(size: 1) { pool, schema in
            _ = try await pool.execute("CREATE TABLE \(unescaped: schema).things (n int)")
            let pid = try await pool.query("SELECT pg_backend_pid()")[0].decode(Int32.self, 0)
            let error = await assertPostgresError {
                try await pool.withTransaction { transaction in
                    try await transaction.execute("INSERT INTO \(unescaped: schema).things VALUES (1 / 0)")
                }
            }
            XCTAssertEqual(error?.sqlState, "22012")
            let outside = await assertPostgresError { try await pool.execute("SAVEPOINT probe") }
            XCTAssertEqual(outside?.sqlState, "25P01", "the connection is out of the transaction block")
            let same = try await pool.query("SELECT pg_backend_pid()")[0].decode(Int32.self, 0)
            XCTAssertEqual(same, pid)
        }
    }

    func testQueriesRunInOrderInTheTransactionAndTheFirstFailureStopsTheRestAndRollsItBack() async throws {
        try await TestDatabase.withSchema(size: 1) { pool, schema in
            _ = try await pool.execute("CREATE TABLE \(unescaped: schema).things (n int)")
            let results = try await pool.withTransaction { transaction in
                try await transaction.queries([
                    "INSERT INTO \(unescaped: schema).things VALUES (\(1)) RETURNING n",
                    "INSERT INTO \(unescaped: schema).things VALUES (\(2)) RETURNING n",
                    "SELECT count(*) AS c, now()::text = statement_timestamp()::text AS first FROM \(unescaped: schema).things",
                ])
            }
            XCTAssertEqual(results.count, 3)
            XCTAssertEqual(try results[0][0].decode(Int.self, "n"), 1)
            XCTAssertEqual(try results[1][0].decode(Int.self, "n"), 2)
            XCTAssertEqual(try results[2][0].decode(Int.self, "c"), 2, "each statement sees the ones before it")
            XCTAssertEqual(try results[2][0].decode(Bool.self, "first"), false, "the batch ran inside BEGIN")

            let error = await assertPostgresError {
                try await pool.withTransaction { transaction in
                    try await transaction.queries([
                        "INSERT INTO \(unescaped: schema).things VALUES (3)",
                        "SELECT 1 / 0",
                        "INSERT INTO \(unescaped: schema).things VALUES (4)",
                    ])
                }
            }
            XCTAssertEqual(error?.sqlState, "22012")
            let rows = try await pool.query("SELECT count(*) FROM \(unescaped: schema).things")
            XCTAssertEqual(try rows[0].decode(Int.self, 0), 2, "nothing of the failed batch stays")
        }
    }

    func testAConnectionKilledWhileIdleInThePoolIsReplacedTransparently() async throws {
        try await TestDatabase.withPool(size: 1) { pool in
            let victim = try await pool.query("SELECT pg_backend_pid()")[0].decode(Int32.self, 0)
            try await TestDatabase.withPool(size: 1) { admin in
                _ = try await admin.query("SELECT pg_terminate_backend(\(victim))")
                // Bounded wait until the backend is gone, so its goodbye is on the idle socket.
                for _ in 0..<500 {
                    let left = try await admin.query("SELECT count(*) FROM pg_stat_activity WHERE pid = \(victim)")
                    if try left[0].decode(Int.self, 0) == 0 { break }
                    try await Task.sleep(for: .milliseconds(20))
                }
            }
            let fresh = try await pool.withTransaction { transaction in
                try await transaction.query("SELECT pg_backend_pid()")[0].decode(Int32.self, 0)
            }
            XCTAssertNotEqual(fresh, victim)
            let again = try await pool.query("SELECT pg_backend_pid()")[0].decode(Int32.self, 0)
            XCTAssertEqual(again, fresh, "the replacement stays in the pool")
        }
    }

    func testCancellingABatchCancelsItsRunningStatementAndLeavesTheConnectionUsable() async throws {
        try await TestDatabase.withPool(size: 1) { pool in
            let pid = try await pool.query("SELECT pg_backend_pid()")[0].decode(Int32.self, 0)
            let sleeper = Task {
                try await pool.withTransaction { transaction in
                    try await transaction.queries(["SELECT 1", "SELECT pg_sleep(60)", "SELECT 2"])
                }
            }
            try await TestDatabase.withPool(size: 1) { admin in
                for _ in 0..<500 {
                    let active = try await admin.query(
                        "SELECT count(*) FROM pg_stat_activity WHERE pid = \(pid) AND state = 'active'")
                    if try active[0].decode(Int.self, 0) == 1 { break }
                    try await Task.sleep(for: .milliseconds(20))
                }
            }
            sleeper.cancel()
            let error = await assertPostgresError { try await sleeper.value }
            XCTAssertEqual(error?.sqlState, "57014")
            let same = try await pool.query("SELECT pg_backend_pid()")[0].decode(Int32.self, 0)
            XCTAssertEqual(same, pid, "a cancelled batch leaves the connection usable")
        }
    }

    func testABatchWhoseConnectionBreaksThrowsConnectionFailedAndTheNextCallGetsAFreshOne() async throws {
        try await TestDatabase.withPool(size: 1) { pool in
            let victim = try await pool.query("SELECT pg_backend_pid()")[0].decode(Int32.self, 0)
            let error = await assertPostgresError {
                try await pool.withTransaction { transaction in
                    try await transaction.queries(["SELECT pg_terminate_backend(pg_backend_pid())", "SELECT 1"])
                }
            }
            XCTAssertEqual(error?.kind, .connectionFailed)
            let fresh = try await pool.query("SELECT pg_backend_pid()")[0].decode(Int32.self, 0)
            XCTAssertNotEqual(fresh, victim)
        }
    }

    func testABatchLargerThanOnePipelineStillRunsInOrder() async throws {
        try await TestDatabase.withSchema(size: 1) { pool, schema in
            _ = try await pool.execute("CREATE TABLE \(unescaped: schema).blobs (b text)")
            let big = String(repeating: "x", count: 40_000)
            let results = try await pool.withTransaction { transaction in
                try await transaction.queries([
                    "INSERT INTO \(unescaped: schema).blobs VALUES (\(big))",
                    "INSERT INTO \(unescaped: schema).blobs VALUES (\(big))",
                    "SELECT sum(length(b))::bigint AS total FROM \(unescaped: schema).blobs",
                ])
            }
            XCTAssertEqual(try results[2][0].decode(Int64.self, "total"), 80_000)
        }
    }

    func testADeferredStatementGoesFirstWithTheNextCallAndHandsItsRowsOverBeforeThatCallReturns() async throws {
        try await TestDatabase.withPool(size: 1) { pool in
            let seen = try await pool.withTransaction { transaction in
                let handed = DeferredRows()
                transaction.deferred("SELECT set_config('folio.probe', \("deferred"), true) AS v") { rows in
                    handed.value = try rows.first?.decode(String.self, "v")
                }
                XCTAssertNil(handed.value, "nothing is sent before the next call")
                let rows = try await transaction.query("SELECT current_setting('folio.probe', true) AS v")
                XCTAssertEqual(handed.value, "deferred")
                return try rows[0].decode(String?.self, "v")
            }
            XCTAssertEqual(seen, "deferred", "the deferred statement ran before the call's own, in the transaction")
            let after = try await pool.query("SELECT current_setting('folio.probe', true) AS v")
            XCTAssertNotEqual(try after[0].decode(String?.self, "v"), "deferred", "it was local to the transaction")
        }
    }
}

private final class DeferredRows: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: String?
    var value: String? {
        get { lock.withLock { stored } }
        set { lock.withLock { stored = newValue } }
    }
}
