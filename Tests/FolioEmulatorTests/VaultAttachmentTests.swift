import FolioClient
import FolioEmulator
import FolioModel
import XCTest

/// Attachments: opaque bytes in parts, bounded in size, readable by every account that sees the record.
final class VaultAttachmentTests: VaultTestCase {
    private static func bytes(_ count: Int) -> [UInt8] {
        (0..<count).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ $0 >> 9) }
    }

    func testAnAttachmentRoundTripsInParts() async throws {
        let harness = try await startEmulator()
        let chen = try await user(harness, Self.chen)
        let note = try await createNote(chen)
        let image = Self.bytes(1_200_000)
        let attachment = try await chen.vault.uploadAttachment(recordId: note.id, bytes: image, idempotencyKey: "img-1")
        XCTAssertEqual(attachment.size, 1_200_000)
        XCTAssertEqual(attachment.receivedBytes, 1_200_000)
        XCTAssertTrue(attachment.complete)
        let record = try await chen.vault.record(id: note.id)
        XCTAssertEqual(record.attachments, [FolioVaultAttachmentRef(id: attachment.id, size: 1_200_000)])
        XCTAssertEqual(record.revision, 1, "attachments do not change the record's revision")
        let read = try await chen.vault.downloadAttachment(id: attachment.id)
        XCTAssertEqual(read, image)
        let chunk = try await chen.vault.attachmentChunk(id: attachment.id, offset: 1_000_000, length: 10)
        XCTAssertEqual(chunk.data.bytes, Array(image[1_000_000..<1_000_010]))

        let again = try await chen.vault.uploadAttachment(recordId: note.id, bytes: image, idempotencyKey: "img-1")
        XCTAssertEqual(again.id, attachment.id, "the same upload replays")
        let stats = try await harness.admin.vaultAccount(id: chen.accountId)
        XCTAssertEqual(stats.attachments, 1)
        XCTAssertEqual(stats.attachmentBytes, 1_200_000)
    }

    func testTheSizeIsBounded() async throws {
        let harness = try await startEmulator()
        let chen = try await user(harness, Self.chen)
        let note = try await createNote(chen)
        let tooLarge = await vaultError { () async throws(FolioVaultError) in
            try await chen.vault.startAttachment(
                recordId: note.id, size: FolioVaultAttachment.maxSize + 1, firstPart: [1], idempotencyKey: self.key())
        }
        XCTAssertEqual(tooLarge?.code, .attachmentTooLarge)
        XCTAssertEqual(tooLarge?.status, 422)
        let largest = try await chen.vault.startAttachment(
            recordId: note.id, size: FolioVaultAttachment.maxSize, firstPart: [1], idempotencyKey: key())
        XCTAssertFalse(largest.complete)
        let bigPart = await vaultError { () async throws(FolioVaultError) in
            try await chen.vault.appendAttachment(
                id: largest.id, offset: 1, part: Self.bytes(FolioVaultAttachment.partSize + 1),
                idempotencyKey: self.key())
        }
        XCTAssertEqual(bigPart?.code, .invalidRequest)
        let past = try await chen.vault.startAttachment(
            recordId: note.id, size: 4, firstPart: [1, 2], idempotencyKey: key())
        let beyond = await vaultError { () async throws(FolioVaultError) in
            try await chen.vault.appendAttachment(id: past.id, offset: 2, part: [3, 4, 5], idempotencyKey: self.key())
        }
        XCTAssertEqual(beyond?.code, .invalidRequest)
    }

    func testAPartMustStartWhereFoliosBytesEnd() async throws {
        let harness = try await startEmulator()
        let chen = try await user(harness, Self.chen)
        let note = try await createNote(chen)
        let started = try await chen.vault.startAttachment(
            recordId: note.id, size: 6, firstPart: [1, 2], idempotencyKey: key())
        let incomplete = await vaultError { () async throws(FolioVaultError) in
            try await chen.vault.attachmentChunk(id: started.id)
        }
        XCTAssertEqual(incomplete?.code, .attachmentIncomplete)
        let listed = try await chen.vault.record(id: note.id)
        XCTAssertEqual(listed.attachments, [], "an incomplete attachment is not listed")
        let gap = await vaultError { () async throws(FolioVaultError) in
            try await chen.vault.appendAttachment(id: started.id, offset: 4, part: [5, 6], idempotencyKey: self.key())
        }
        XCTAssertEqual(gap?.code, .attachmentOffsetMismatch)
        XCTAssertEqual(gap?.failure?.receivedBytes, 2)
        _ = try await chen.vault.appendAttachment(id: started.id, offset: 2, part: [3, 4], idempotencyKey: key())
        let done = try await chen.vault.appendAttachment(
            id: started.id, offset: 4, part: [5, 6], idempotencyKey: key())
        XCTAssertTrue(done.complete)
        let read = try await chen.vault.downloadAttachment(id: started.id)
        XCTAssertEqual(read, [1, 2, 3, 4, 5, 6])
    }

    func testViewersReadAndOnlyTheOwnerAttachesOrDeletes() async throws {
        let harness = try await startEmulator()
        let chen = try await user(harness, Self.chen)
        let dana = try await user(harness, Self.dana)
        try await publishKeys(chen)
        try await publishKeys(dana)
        let note = try await createNote(chen)
        let attachment = try await chen.vault.uploadAttachment(
            recordId: note.id, bytes: [9, 8, 7], idempotencyKey: key())
        let stranger = await vaultError { () async throws(FolioVaultError) in
            try await dana.vault.downloadAttachment(id: attachment.id)
        }
        XCTAssertEqual(stranger?.code, .attachmentNotFound)
        let share = try await invite(chen, dana, note)
        _ = try await dana.vault.acceptShare(id: share.id, idempotencyKey: key())
        let read = try await dana.vault.downloadAttachment(id: attachment.id)
        XCTAssertEqual(read, [9, 8, 7])
        let upload = await vaultError { () async throws(FolioVaultError) in
            try await dana.vault.uploadAttachment(recordId: note.id, bytes: [1], idempotencyKey: self.key())
        }
        XCTAssertEqual(upload?.code, .permissionDenied)
        let delete = await vaultError { () async throws(FolioVaultError) in
            try await dana.vault.deleteAttachment(id: attachment.id, idempotencyKey: self.key())
        }
        XCTAssertEqual(delete?.code, .permissionDenied)
        let without = try await chen.vault.deleteAttachment(id: attachment.id, idempotencyKey: key())
        XCTAssertEqual(without.attachments, [])
        let gone = await vaultError { () async throws(FolioVaultError) in
            try await chen.vault.downloadAttachment(id: attachment.id)
        }
        XCTAssertEqual(gone?.code, .attachmentNotFound)
    }
}
