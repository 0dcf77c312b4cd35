import FolioModel
import Postgres
import XCTest

@testable import VaultService

/// The counts every read-back of a write carries (pending changes, conflicts) read only the entries they count:
/// a count that scanned vault_entries whole read every account's rows, and each write cost more as the table grew.
extension VaultRepositoryTests {
    func testTheVaultsPendingAndConflictCountsReadOnlyTheEntriesTheyCountThroughPartialIndexes() async throws {
        let database = VaultDatabase(pool: pool, keyEncryptionKey: kek)
        let plan = try await database.withAccount("acct_counts_\(RandomID.base32(count: 8))") { transaction, _ in
            // Whatever the table's size here, a plan that can avoid reading the table does.
            _ = try await transaction.execute("SET LOCAL enable_seqscan = off")
            return try await transaction.query(PostgresQuery(stringLiteral: "EXPLAIN " + VaultViewReader.countsQuery.sql))
                .map { try $0.decode(String.self, "QUERY PLAN") }
        }
        let text = plan.joined(separator: " | ")
        // An index, index-only or bitmap scan, whichever the table's statistics favour ("using X" or "on X"),
        // but of the partial indexes.
        XCTAssertTrue(text.contains("vault_entries_dirty"), text)
        XCTAssertTrue(text.contains("vault_entries_conflict"), text)
        XCTAssertFalse(text.contains("Seq Scan on vault_entries") || text.contains("vault_entries_pkey"), text)
    }
}
