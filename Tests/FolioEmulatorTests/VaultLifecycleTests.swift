import FolioClient
import FolioEmulator
import FolioModel
import XCTest

/// Lifecycle: ACTIVE → DELETED → ACTIVE, DELETED → PURGED, one step at a time.
final class VaultLifecycleTests: VaultTestCase {
    func testDeleteRestoreAndPurgeMoveOneStepEach() async throws {
        let harness = try await startEmulator()
        let chen = try await user(harness, Self.chen)
        let note = try await createNote(chen)
        try await harness.admin.advanceClock(seconds: 10)
        let deleted = try await chen.vault.deleteRecord(id: note.id, baseRevision: 1, idempotencyKey: key())
        XCTAssertEqual(deleted.state, .deleted)
        XCTAssertEqual(deleted.revision, 2)
        XCTAssertEqual(deleted.deletedAt, EmulatorClock.defaultTestInstant + 10)
        XCTAssertEqual(deleted.ciphertext, note.ciphertext, "a deleted record keeps its body")
        let restored = try await chen.vault.restoreRecord(id: note.id, baseRevision: 2, idempotencyKey: key())
        XCTAssertEqual(restored.state, .active)
        XCTAssertEqual(restored.revision, 3)
        XCTAssertNil(restored.deletedAt)
        _ = try await chen.vault.deleteRecord(id: note.id, baseRevision: 3, idempotencyKey: key())
        let purged = try await chen.vault.purgeRecord(id: note.id, baseRevision: 4, idempotencyKey: key())
        XCTAssertEqual(purged.state, .purged)
        XCTAssertEqual(purged.revision, 5)
        XCTAssertNil(purged.ciphertext)
        XCTAssertNil(purged.wrappedKey)
        XCTAssertEqual(purged.purgedAt, EmulatorClock.defaultTestInstant + 10)
    }

    func testAnyOtherMoveIsAnInvalidTransition() async throws {
        let harness = try await startEmulator()
        let chen = try await user(harness, Self.chen)
        let note = try await createNote(chen)
        let purgeActive = await vaultError { () async throws(FolioVaultError) in
            try await chen.vault.purgeRecord(id: note.id, baseRevision: 1, idempotencyKey: self.key())
        }
        XCTAssertEqual(purgeActive?.code, .invalidTransition)
        XCTAssertEqual(purgeActive?.status, 409)
        XCTAssertEqual(purgeActive?.failure?.currentRecord?.state, .active)
        let restoreActive = await vaultError { () async throws(FolioVaultError) in
            try await chen.vault.restoreRecord(id: note.id, baseRevision: 1, idempotencyKey: self.key())
        }
        XCTAssertEqual(restoreActive?.code, .invalidTransition)
        _ = try await chen.vault.deleteRecord(id: note.id, baseRevision: 1, idempotencyKey: key())
        let deleteDeleted = await vaultError { () async throws(FolioVaultError) in
            try await chen.vault.deleteRecord(id: note.id, baseRevision: 2, idempotencyKey: self.key())
        }
        XCTAssertEqual(deleteDeleted?.code, .invalidTransition)
        let updateDeleted = await vaultError { () async throws(FolioVaultError) in
            try await chen.vault.updateRecord(
                id: note.id, FolioVaultRecordUpdate(baseRevision: 2, schema: "note", version: 1, ciphertext: [9]),
                idempotencyKey: self.key())
        }
        XCTAssertEqual(updateDeleted?.code, .recordNotActive)
        let stored = try await chen.vault.record(id: note.id)
        XCTAssertEqual(stored.revision, 2, "refused moves changed nothing")
    }

    func testAPurgedRecordIsATombstoneThatRefusesEverything() async throws {
        let harness = try await startEmulator()
        let chen = try await user(harness, Self.chen)
        let note = try await createNote(chen)
        let folder = try await createFolder(chen)
        _ = try await chen.vault.addToFolder(folderId: folder.id, recordId: note.id, idempotencyKey: key())
        _ = try await chen.vault.setSettings(
            recordId: note.id, baseRevision: 0, ciphertext: [1, 2], idempotencyKey: key())
        _ = try await chen.vault.uploadAttachment(recordId: note.id, bytes: [1, 2, 3], idempotencyKey: key())
        let start = try await chen.vault.changes()
        _ = try await chen.vault.deleteRecord(id: note.id, baseRevision: 1, idempotencyKey: key())
        _ = try await chen.vault.purgeRecord(id: note.id, baseRevision: 2, idempotencyKey: key())

        let read = await vaultError { () async throws(FolioVaultError) in try await chen.vault.record(id: note.id) }
        XCTAssertEqual(read?.code, .recordPurged)
        XCTAssertEqual(read?.status, 410)
        let settings = await vaultError { () async throws(FolioVaultError) in
            try await chen.vault.setSettings(
                recordId: note.id, baseRevision: 1, ciphertext: [3], idempotencyKey: self.key())
        }
        XCTAssertEqual(settings?.code, .recordPurged)
        let member = await vaultError { () async throws(FolioVaultError) in
            try await chen.vault.addToFolder(folderId: folder.id, recordId: note.id, idempotencyKey: self.key())
        }
        XCTAssertEqual(member?.code, .recordPurged)

        let stored = try await harness.admin.storedVaultRecord(id: note.id)
        XCTAssertNil(stored["ciphertext"])
        XCTAssertNil(stored["wrappedKey"])
        XCTAssertEqual(stored["settings"], [:])
        XCTAssertEqual(stored["attachments"], [])
        let emptied = try await chen.vault.record(id: folder.id)
        XCTAssertEqual(emptied.records, [], "a purged record leaves its folders")
        let account = try await harness.admin.vaultAccount(id: chen.accountId)
        XCTAssertEqual(account.records, 0)
        XCTAssertEqual(account.purged, 1)
        XCTAssertEqual(account.attachments, 0)

        let changes = try await chen.vault.changes(cursor: start.nextCursor)
        let tombstone = try XCTUnwrap(changes.records.first { $0.id == note.id })
        XCTAssertEqual(tombstone.state, .purged)
        XCTAssertTrue(changes.records.contains { $0.id == folder.id && $0.records == [] })
        let list = try await chen.vault.records()
        XCTAssertEqual(list.items.map(\.id), [folder.id], "the list leaves purged records out")
    }

    func testOnlyTheOwnerMovesARecord() async throws {
        let harness = try await startEmulator()
        let chen = try await user(harness, Self.chen)
        let dana = try await user(harness, Self.dana)
        try await publishKeys(chen)
        try await publishKeys(dana)
        let note = try await createNote(chen)
        let share = try await invite(chen, dana, note)
        _ = try await dana.vault.acceptShare(id: share.id, idempotencyKey: key())
        let delete = await vaultError { () async throws(FolioVaultError) in
            try await dana.vault.deleteRecord(id: note.id, baseRevision: 1, idempotencyKey: self.key())
        }
        XCTAssertEqual(delete?.code, .permissionDenied)
        XCTAssertEqual(delete?.status, 403)
        let update = await vaultError { () async throws(FolioVaultError) in
            try await dana.vault.updateRecord(
                id: note.id, FolioVaultRecordUpdate(baseRevision: 1, schema: "note", version: 1, ciphertext: [1]),
                idempotencyKey: self.key())
        }
        XCTAssertEqual(update?.code, .permissionDenied)
    }
}
