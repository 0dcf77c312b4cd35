import FolioModel
import Postgres
import TestSupport
import VaultService
import WireModel
import XCTest

extension VaultRepositoryTests {
    /// Invites stored before permission and status became plain strings held them as `{type}` objects; migration
    /// 0006 rewrites them, so the view reads them in the new spelling.
    func testAnInviteStoredWithTheEarlierObjectSpellingsReadsBackAfterTheMigration() async throws {
        let owner = account()
        let earlier: JSONValue = [
            "id": "inv_earlier", "recordId": "rec_1", "schema": "note", "email": "a@example.org",
            "permission": ["type": "VIEW"], "status": ["type": "PENDING"], "createdAt": 1,
        ]
        _ = try await pool.execute(
            """
            INSERT INTO vault_shares (account_id, id, direction, invite)
            VALUES (\(owner), 'inv_earlier', 'INCOMING', \(PostgresJSON(earlier.jsonString)))
            """)
        let migration = try XCTUnwrap(try VaultService.migrations().first { $0.version == 6 })
        let table = "vault_share_spellings_\(RandomID.base32(count: 8).lowercased())"
        try await Migrator.apply([migration], on: pool, schemaTable: table, lockKey: 6_006)
        _ = try await pool.execute("DROP TABLE \(unescaped: table)")

        let view = try await repository.view(account: owner)
        XCTAssertEqual(
            view.sharing.incoming,
            [
                ShareInvite(
                    id: "inv_earlier", recordId: "rec_1", schema: "note", email: "a@example.org", permission: .view,
                    status: .pending, createdAt: 1)
            ])
        let forced = try await pool.query(
            "SELECT relforcerowsecurity FROM pg_class WHERE relname = 'vault_shares' AND relkind = 'r'")
        XCTAssertEqual(try forced.first?.decode(Bool.self, "relforcerowsecurity"), true, "security is forced again")
    }
}
