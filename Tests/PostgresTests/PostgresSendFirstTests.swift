import XCTest

@testable import Postgres

/// A statement already prepared on a connection is sent from the calling thread, and only its answer is read
/// on the connection's queue: it answers, fails, is cancelled and meets a dead connection as one run wholly on
/// the queue does.
final class PostgresSendFirstTests: XCTestCase {
    func testAPreparedStatementIsSentFromTheCallerAndAnswersWithItsOwnValues() async throws {
        let connection = try await PostgresConnection.connect(url: try TestDatabase.url())
        for value in [1, 2, 3] {
            let rows = try await connection.query("SELECT \(value) * 10 AS n, \("v\(value)") AS s")
            XCTAssertEqual(try rows.first?.decode(Int.self, "n"), value * 10)
            XCTAssertEqual(try rows.first?.decode(String.self, "s"), "v\(value)")
        }
        XCTAssertEqual(connection.sentFirst.current, 2, "the first run prepares the statement on the queue")
        await connection.close()
    }

    func testAServerErrorOfAStatementSentFirstIsThrownAndTheConnectionGoesOn() async throws {
        let connection = try await PostgresConnection.connect(url: try TestDatabase.url())
        let one = try await connection.query("SELECT 10 / \(5)::int AS n")
        XCTAssertEqual(try one.first?.decode(Int.self, "n"), 2)
        let error = await assertPostgresError { try await connection.query("SELECT 10 / \(0)::int AS n") }
        XCTAssertEqual(error?.sqlState, "22012")
        XCTAssertEqual(connection.sentFirst.current, 1)
        let after = try await connection.query("SELECT 10 / \(2)::int AS n")
        XCTAssertEqual(try after.first?.decode(Int.self, "n"), 5)
        XCTAssertFalse(connection.isClosed)
        await connection.close()
    }

    func testCancellingAStatementSentFirstCancelsItOnTheServer() async throws {
        try await TestDatabase.withPool(size: 1) { pool in
            let pid = try await pool.query("SELECT pg_backend_pid()").first?.decode(Int32.self, 0) ?? 0
            _ = try await pool.query("SELECT pg_sleep(\(0.0))")
            let sleeper = Task { try await pool.query("SELECT pg_sleep(\(60.0))") }
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

    func testAnIdleConnectionTheServerEndedIsOpenedAgainBeforeAPreparedStatementRuns() async throws {
        try await TestDatabase.withPool(size: 1) { pool in
            let statement: PostgresQuery = "SELECT pg_backend_pid() AS pid, \(7) AS n"
            let first = try await pool.query(statement).first?.decode(Int32.self, "pid") ?? 0
            try await TestDatabase.withPool(size: 1) { admin in
                _ = try await admin.query("SELECT pg_terminate_backend(\(first))")
                for _ in 0..<500 {
                    let alive = try await admin.query("SELECT count(*) FROM pg_stat_activity WHERE pid = \(first)")
                    if try alive.first?.decode(Int.self, 0) == 0 { break }
                    try await Task.sleep(for: .milliseconds(20))
                }
            }
            let rows = try await pool.query(statement)
            XCTAssertEqual(try rows.first?.decode(Int.self, "n"), 7)
            XCTAssertNotEqual(try rows.first?.decode(Int32.self, "pid"), first, "a new session answered")
        }
    }

    func testAStatementLargerThanTheSendLimitRunsWhollyOnTheQueue() async throws {
        let connection = try await PostgresConnection.connect(url: try TestDatabase.url())
        let large = String(repeating: "x", count: PostgresConnection.maxSendFirstBytes + 1)
        for _ in 0..<2 {
            let rows = try await connection.query("SELECT length(\(large)) AS n")
            XCTAssertEqual(try rows.first?.decode(Int.self, "n"), large.count)
        }
        XCTAssertEqual(connection.sentFirst.current, 0)
        await connection.close()
    }
}
