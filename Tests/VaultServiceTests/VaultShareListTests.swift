import FolioClient
import XCTest

@testable import VaultService

/// The account's list of shares (docs/vault-store.md "Sharing") is replaced as a whole from Folio's lists; a
/// Share action and a sync pass of the same account may replace it at the same moment, on one worker or two.
final class VaultShareListTests: IssuedDocumentTestCase {
    func testConcurrentRefreshesOfAnAccountsSharesReplaceTheListWithoutConflict() async throws {
        let chen = try await signedIn()
        _ = try await issued(to: chen)
        let client = try XCTUnwrap(chen.folioVault(folio))
        let sharing = services.sync.sharing
        try await withThrowingTaskGroup(of: Void.self) { group in
            for _ in 0..<8 { group.addTask { try await sharing.refresh(chen.id, client) } }
            try await group.waitForAll()
        }
        let rows = try await pool.query("SELECT id FROM vault_shares WHERE account_id = \(chen.id)")
        XCTAssertEqual(rows.count, 1, "the one invite Folio lists, once")
    }
}
