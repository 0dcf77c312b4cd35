import Foundation
import Postgres
import TestSupport
import XCTest

/// Helpers shared by the tests that talk to the real PostgreSQL of `TestEnvironment`.
enum TestDatabase {
    static func url() throws -> String { try TestEnvironment.databaseURL() }

    /// A name no other test run uses, so tests can rerun and run side by side.
    static func uniqueName(_ prefix: String) -> String {
        let suffix = UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "").prefix(12)
        return "\(prefix)_\(suffix)"
    }

    /// Runs `body` with a fresh pool and closes the pool afterwards.
    static func withPool<T>(size: Int = 4, _ body: (PostgresPool) async throws -> T) async throws -> T {
        let pool = PostgresPool(url: try url(), size: size)
        do {
            let value = try await body(pool)
            await pool.close()
            return value
        } catch {
            await pool.close()
            throw error
        }
    }

    /// Runs `body` with a pool and a schema of its own, dropped afterwards.
    static func withSchema<T>(
        size: Int = 4, _ body: (PostgresPool, String) async throws -> T
    ) async throws -> T {
        try await withPool(size: size) { pool in
            let schema = uniqueName("pgtest")
            _ = try await pool.execute("CREATE SCHEMA \(unescaped: schema)")
            do {
                let value = try await body(pool, schema)
                _ = try await pool.execute("DROP SCHEMA \(unescaped: schema) CASCADE")
                return value
            } catch {
                _ = try? await pool.execute("DROP SCHEMA \(unescaped: schema) CASCADE")
                throw error
            }
        }
    }

    /// Waits (at most 10 s) until the backend `pid` runs a statement.
    static func waitUntilActive(_ pid: Int32) async throws {
        try await waitUntil("SELECT count(*) = 1 FROM pg_stat_activity WHERE pid = \(pid) AND state = 'active'")
    }

    /// Waits (at most 10 s) until the backend `pid` is gone, so its goodbye is on its client's socket.
    static func waitUntilGone(_ pid: Int32) async throws {
        try await waitUntil("SELECT count(*) = 0 FROM pg_stat_activity WHERE pid = \(pid)")
    }

    private static func waitUntil(_ condition: PostgresQuery) async throws {
        try await withPool(size: 1) { admin in
            for _ in 0..<500 {
                if try await admin.query(condition)[0].decode(Bool.self, 0) { return }
                try await Task.sleep(for: .milliseconds(20))
            }
        }
    }
}

func assertPostgresError<T>(
    _ body: () async throws -> T, file: StaticString = #filePath, line: UInt = #line
) async -> PostgresError? {
    do {
        let value = try await body()
        XCTFail("expected a PostgresError, got \(value)", file: file, line: line)
    } catch let error as PostgresError {
        return error
    } catch {
        XCTFail("expected a PostgresError, got \(error)", file: file, line: line)
    }
    return nil
}

/// Collects notifications in the background so a test can wait for one without hanging forever.
actor NotificationCollector {
    private(set) var received: [PostgresNotification] = []
    private(set) var ended = false

    func start(_ notifications: PostgresNotifications) {
        Task {
            for await notification in notifications { self.append(notification) }
            self.markEnded()
        }
    }

    private func append(_ notification: PostgresNotification) { received.append(notification) }
    private func markEnded() { ended = true }

    /// Waits (bounded, so a broken listener fails the test instead of hanging it) until a
    /// notification matches.
    func first(
        within seconds: Double = 30, where matches: @Sendable (PostgresNotification) -> Bool
    ) async -> PostgresNotification? {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if let match = received.first(where: matches) { return match }
            try? await Task.sleep(for: .milliseconds(20))
        }
        return nil
    }

    /// Waits (bounded) until the sequence has ended.
    func waitForEnd(within seconds: Double = 30) async -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while !ended, Date() < deadline { try? await Task.sleep(for: .milliseconds(20)) }
        return ended
    }
}
