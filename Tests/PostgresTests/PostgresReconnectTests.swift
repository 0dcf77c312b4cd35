import Postgres
import TestSupport
import XCTest

final class PostgresReconnectTests: XCTestCase {
    /// Restarts the test PostgreSQL: the same pool and listener keep working afterwards.
    func testPoolAndListenerSurviveAServerRestart() async throws {
        try await TestDatabase.withPool(size: 2) { pool in
            let before = try await pool.query("SELECT 1 AS one")
            XCTAssertEqual(try before.first?.decode(Int.self, "one"), 1)
            let channel = TestDatabase.uniqueName("restart")
            let notifications = try await pool.listen(channel)
            let collector = NotificationCollector()
            await collector.start(notifications)

            try await TestEnvironment.services("stop-pg")
            do {
                let whileDown = await assertPostgresError { try await pool.query("SELECT 1") }
                XCTAssertEqual(whileDown?.kind, .connectionFailed)
                let ready = Task { try await pool.waitUntilReady(timeout: .seconds(120)) }
                try await TestEnvironment.services("start-pg")
                try await ready.value
            } catch {
                try? await TestEnvironment.services("start-pg")
                throw error
            }

            // A call that starts after the server is back succeeds on the same pool.
            let after = try await pool.query("SELECT 2 AS two")
            XCTAssertEqual(try after.first?.decode(Int.self, "two"), 2)
            try await pool.withTransaction { transaction in
                _ = try await transaction.query("SELECT 1")
            }

            // The listener reconnects on its own; notifications sent before it re-LISTENs are
            // lost, so keep sending until one arrives (bounded).
            var delivered: PostgresNotification?
            for attempt in 0..<60 where delivered == nil {
                try await pool.notify(channel: channel, payload: "after restart \(attempt)")
                delivered = await collector.first(within: 1) { $0.payload.hasPrefix("after restart") }
            }
            XCTAssertEqual(delivered?.channel, channel)
            let ended = await collector.ended
            XCTAssertFalse(ended, "the listener must outlive the restart")
        }
    }
}
