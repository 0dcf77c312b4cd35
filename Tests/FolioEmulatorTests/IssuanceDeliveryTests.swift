import Crypto
import FolioClient
import FolioEmulator
import FolioModel
import Foundation
import XCTest

/// What happens to an issued document after the decision: the holder accepts the invite and confirms the
/// delivery, the issuer revokes it; ordinary shares stay apart; a guest holder receives it in its guest vault.
final class IssuanceDeliveryTests: IssuanceTestCase {
    /// An issued document of `user` (keys published), and its issuance as the user reads it.
    private func issued(_ harness: Harness, to user: VaultUser) async throws -> FolioIssuance {
        try await publishKeys(user)
        let id = try await offeredIssuance(harness, to: user)
        try await harness.admin.issueDocument(issuanceId: id)
        return try await user.vault.issuance(id: id)
    }

    func testConfirmingADeliveryTwiceRecordsOneReceipt() async throws {
        let harness = try await startEmulator()
        let chen = try await user(harness, Self.chen)
        let deciding = try await offeredIssuance(harness, to: chen)
        let early = await vaultError { () async throws(FolioVaultError) in
            try await chen.vault.confirmDelivery(issuanceId: deciding, idempotencyKey: self.key())
        }
        XCTAssertEqual(early?.code, .issuanceNotIssued)
        XCTAssertEqual(early?.status, 409)

        let issuance = try await issued(harness, to: chen)
        let inviteId = try XCTUnwrap(issuance.inviteId)
        let unaccepted = await vaultError { () async throws(FolioVaultError) in
            try await chen.vault.confirmDelivery(issuanceId: issuance.id, idempotencyKey: self.key())
        }
        XCTAssertEqual(unaccepted?.code, .inviteNotAccepted)
        _ = try await chen.vault.acceptShare(id: inviteId, idempotencyKey: key())
        try await harness.admin.advanceClock(seconds: 7)
        let first = try await chen.vault.confirmDelivery(issuanceId: issuance.id, idempotencyKey: "deliver-1")
        XCTAssertEqual(first.deliveredAt, Self.start + 7)
        try await harness.admin.advanceClock(seconds: 10)
        let second = try await chen.vault.confirmDelivery(issuanceId: issuance.id, idempotencyKey: "deliver-2")
        XCTAssertEqual(second.deliveredAt, Self.start + 7, "the receipt keeps the first confirmation")
        let replay = try await chen.vault.confirmDelivery(issuanceId: issuance.id, idempotencyKey: "deliver-2")
        XCTAssertEqual(replay, second)

        let receipts = try await harness.admin.deliveryReceipts()
        XCTAssertEqual(receipts.count, 1)
        XCTAssertEqual(receipts.first?.issuanceId, issuance.id)
        XCTAssertEqual(receipts.first?.deliveredAt, Self.start + 7)
        XCTAssertEqual(receipts.first?.confirmations, 2, "two confirmations ran; the replay did not")
        let view = try await harness.admin.issuance(id: issuance.id)
        XCTAssertEqual(view.confirmations, 2)
        XCTAssertEqual(view.issuance.deliveredAt, Self.start + 7)
    }

    func testRevokingAnIssuedDocumentSetsRevokedAtOnTheHoldersRecord() async throws {
        let harness = try await startEmulator()
        let chen = try await user(harness, Self.chen)
        let issuance = try await issued(harness, to: chen)
        let recordId = try XCTUnwrap(issuance.recordId)
        _ = try await chen.vault.acceptShare(id: try XCTUnwrap(issuance.inviteId), idempotencyKey: key())
        try await harness.admin.advanceClock(seconds: 60)
        let revoked = try await harness.admin.revokeIssuedDocument(issuanceId: issuance.id)
        XCTAssertEqual(revoked.revokedAt, Self.start + 60)
        let record = try await chen.vault.record(id: recordId)
        XCTAssertEqual(record.revokedAt, Self.start + 60)
        XCTAssertEqual(record.state, .active, "revocation keeps the record")
        let (document, _) = try Self.openDocument(record, box: chen.box)
        XCTAssertEqual(document.issuanceId, issuance.id, "and its content")
        let twice = await adminError { () async throws(EmulatorError) in
            try await harness.admin.revokeIssuedDocument(issuanceId: issuance.id)
        }
        XCTAssertTrue(twice?.detail.contains("INVALID_SHARE_STATE") == true)
    }

    func testAnOrdinaryShareIsNotListedAsAnIssuedDocument() async throws {
        let harness = try await startEmulator()
        let chen = try await user(harness, Self.chen)
        let dana = try await user(harness, Self.dana)
        try await publishKeys(chen)
        try await publishKeys(dana)
        let note = try await createNote(dana)
        let share = try await invite(dana, chen, note)
        XCTAssertNil(share.issuanceId)
        let nothingIssued = try await chen.vault.pendingIssuedInvites()
        XCTAssertEqual(nothingIssued.items, [])

        let issuance = try await issued(harness, to: chen)
        let issuedInvites = try await chen.vault.pendingIssuedInvites()
        XCTAssertEqual(issuedInvites.items.map(\.id), [issuance.inviteId].compactMap { $0 })
        let incoming = try await chen.vault.incomingShares(status: .pending)
        XCTAssertEqual(Set(incoming.items.map(\.id)), Set([share.id] + [issuance.inviteId].compactMap { $0 }))
        XCTAssertEqual(incoming.items.first { $0.id == share.id }?.issuanceId, nil)
    }

    func testAGuestHolderReceivesTheDocumentInItsGuestVault() async throws {
        let harness = try await startEmulator()
        let box = BoxKeyPair.generate()
        let signing = Ed25519.PrivateKey.generate()
        let guest = harness.client.vault(organizationId: Self.organization, guestId: "guest_g1")
        _ = try await guest.publishKeys(
            boxPublicKey: box.publicKey, signPublicKey: signing.publicKey.bytes, idempotencyKey: key())
        let result = try await completedInquiry(harness, holder: .guest("guest_g1")).result
        let id = try XCTUnwrap(result.issuanceId)
        try await harness.admin.issueDocument(issuanceId: id, isTest: true)
        let issuance = try await guest.issuance(id: id)
        XCTAssertEqual(issuance.guestId, "guest_g1")
        XCTAssertNil(issuance.accountId)
        XCTAssertEqual(issuance.state, .issued)
        let pending = try await guest.pendingIssuedInvites()
        XCTAssertEqual(pending.items.map(\.id), [issuance.inviteId].compactMap { $0 })
        XCTAssertEqual(pending.items.first?.recipientAccountId, "guest_g1")
        XCTAssertTrue(
            pending.items.first?.hasValidSignature(ownerSignPublicKey: issuance.issuer.signPublicKey.bytes) == true)
        _ = try await guest.acceptShare(id: try XCTUnwrap(issuance.inviteId), idempotencyKey: key())
        let record = try await guest.record(id: try XCTUnwrap(issuance.recordId))
        let (document, _) = try Self.openDocument(record, box: box)
        XCTAssertTrue(document.isTest)
        let delivered = try await guest.confirmDelivery(issuanceId: id, idempotencyKey: key())
        XCTAssertEqual(delivered.deliveredAt, Self.start)

        let chen = try await user(harness, Self.chen)
        let stranger = await vaultError { () async throws(FolioVaultError) in try await chen.vault.issuance(id: id) }
        XCTAssertEqual(stranger?.code, .issuanceNotFound)
    }

    func testAGuestMayAcceptOnlyTheInvitesOfIssuedDocuments() async throws {
        let harness = try await startEmulator()
        let guest = harness.client.vault(organizationId: Self.organization, guestId: "guest_g2")
        let refused = await vaultError { () async throws(FolioVaultError) in
            try await guest.acceptShare(id: "shr_unknown", idempotencyKey: self.key())
        }
        XCTAssertEqual(refused?.code, .shareNotFound)
        let reject = await vaultError { () async throws(FolioVaultError) in
            try await guest.rejectShare(id: "shr_unknown", idempotencyKey: self.key())
        }
        XCTAssertEqual(reject?.code, .guestReadOnly)
    }
}
