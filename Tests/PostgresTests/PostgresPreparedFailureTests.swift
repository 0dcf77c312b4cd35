import Foundation
import Postgres
import XCTest

/// A statement run again on the connection that prepared it fails as a first run does: its error leaves the
/// connection usable, a cancel cancels it, a connection that breaks while it runs is replaced, and one that died
/// while idle is opened again before it runs. Each test runs its statement once first, so that the run it checks
/// executes the prepared statement.
final class PostgresPreparedFailureTests: XCTestCase {
    func testAPreparedStatementsErrorLeavesTheConnectionUsable() async throws {
        try await TestDatabase.withPool(size: 1) { pool in
            let rows = try await pool.query("SELECT 8 / \(4) AS q, pg_backend_pid() AS pid")
            XCTAssertEqual(try rows[0].decode(Int.self, "q"), 2)
            let pid = try rows[0].decode(Int32.self, "pid")
            let error = await assertPostgresError {
                try await pool.query("SELECT 8 / \(0) AS q, pg_backend_pid() AS pid")
            }
            XCTAssertEqual(error?.sqlState, "22012")
            let after = try await pool.query("SELECT 8 / \(8) AS q, pg_backend_pid() AS pid")
            XCTAssertEqual(try after[0].decode(Int.self, "q"), 1)
            XCTAssertEqual(try after[0].decode(Int32.self, "pid"), pid, "the same connection, still usable")
        }
    }

    func testCancellingAPreparedStatementCancelsItAndLeavesTheConnectionUsable() async throws {
        try await TestDatabase.withPool(size: 1) { pool in
            let pid = try await pool.query("SELECT pg_backend_pid(), pg_sleep(\(0.0))")[0].decode(Int32.self, 0)
            let sleeper = Task { try await pool.query("SELECT pg_backend_pid(), pg_sleep(\(60.0))") }
            try await TestDatabase.waitUntilActive(pid)
            sleeper.cancel()
            let error = await assertPostgresError { try await sleeper.value }
            XCTAssertEqual(error?.sqlState, "57014")
            let same = try await pool.query("SELECT pg_backend_pid(), pg_sleep(\(0.0))")[0].decode(Int32.self, 0)
            XCTAssertEqual(same, pid)
        }
    }

    func testAPreparedStatementWhoseConnectionBreaksWhileItRunsThrowsAndTheNextCallGetsAFreshOne() async throws {
        try await TestDatabase.withPool(size: 1) { pool in
            let victim = try await pool.query("SELECT pg_backend_pid(), pg_sleep(\(0.0))")[0].decode(Int32.self, 0)
            let sleeper = Task { try await pool.query("SELECT pg_backend_pid(), pg_sleep(\(60.0))") }
            try await TestDatabase.waitUntilActive(victim)
            try await TestDatabase.withPool(size: 1) { admin in
                _ = try await admin.query("SELECT pg_terminate_backend(\(victim))")
            }
            let error = await assertPostgresError { try await sleeper.value }
            XCTAssertEqual(error?.kind, .connectionFailed)
            let fresh = try await pool.query("SELECT pg_backend_pid(), pg_sleep(\(0.0))")[0].decode(Int32.self, 0)
            XCTAssertNotEqual(fresh, victim)
        }
    }

    func testAConnectionKilledWhileIdleIsReplacedBeforeItsPreparedStatementRuns() async throws {
        try await TestDatabase.withPool(size: 1) { pool in
            let victim = try await pool.query("SELECT pg_backend_pid()")[0].decode(Int32.self, 0)
            try await TestDatabase.withPool(size: 1) { admin in
                _ = try await admin.query("SELECT pg_terminate_backend(\(victim))")
            }
            try await TestDatabase.waitUntilGone(victim)
            let fresh = try await pool.query("SELECT pg_backend_pid()")[0].decode(Int32.self, 0)
            XCTAssertNotEqual(fresh, victim, "no error: the dead connection was opened again first")
        }
    }
}
