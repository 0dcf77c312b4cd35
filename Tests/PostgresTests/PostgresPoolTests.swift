import Foundation
import Postgres
import XCTest

final class PostgresPoolTests: XCTestCase {
    /// Eight statements on a pool of four: four of them block inside libpq (waiting on the
    /// server for an advisory lock) until another task, which must keep running meanwhile,
    /// sees them waiting and releases the lock. Were libpq called on the two cooperative threads,
    /// that task could not run, and the statements would fail on `lock_timeout` instead.
    func testBlockingCallsDoNotStallTheCooperativePool() async throws {
        let key = Int64.random(in: 1...Int64(Int32.max))
        try await TestDatabase.withPool(size: 1) { gate in
            _ = try await gate.query("SELECT pg_advisory_lock(\(key))")
            try await TestDatabase.withPool(size: 4) { pool in
                let queries = Task {
                    try await withThrowingTaskGroup(of: Int.self) { group in
                        for index in 0..<8 {
                            group.addTask {
                                try await pool.withTransaction { transaction in
                                    try await transaction.setLocal("lock_timeout", "15s")
                                    _ = try await transaction.query("SELECT pg_advisory_xact_lock_shared(\(key))")
                                    let rows = try await transaction.query("SELECT pg_sleep(0.2), \(index) AS i")
                                    return try rows.first?.decode(Int.self, "i") ?? -1
                                }
                            }
                        }
                        var seen: [Int] = []
                        for try await index in group { seen.append(index) }
                        return seen.sorted()
                    }
                }
                let ticker = Task {
                    var iterations = 0
                    var waiting = 0
                    while waiting < 4, iterations < 3000 {
                        iterations += 1
                        let rows = try await gate.query(
                            """
                            SELECT count(*) FROM pg_locks
                            WHERE locktype = 'advisory' AND NOT granted AND classid = 0 AND objid::bigint = \(key)
                            """)
                        waiting = try rows.first?.decode(Int.self, 0) ?? 0
                        if waiting < 4 { try await Task.sleep(for: .milliseconds(10)) }
                    }
                    _ = try await gate.query("SELECT pg_advisory_unlock(\(key))")
                    return waiting
                }
                let waiting = try await ticker.value
                XCTAssertEqual(waiting, 4, "the ticker ran while four statements were blocked in libpq")
                let indices = try await queries.value
                XCTAssertEqual(indices, Array(0..<8))
            }
        }
    }

    func testPoolNeverOpensMoreThanItsSize() async throws {
        try await TestDatabase.withPool(size: 1) { pool in
            let pids = try await withThrowingTaskGroup(of: Int32.self) { group in
                for _ in 0..<5 {
                    group.addTask {
                        let rows = try await pool.query("SELECT pg_backend_pid(), pg_sleep(0.02)")
                        return try rows.first?.decode(Int32.self, 0) ?? 0
                    }
                }
                var pids: Set<Int32> = []
                for try await pid in group { pids.insert(pid) }
                return pids
            }
            XCTAssertEqual(pids.count, 1)
        }
    }

    func testConnectionBrokenMidQueryThrowsAndTheNextCallGetsAFreshOne() async throws {
        try await TestDatabase.withPool(size: 1) { pool in
            let victim = try await pool.query("SELECT pg_backend_pid()").first?.decode(Int32.self, 0) ?? 0
            let sleeper = Task { try await pool.query("SELECT pg_sleep(60)") }
            try await TestDatabase.withPool(size: 1) { admin in
                // Wait (bounded) until the sleep is running, then kill its backend.
                for _ in 0..<500 {
                    let active = try await admin.query(
                        "SELECT count(*) FROM pg_stat_activity WHERE pid = \(victim) AND state = 'active'")
                    if try active.first?.decode(Int.self, 0) == 1 { break }
                    try await Task.sleep(for: .milliseconds(20))
                }
                _ = try await admin.query("SELECT pg_terminate_backend(\(victim))")
            }
            do {
                _ = try await sleeper.value
                XCTFail("a statement whose connection broke must throw")
            } catch let error as PostgresError {
                XCTAssertEqual(error.kind, .connectionFailed, "\(error)")
            }
            let fresh = try await pool.query("SELECT pg_backend_pid()").first?.decode(Int32.self, 0)
            XCTAssertNotEqual(fresh, victim)
        }
    }

    func testCancellingTheTaskCancelsTheRunningStatement() async throws {
        try await TestDatabase.withPool(size: 1) { pool in
            let pid = try await pool.query("SELECT pg_backend_pid()").first?.decode(Int32.self, 0) ?? 0
            let sleeper = Task { try await pool.query("SELECT pg_sleep(60)") }
            try await TestDatabase.withPool(size: 1) { admin in
                for _ in 0..<500 {
                    let active = try await admin.query(
                        "SELECT count(*) FROM pg_stat_activity WHERE pid = \(pid) AND state = 'active'")
                    if try active.first?.decode(Int.self, 0) == 1 { break }
                    try await Task.sleep(for: .milliseconds(20))
                }
            }
            sleeper.cancel()
            let error = await assertPostgresError { try await sleeper.value }
            XCTAssertEqual(error?.sqlState, "57014")
            let same = try await pool.query("SELECT pg_backend_pid()").first?.decode(Int32.self, 0)
            XCTAssertEqual(same, pid, "a cancelled statement leaves the connection usable")
        }
    }

    func testDirectConnection() async throws {
        let connection = try await PostgresConnection.connect(url: try TestDatabase.url())
        let rows = try await connection.query("SELECT \(41) + 1 AS answer")
        XCTAssertEqual(try rows.first?.decode(Int.self, "answer"), 42)
        XCTAssertFalse(connection.isClosed)
        await connection.close()
        XCTAssertTrue(connection.isClosed)
        let error = await assertPostgresError { try await connection.query("SELECT 1") }
        XCTAssertEqual(error?.kind, .connectionFailed)
    }
}
