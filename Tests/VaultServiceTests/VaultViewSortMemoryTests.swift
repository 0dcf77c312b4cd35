import FolioModel
import Postgres
import XCTest

@testable import VaultService

/// A whole vault's read (`VaultViewReader.entriesInOrder`) sorts its rows in memory with the memory its reader
/// sets (`VaultViewReader.sortMemory`), where PostgreSQL's default `work_mem` sorted them on disk.
final class VaultViewSortMemoryTests: IssuedDocumentTestCase {
    /// How PostgreSQL sorted the account's rows for `entriesInOrder` (`quicksort` in memory, `external merge` on
    /// disk), in a transaction as the reader's, with `settings` sent first.
    private func sortMethod(account: String, settings: [PostgresQuery]) async throws -> String? {
        let explain = PostgresQuery(
            stringLiteral: "EXPLAIN (ANALYZE, FORMAT JSON) " + VaultViewReader.entriesInOrder.sql)
        let rows = try await pool.withTransaction { transaction in
            _ = try await transaction.query(
                "SELECT set_config('role', 'folio_vault', true), set_config('folio.account_id', \(account), true)")
            for setting in settings { _ = try await transaction.query(setting) }
            return try await transaction.query(explain)
        }
        let plan = try JSONParser.parse(try XCTUnwrap(rows.first).decode(String.self, 0))
        return Self.find("Sort Method", in: plan)
    }

    private static func find(_ key: String, in value: JSONValue) -> String? {
        if let found = value.objectValue?[key]?.stringValue { return found }
        let children = value.arrayValue ?? value.objectValue.map { $0.map(\.value) } ?? []
        return children.lazy.compactMap { find(key, in: $0) }.first
    }

    func testTheRowsOfTenThousandEntriesOfOneKiBAreSortedInMemoryWhereTheDefaultSortedThemOnDisk() async throws {
        let chen = try await signedIn()
        // Rows written as the superuser (whether their bodies open does not matter to the sort), clean, and
        // removed at the end: other tests share the table and its statistics.
        _ = try await pool.execute(
            """
            INSERT INTO vault_entries (account_id, id, kind, schema, version, state, permission, owner_account_id,
                record_key, body, created_at, dirty)
            SELECT \(chen.id), 'sort_' || n, 'RECORD', 'note', 1, 'ACTIVE', 'OWNER', \(chen.id), '\\x00'::bytea,
                convert_to(repeat(md5(n::text), 32), 'UTF8'), now() - n * interval '1 second', false
            FROM generate_series(1, 10000) AS n
            """)
        let pool = self.pool
        addTeardownBlock { _ = try? await pool.execute("DELETE FROM vault_entries WHERE account_id = \(chen.id)") }

        let withDefault = try await sortMethod(account: chen.id, settings: ["SET LOCAL work_mem = '4MB'"])
        let asRead = try await sortMethod(account: chen.id, settings: [VaultViewReader.sortMemory])

        XCTAssertEqual(withDefault, "external merge")
        XCTAssertEqual(asRead, "quicksort")
    }
}
