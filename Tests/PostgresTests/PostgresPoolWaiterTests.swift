import Foundation
import Postgres
import XCTest

/// Callers that find every connection of the pool leased wait for one; these tests lease the only one.
final class PostgresPoolWaiterTests: XCTestCase {
    func testACallerWaitingForAConnectionGetsTheOneReleased() async throws {
        try await TestDatabase.withPool(size: 1) { pool in
            let held = await holdTheOnlyConnection(of: pool)
            let waiter = Task { try await pool.query("SELECT 7 AS n").first?.decode(Int.self, "n") }
            held.release.finish()
            try await held.holder.value
            let answer = try await waiter.value
            XCTAssertEqual(answer, 7)
        }
    }

    func testACallerCancelledWhileWaitingForAConnectionThrowsAndTheConnectionStillServes() async throws {
        try await TestDatabase.withPool(size: 1) { pool in
            let held = await holdTheOnlyConnection(of: pool)
            let waiter = Task { try await pool.query("SELECT 1") }
            waiter.cancel()
            do {
                _ = try await waiter.value
                XCTFail("a cancelled caller got a connection")
            } catch {
                XCTAssertTrue(error is CancellationError, "\(error)")
            }
            held.release.finish()
            try await held.holder.value
            // Had the cancelled caller been handed the connection, a pool of one would have none left.
            let answer = try await pool.query("SELECT 2 AS n").first?.decode(Int.self, "n")
            XCTAssertEqual(answer, 2)
        }
    }

    func testClosingThePoolFailsTheCallersWaitingForAConnection() async throws {
        let pool = PostgresPool(url: try TestDatabase.url(), size: 1)
        let held = await holdTheOnlyConnection(of: pool)
        let waiter = Task { try await pool.query("SELECT 1") }
        await pool.close()
        let error = await assertPostgresError { try await waiter.value }
        XCTAssertEqual(error?.kind, .poolClosed)
        held.release.finish()
        try await held.holder.value
    }

    /// Leases the pool's only connection until `release` is finished.
    private func holdTheOnlyConnection(
        of pool: PostgresPool
    ) async -> (holder: Task<Void, any Error>, release: AsyncStream<Void>.Continuation) {
        let (gate, release) = AsyncStream<Void>.makeStream()
        let (leased, leasedNow) = AsyncStream<Void>.makeStream()
        let holder = Task {
            try await pool.withConnection { _ in
                leasedNow.yield()
                for await _ in gate {}
            }
        }
        for await _ in leased { break }
        return (holder, release)
    }
}
