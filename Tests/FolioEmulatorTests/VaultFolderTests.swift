import FolioClient
import FolioEmulator
import FolioModel
import XCTest

/// Folders: membership of known records only, no cycles, settings per account.
final class VaultFolderTests: VaultTestCase {
    func testMembershipShowsOnTheFolderAndTheRecord() async throws {
        let harness = try await startEmulator()
        let chen = try await user(harness, Self.chen)
        let folder = try await createFolder(chen)
        let first = try await createNote(chen, "one")
        let second = try await createNote(chen, "two")
        _ = try await chen.vault.addToFolder(folderId: folder.id, recordId: second.id, idempotencyKey: key())
        let both = try await chen.vault.addToFolder(folderId: folder.id, recordId: first.id, idempotencyKey: key())
        XCTAssertEqual(both.records, [second.id, first.id])
        XCTAssertEqual(both.revision, 1, "membership does not change revisions")
        let again = try await chen.vault.addToFolder(folderId: folder.id, recordId: first.id, idempotencyKey: key())
        XCTAssertEqual(again, both)
        let member = try await chen.vault.record(id: first.id)
        XCTAssertEqual(member.folders, [folder.id])
        XCTAssertEqual(member.revision, 1)

        let removed = try await chen.vault.removeFromFolder(
            folderId: folder.id, recordId: second.id, idempotencyKey: key())
        XCTAssertEqual(removed.records, [first.id])
        let notIn = try await chen.vault.removeFromFolder(
            folderId: folder.id, recordId: second.id, idempotencyKey: key())
        XCTAssertEqual(notIn, removed)
        let outside = try await chen.vault.record(id: second.id)
        XCTAssertEqual(outside.folders, [])
    }

    func testAddingToAFolderOrARecordFolioDoesNotKnowIsRefused() async throws {
        let harness = try await startEmulator()
        let chen = try await user(harness, Self.chen)
        let dana = try await user(harness, Self.dana)
        let folder = try await createFolder(chen)
        let note = try await createNote(chen)
        let unknownFolder = await vaultError { () async throws(FolioVaultError) in
            try await chen.vault.addToFolder(folderId: "F_not_synced", recordId: note.id, idempotencyKey: self.key())
        }
        XCTAssertEqual(unknownFolder?.code, .folderNotFound)
        XCTAssertEqual(unknownFolder?.status, 404)
        let unknownRecord = await vaultError { () async throws(FolioVaultError) in
            try await chen.vault.addToFolder(folderId: folder.id, recordId: "D_not_synced", idempotencyKey: self.key())
        }
        XCTAssertEqual(unknownRecord?.code, .recordNotFound)
        let danasNote = try await createNote(dana)
        let foreign = await vaultError { () async throws(FolioVaultError) in
            try await chen.vault.addToFolder(folderId: folder.id, recordId: danasNote.id, idempotencyKey: self.key())
        }
        XCTAssertEqual(foreign?.code, .recordNotFound, "another account's record is unknown to this one")
        let foreignFolder = await vaultError { () async throws(FolioVaultError) in
            try await dana.vault.addToFolder(folderId: folder.id, recordId: danasNote.id, idempotencyKey: self.key())
        }
        XCTAssertEqual(foreignFolder?.code, .folderNotFound)
        let notAFolder = await vaultError { () async throws(FolioVaultError) in
            try await chen.vault.addToFolder(folderId: note.id, recordId: folder.id, idempotencyKey: self.key())
        }
        XCTAssertEqual(notAFolder?.code, .notAFolder)
        _ = try await chen.vault.deleteRecord(id: folder.id, baseRevision: 1, idempotencyKey: key())
        let deletedFolder = await vaultError { () async throws(FolioVaultError) in
            try await chen.vault.addToFolder(folderId: folder.id, recordId: note.id, idempotencyKey: self.key())
        }
        XCTAssertEqual(deletedFolder?.code, .recordNotActive)
        let stored = try await harness.admin.storedVaultRecord(id: folder.id)
        XCTAssertEqual(stored["members"], [])
    }

    func testFolderCyclesAreRefused() async throws {
        let harness = try await startEmulator()
        let chen = try await user(harness, Self.chen)
        let outer = try await createFolder(chen, "outer")
        let middle = try await createFolder(chen, "middle")
        let inner = try await createFolder(chen, "inner")
        let itself = await vaultError { () async throws(FolioVaultError) in
            try await chen.vault.addToFolder(folderId: outer.id, recordId: outer.id, idempotencyKey: self.key())
        }
        XCTAssertEqual(itself?.code, .folderCycle)
        XCTAssertEqual(itself?.status, 422)
        _ = try await chen.vault.addToFolder(folderId: outer.id, recordId: middle.id, idempotencyKey: key())
        _ = try await chen.vault.addToFolder(folderId: middle.id, recordId: inner.id, idempotencyKey: key())
        let direct = await vaultError { () async throws(FolioVaultError) in
            try await chen.vault.addToFolder(folderId: middle.id, recordId: outer.id, idempotencyKey: self.key())
        }
        XCTAssertEqual(direct?.code, .folderCycle)
        let deep = await vaultError { () async throws(FolioVaultError) in
            try await chen.vault.addToFolder(folderId: inner.id, recordId: outer.id, idempotencyKey: self.key())
        }
        XCTAssertEqual(deep?.code, .folderCycle)
        let sideways = try await chen.vault.addToFolder(folderId: outer.id, recordId: inner.id, idempotencyKey: key())
        XCTAssertEqual(sideways.records, [middle.id, inner.id], "a folder may be in several folders")
        let innerNow = try await chen.vault.record(id: inner.id)
        XCTAssertEqual(innerNow.folders, [middle.id, outer.id].sorted())
    }

    func testSettingsArePrivateToEachAccountAndAViewerMayWriteItsOwn() async throws {
        let harness = try await startEmulator()
        let chen = try await user(harness, Self.chen)
        let dana = try await user(harness, Self.dana)
        try await publishKeys(chen)
        try await publishKeys(dana)
        let note = try await createNote(chen)
        let share = try await invite(chen, dana, note)
        _ = try await dana.vault.acceptShare(id: share.id, idempotencyKey: key())

        let chenSettings = try await chen.vault.setSettings(
            recordId: note.id, baseRevision: 0, ciphertext: [1, 1], idempotencyKey: key())
        XCTAssertEqual(chenSettings.settings?.revision, 1)
        XCTAssertEqual(chenSettings.settings?.ciphertext.bytes, [1, 1])
        XCTAssertEqual(chenSettings.revision, 1, "settings do not change the record's revision")
        let danaBefore = try await dana.vault.record(id: note.id)
        XCTAssertNil(danaBefore.settings, "nobody sees another account's settings")

        let danaSettings = try await dana.vault.setSettings(
            recordId: note.id, baseRevision: 0, ciphertext: [2, 2], idempotencyKey: key())
        XCTAssertEqual(danaSettings.permission, .view)
        XCTAssertEqual(danaSettings.settings?.ciphertext.bytes, [2, 2])
        let chenAfter = try await chen.vault.record(id: note.id)
        XCTAssertEqual(chenAfter.settings?.ciphertext.bytes, [1, 1])

        let stale = await vaultError { () async throws(FolioVaultError) in
            try await chen.vault.setSettings(
                recordId: note.id, baseRevision: 0, ciphertext: [3], idempotencyKey: self.key())
        }
        XCTAssertEqual(stale?.code, .revisionConflict)
        XCTAssertEqual(stale?.failure?.currentRecord?.settings?.revision, 1)
        let stored = try await harness.admin.storedVaultRecord(id: note.id)
        XCTAssertEqual(stored["settings"]?.objectValue?.keys.sorted(), ["acct_chen", "acct_dana"])
    }
}
