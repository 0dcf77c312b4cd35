import DocumentReceiver
import Foundation
import Postgres
import ServiceKit
import TestSupport

/// The delivery journal on the test run's PostgreSQL, migrated as the DocumentReceiver migrates it. Each test
/// names accounts of its own and removes their rows afterwards, so tests rerun, and the end-to-end tests that
/// share the database find only the deliveries of their own stack.
enum DeliveryJournalDatabase {
    /// The prefix of every account these tests name.
    static let prefix = "acct_journal_"

    /// Runs `body` with a pool of the migrated database; the rows of the tests' accounts are removed and the pool
    /// closed afterwards.
    static func withPool<T>(_ body: (PostgresPool) async throws -> T) async throws -> T {
        let pool = PostgresPool(url: try TestEnvironment.databaseURL(), size: 4)
        do {
            try await Migrator.apply(
                try DocumentReceiver.migrations(), on: pool, schemaTable: "\(DocumentReceiver.name)_schema_migrations",
                lockKey: advisoryLockKey(DocumentReceiver.name))
            let value = try await body(pool)
            try await clean(pool)
            await pool.close()
            return value
        } catch {
            try? await clean(pool)
            await pool.close()
            throw error
        }
    }

    private static func clean(_ pool: PostgresPool) async throws {
        _ = try await pool.execute("DELETE FROM document_deliveries WHERE account_id LIKE \(prefix + "%")")
    }

    /// An account id no other test uses.
    static func account() -> String {
        prefix + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "").prefix(12)
    }

    /// The stage and record of a delivery as the journal holds it.
    static func row(_ pool: PostgresPool, account: String, invite: String) async throws -> (String, String?)? {
        let rows = try await pool.query(
            "SELECT stage, record_id FROM document_deliveries WHERE account_id = \(account) AND invite_id = \(invite)")
        guard let row = rows.first else { return nil }
        return (try row.decode(String.self, "stage"), try row.decode(String?.self, "record_id"))
    }
}
