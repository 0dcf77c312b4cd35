import Crypto
import FolioClient
import FolioEmulator
import FolioModel
import Foundation
import XCTest

/// Issuances: offered when an inquiry of an issuing template completes, read no more often than their
/// interval, decided by the issuer (issued, declined, failed).
final class IssuanceTests: IssuanceTestCase {
    func testACompletedInquiryOfAnIssuingTemplateOffersAnIssuanceToItsAccount() async throws {
        let harness = try await startEmulator()
        let chen = try await user(harness, Self.chen)
        let dana = try await user(harness, Self.dana)
        let (step, result) = try await completedInquiry(harness, holder: .session(chen.sessionId))
        let id = try XCTUnwrap(result.issuanceId)
        XCTAssertEqual(step.issuanceId, id, "the completing envelope names the issuance too")
        let issuance = try await chen.vault.issuance(id: id)
        XCTAssertEqual(issuance.state, .deciding)
        XCTAssertEqual(issuance.accountId, "acct_chen")
        XCTAssertNil(issuance.guestId)
        XCTAssertEqual(issuance.organizationId, Self.organization)
        XCTAssertEqual(issuance.inquiryId, result.inquiryId)
        XCTAssertEqual(issuance.interval, 5)
        XCTAssertEqual(issuance.issuer.id, "iss_demo")
        XCTAssertEqual(
            issuance.issuer.signPublicKey.base64URL, "xBYlaDSxHAfq9zNYgJ4bvUFwPlB0BhAZnBRgxhb8wug",
            "derived from the issuer id, as docs/folio-api.md shows it")
        XCTAssertEqual(issuance.documentTemplateId, "dtpl_membership")
        XCTAssertEqual(issuance.createdAt, Self.start)
        XCTAssertNil(issuance.inviteId)
        XCTAssertNil(issuance.recordId)
        XCTAssertFalse(issuance.retryable)

        let other = await vaultError { () async throws(FolioVaultError) in try await dana.vault.issuance(id: id) }
        XCTAssertEqual(other?.code, .issuanceNotFound, "another account never sees it")

        let plain = try await completedInquiry(harness, holder: .session(chen.sessionId), template: "tmpl_simple")
        XCTAssertNil(plain.result.issuanceId, "a template without an issuance offers none")
        XCTAssertNil(plain.step.issuanceId)
        let anonymous = try await completedInquiry(harness, holder: nil)
        XCTAssertNil(anonymous.result.issuanceId, "an inquiry launched without a holder offers none")
        let all = try await harness.admin.issuances()
        XCTAssertEqual(all.map(\.issuance.id), [id])
    }

    func testReadsBeforeTheIntervalAreRefusedWithSlowDownAndCounted() async throws {
        let harness = try await startEmulator()
        let chen = try await user(harness, Self.chen)
        let id = try await offeredIssuance(harness, to: chen)
        _ = try await chen.vault.issuance(id: id)
        let early = await vaultError { () async throws(FolioVaultError) in try await chen.vault.issuance(id: id) }
        XCTAssertEqual(early?.code, .slowDown)
        XCTAssertEqual(early?.status, 429)
        XCTAssertEqual(early?.underlying.retryAfterSeconds, 5)
        XCTAssertEqual(early?.isRetryable, true)
        try await harness.admin.advanceClock(seconds: 3)
        let stillEarly = await vaultError { () async throws(FolioVaultError) in try await chen.vault.issuance(id: id) }
        XCTAssertEqual(stillEarly?.underlying.retryAfterSeconds, 2, "the floor counts from the last answered read")
        try await harness.admin.advanceClock(seconds: 2)
        _ = try await chen.vault.issuance(id: id)

        let requests = try await harness.admin.issuanceRequests(id: id)
        XCTAssertEqual(requests.map(\.status), [200, 429, 429, 200])
        XCTAssertEqual(requests.map(\.at), [Self.start, Self.start, Self.start + 3, Self.start + 5])
        let answered = requests.filter { $0.status == 200 }.map(\.at)
        for (earlier, later) in zip(answered, answered.dropFirst()) {
            XCTAssertGreaterThanOrEqual(later.timeIntervalSince(earlier), 5)
        }
    }

    func testAnIssuedDocumentIsARecordSharedByAnInviteCarryingTheIssuanceId() async throws {
        let harness = try await startEmulator()
        let chen = try await user(harness, Self.chen)
        let id = try await offeredIssuance(harness, to: chen)
        let withoutKeys = await adminError { () async throws(EmulatorError) in
            try await harness.admin.issueDocument(issuanceId: id)
        }
        XCTAssertTrue(withoutKeys?.detail.contains("VAULT_KEYS_REQUIRED") == true, "\(String(describing: withoutKeys))")
        let stillDeciding = try await harness.admin.issuance(id: id)
        XCTAssertEqual(stillDeciding.issuance.state, .deciding)

        try await publishKeys(chen)
        try await harness.admin.advanceClock(seconds: 10)
        let decided = try await harness.admin.issueDocument(
            issuanceId: id, values: ["internal_note": "VIP"], title: "Gold member", titles: ["de": "Goldmitglied"])
        XCTAssertEqual(decided.issuance.state, .issued)
        let issuance = try await chen.vault.issuance(id: id)
        XCTAssertEqual(issuance.state, .issued)
        XCTAssertEqual(issuance.decidedAt, Self.start + 10)
        let inviteId = try XCTUnwrap(issuance.inviteId)
        let recordId = try XCTUnwrap(issuance.recordId)

        let pending = try await chen.vault.pendingIssuedInvites()
        XCTAssertEqual(pending.items.map(\.id), [inviteId])
        let invite = try XCTUnwrap(pending.items.first)
        XCTAssertEqual(invite.issuanceId, id)
        XCTAssertEqual(invite.recordId, recordId)
        XCTAssertEqual(invite.ownerAccountId, "iss_demo")
        XCTAssertEqual(invite.ownerEmail, "members@demo.foliohost.example")
        XCTAssertEqual(invite.recipientAccountId, "acct_chen")
        XCTAssertEqual(invite.schema, "org_bluebank:digital")
        XCTAssertEqual(invite.status, .pending)
        XCTAssertTrue(invite.hasValidSignature(ownerSignPublicKey: issuance.issuer.signPublicKey.bytes))

        _ = try await chen.vault.acceptShare(id: inviteId, idempotencyKey: key())
        let record = try await chen.vault.record(id: recordId)
        XCTAssertEqual(record.permission, .view)
        XCTAssertEqual(record.shareId, inviteId)
        XCTAssertEqual(record.schema, "org_bluebank:digital")
        XCTAssertEqual(record.version, 1)
        XCTAssertNil(record.revokedAt)
        let (document, recordKey) = try Self.openDocument(record, box: chen.box)
        XCTAssertEqual(document.issuanceId, id)
        XCTAssertEqual(document.issuer.names["de"], "FolioHost Demo-Verein")
        XCTAssertEqual(document.documentType.id, "dtpl_membership")
        XCTAssertEqual(document.documentType.names["de"], "Mitgliedsausweis")
        XCTAssertEqual(document.title, "Gold member")
        XCTAssertEqual(document.titles, ["de": "Goldmitglied"])
        XCTAssertEqual(document.validFrom, "2025-01-01")
        XCTAssertEqual(document.validUntil, "2026-01-01")
        XCTAssertEqual(document.issuedAt, Self.start + 10)
        XCTAssertFalse(document.isTest)
        let values = Dictionary(uniqueKeysWithValues: document.fields.map { ($0.key, $0.value) })
        XCTAssertEqual(
            document.fields.map(\.key), ["member_name", "member_number", "member_since", "photo", "internal_note"])
        XCTAssertEqual(values["member_name"], "Chen Wei", "filled from the inquiry's field")
        XCTAssertEqual(values["member_number"], "M-000042", "the template's sample")
        XCTAssertEqual(values["internal_note"], "VIP", "the issuer's value")
        let note = try XCTUnwrap(document.fields.last)
        XCTAssertFalse(note.disclosed)
        XCTAssertEqual(note.labels["de"], "Interne Notiz")
        let photo = try XCTUnwrap(document.fields.first { $0.kind == .photo }?.photo)
        XCTAssertEqual(record.attachments.map(\.id), [photo.attachmentId])
        XCTAssertEqual(photo.mimeType, "image/png")
        XCTAssertEqual([photo.width, photo.height], [3, 4])
        let sealed = try await chen.vault.downloadAttachment(id: photo.attachmentId)
        let image = try AEAD.open(
            sealed, additionalData: Self.sealingData(["folio-vault-attachment", photo.attachmentId]), key: recordKey)
        XCTAssertEqual(Array(image.prefix(4)), [0x89, 0x50, 0x4E, 0x47])

        let none = try await chen.vault.pendingIssuedInvites()
        XCTAssertEqual(none.items, [], "an accepted invite is no longer pending")
        let again = await adminError { () async throws(EmulatorError) in
            try await harness.admin.issueDocument(issuanceId: id)
        }
        XCTAssertTrue(again?.detail.contains("ISSUANCE_DECIDED") == true)
    }

    func testDeclinedAndFailedIssuancesCarryTheirReason() async throws {
        let harness = try await startEmulator()
        let chen = try await user(harness, Self.chen)
        try await publishKeys(chen)
        let declined = try await offeredIssuance(harness, to: chen)
        let retried = try await offeredIssuance(harness, to: chen)
        let failed = try await offeredIssuance(harness, to: chen)

        try await harness.admin.declineIssuance(id: declined, reason: "not a member")
        let declinedNow = try await chen.vault.issuance(id: declined)
        XCTAssertEqual(declinedNow.state, .declined)
        XCTAssertEqual(declinedNow.reason, "not a member")
        XCTAssertNil(declinedNow.inviteId)

        try await harness.admin.failIssuance(id: retried, reason: "registry offline", retry: true, interval: 30)
        let retryable = try await chen.vault.issuance(id: retried)
        XCTAssertEqual(retryable.state, .failed)
        XCTAssertTrue(retryable.retryable)
        XCTAssertEqual(retryable.interval, 30)
        XCTAssertEqual(retryable.reason, "registry offline")
        try await harness.admin.issueDocument(issuanceId: retried)
        try await harness.admin.advanceClock(seconds: 30)
        let issued = try await chen.vault.issuance(id: retried)
        XCTAssertEqual(issued.state, .issued, "a failure with retry can still be issued")
        XCTAssertNil(issued.reason)
        XCTAssertFalse(issued.retryable)

        try await harness.admin.failIssuance(id: failed, reason: "document type withdrawn", retry: false)
        let final = try await chen.vault.issuance(id: failed)
        XCTAssertEqual(final.state, .failed)
        XCTAssertFalse(final.retryable)
        let late = await adminError { () async throws(EmulatorError) in
            try await harness.admin.issueDocument(issuanceId: failed)
        }
        XCTAssertTrue(late?.detail.contains("ISSUANCE_DECIDED") == true)
        let pending = try await chen.vault.pendingIssuedInvites()
        XCTAssertEqual(pending.items.map(\.issuanceId), [retried])
    }

    func testTheAutoDecideModeIssuesOnceTheIssuanceIsOldEnough() async throws {
        let harness = try await startEmulator()
        let chen = try await user(harness, Self.chen)
        try await publishKeys(chen)
        try await harness.admin.setAutoIssue(afterSeconds: 30)
        let id = try await offeredIssuance(harness, to: chen)
        let young = try await chen.vault.issuance(id: id)
        XCTAssertEqual(young.state, .deciding)
        try await harness.admin.advanceClock(seconds: 30)
        let pending = try await chen.vault.pendingIssuedInvites()
        XCTAssertEqual(pending.items.map(\.issuanceId), [id], "listing the invites settles due decisions")
        let old = try await chen.vault.issuance(id: id)
        XCTAssertEqual(old.state, .issued)

        try await harness.admin.setAutoIssue(afterSeconds: nil)
        let instant = try await completedInquiry(
            harness, holder: .session(chen.sessionId), template: "tmpl_residence_permit")
        let permit = try await chen.vault.issuance(id: try XCTUnwrap(instant.result.issuanceId))
        XCTAssertEqual(permit.state, .issued, "tmpl_residence_permit issues at once (autoIssueAfterSeconds 0)")
        XCTAssertEqual(permit.issuer.id, "iss_civic")
    }
}
