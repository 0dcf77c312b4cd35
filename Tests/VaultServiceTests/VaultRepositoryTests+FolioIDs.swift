import Crypto
import FolioModel
import Postgres
import VaultService
import WireModel
import XCTest

extension VaultRepositoryTests {
    /// The entry as a push leaves it: Folio's id and revision, clean.
    private func reachedFolio(_ id: String, as folioID: String, _ owner: String) async throws {
        _ = try await pool.execute(
            """
            UPDATE vault_entries SET folio_id = \(folioID), revision = 1, folio_state = 'ACTIVE', dirty = false,
                body_dirty = false
            WHERE account_id = \(owner) AND id = \(id)
            """)
    }

    func testActionsNamingARecordByItsLocalIdAfterItReachedFolioStillFindItAndTheViewShowsFoliosId() async throws {
        let owner = account()
        let local = try await created(.create(record: note), owner)
        let folder = try await created(
            .createFolder(folder: RecordContent(schema: "folder", version: 1, payload: #"{"name":"Travel"}"#)), owner)
        try await reachedFolio(local, as: "rec_local1", owner)
        try await reachedFolio(folder, as: "fld_local1", owner)
        let changed = RecordContent(schema: "note", version: 2, payload: #"{"title":"Pass"}"#)
        for write: VaultWrite in [
            .update(id: local, record: changed), .addToFolder(folderId: folder, recordId: local),
            .removeFromFolder(folderId: folder, recordId: local), .delete(id: local), .restore(id: local),
            .setSettings(id: local, settings: DocumentSettings(favorite: true)),
        ] {
            _ = try await repository.apply(write, account: owner, session: .authenticated)
        }
        let view = try await repository.view(account: owner)
        let record = try XCTUnwrap(view.records.first)
        XCTAssertEqual(record.header.id, "rec_local1", "the view shows Folio's id")
        XCTAssertEqual(record.key, local, "the key stays the id the record was created with")
        XCTAssertEqual(record.json["key"], .string(local))
        XCTAssertEqual(record.payload, changed.payload)
        XCTAssertEqual(record.header.state, .active)
        XCTAssertEqual(record.metadata.settings, DocumentSettings(favorite: true))
        XCTAssertEqual(view.folders.first?.header.id, "fld_local1")
        XCTAssertEqual(view.folders.first?.key, folder, "a folder keeps its key too")
    }

    func testAddToFolderOfAPermanentlyDeletedRecordFailsWithInvalidRequest() async throws {
        let owner = account()
        let record = try await created(.create(record: note), owner)
        let folder = try await created(
            .createFolder(folder: RecordContent(schema: "folder", version: 1, payload: #"{"name":"Travel"}"#)), owner)
        try await reachedFolio(record, as: "rec_purged1", owner)
        try await reachedFolio(folder, as: "fld_purged1", owner)
        _ = try await repository.apply(.delete(id: record), account: owner, session: .authenticated)
        _ = try await repository.apply(.permanentlyDelete(id: record), account: owner, session: .authenticated)
        for id in [record, "rec_purged1"] {
            do {
                _ = try await repository.apply(
                    .addToFolder(folderId: folder, recordId: id), account: owner, session: .authenticated)
                XCTFail("\(id) was permanently deleted")
            } catch {
                XCTAssertEqual(error.wireType, "INVALID_REQUEST", "\(error)")
            }
        }
    }
}
