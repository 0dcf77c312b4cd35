import Crypto
import VaultService
import WireModel
import XCTest

/// A write names the entries it changed, and reading only those brings a view where a full read would
/// (docs/vault-store.md, "Reading the view"); an account's data key is remembered only once it is stored.
extension VaultRepositoryTests {
    func testAPatchOfTheEntriesAWriteChangedGivesWhatAFullReadGives() async throws {
        let owner = account()
        let first = try await created(.create(record: note), owner)
        let purged = try await created(.create(record: note), owner)
        let folder = try await created(
            .createFolder(folder: RecordContent(schema: "folder", version: 1, payload: #"{"name":"Travel"}"#)), owner)
        var view = try await repository.view(account: owner)

        func step(_ write: VaultWrite, _ rule: String) async throws {
            let result = try await repository.write(write, account: owner, session: .transient, readingBack: true)
            let ids = try XCTUnwrap(result.changedEntries, "\(rule): the write names its entries")
            let patch = try await repository.entries(ids, account: owner)
            XCTAssertEqual(
                result.patch, patch, "\(rule): the patch read in the write's transaction is the one after it")
            XCTAssertTrue(view.apply(patch), rule)
            let full = try await repository.view(account: owner)
            XCTAssertEqual(view, full, rule)
            XCTAssertEqual(view.recordsJSON, full.records.map(\.json), "\(rule): the records' JSON is kept with them")
            XCTAssertEqual(view.foldersJSON, full.folders.map(\.json), "\(rule): the folders' JSON too")
        }
        for index in 1...3 {
            let content = RecordContent(schema: "note", version: 1, payload: #"{"n":\#(index)}"#)
            try await step(.create(record: content), "a create goes where a full read sorts it")
        }
        try await step(
            .update(id: first, record: RecordContent(schema: "note", version: 2, payload: #"{"title":"Pass"}"#)),
            "an update stays in place")
        try await step(.addToFolder(folderId: folder, recordId: first), "a membership shows on both ends")
        try await step(.setFolderOpen(id: folder, open: true), "a folder opens")
        try await step(.delete(id: first), "a delete")
        try await step(.restore(id: first), "a restore")
        try await step(.setSettings(id: first, settings: DocumentSettings(favorite: true)), "settings")
        XCTAssertEqual(view.records.first?.metadata.folders, [folder])
        XCTAssertEqual(view.folders.first?.metadata.records, [first])

        // A purge also changes the folders that held the entry: it names no entries, and a patch of a purged
        // entry cannot be applied, so the store reads the whole view.
        try await step(.delete(id: purged), "a delete")
        let purge = try await repository.write(
            .permanentlyDelete(id: purged), account: owner, session: .transient, readingBack: true)
        XCTAssertNil(purge.changedEntries)
        XCTAssertNil(purge.patch, "a write that changed more than its entries reads nothing back")
        let patch = try await repository.entries([purged], account: owner)
        XCTAssertEqual(patch.entries.map(\.change), [.missing])
        XCTAssertFalse(view.apply(patch))
    }

    func testAPatchReportsAnEntryThatDoesNotOpenAsUnreadable() async throws {
        let owner = account()
        let id = try await created(.create(record: note), owner)
        var view = try await repository.view(account: owner)
        try await pool.withTransaction { transaction in
            try await transaction.setLocal("folio.account_id", owner)
            _ = try await transaction.execute(
                """
                UPDATE vault_entries SET body = set_byte(body, 30, get_byte(body, 30) # 1)
                WHERE account_id = \(owner) AND id = \(id)
                """)
        }
        let patch = try await repository.entries([id], account: owner)
        XCTAssertTrue(view.apply(patch))
        XCTAssertTrue(view.records.isEmpty)
        XCTAssertEqual(view.unreadable, [id])
        let full = try await repository.view(account: owner)
        XCTAssertEqual(view, full)
    }

    func testADataKeyIsRememberedOnlyOnceItIsStored() async throws {
        let owner = account()
        // The account's first transaction creates its data key; the write is refused, so it rolls back.
        do {
            _ = try await repository.apply(
                .create(record: RecordContent(schema: "digital", version: 1, payload: "{}")), account: owner,
                session: .transient)
            XCTFail("digital is reserved")
        } catch {
            XCTAssertEqual(error.wireType, "UNKNOWN_SCHEMA")
        }
        let id = try await created(.create(record: note), owner)
        // A process started later remembers no keys: it opens the record with the stored key.
        let restarted = VaultRepository(pool: pool, keyEncryptionKey: kek)
        let view = try await restarted.view(account: owner)
        XCTAssertEqual(view.records.map(\.header.id), [id])
        XCTAssertEqual(view.unreadable, [])
    }
}
