import FolioClient
import FolioModel
import WireModel
import XCTest

@testable import VaultService

/// A fetch says whether it changed the vault: the watch of Folio's changes announces only such a fetch, since a
/// change Folio reports is most often the account's own push, which the vault holds already.
final class VaultFetchOutcomeTests: IssuedDocumentTestCase {
    func testAFetchOfTheAccountsOwnPushesChangesNothingAndOneOfAChangeMadeAtFolioChangesTheVault() async throws {
        let chen = try await signedIn()
        for index in 0..<3 {
            let note = RecordContent(schema: "note", version: 1, payload: #"{"n":\#(index)}"#)
            _ = try await services.repository.apply(.create(record: note), account: chen.id, session: .authenticated)
        }
        let pass = await services.sync.pass(chen)
        XCTAssertNil(pass.error)
        XCTAssertEqual(pass.recordFailures, 0)

        // A watch whose long poll began before the pass: the feed from its start reports the pushes back.
        try await services.sync.store.database.withAccount(chen.id) { transaction, _ in
            _ = try await transaction.execute("UPDATE vault_sync SET cursor = NULL")
        }
        let echo = await services.sync.fetchOnly(chen)
        XCTAssertEqual(echo, VaultSync.FetchOutcome(failures: 0, changedVault: false))

        // Another device deletes a record at Folio.
        let view = try await services.repository.view(account: chen.id)
        let record = try XCTUnwrap(view.records.first)
        let client = folio.vault(sessionId: try XCTUnwrap(chen.folioSessionID))
        _ = try await client.deleteRecord(
            id: record.header.id, baseRevision: Int64(try XCTUnwrap(record.header.sync.revision)),
            idempotencyKey: "fetch-outcome-\(RandomID.base32(count: 8))")
        let change = await services.sync.fetchOnly(chen)
        XCTAssertEqual(change, VaultSync.FetchOutcome(failures: 0, changedVault: true))
        let after = try await services.repository.view(account: chen.id)
        XCTAssertEqual(after.records.first { $0.header.id == record.header.id }?.header.state, .deleted)
    }
}
