import Bus
import Crypto
import FolioClient
import FolioEmulator
import FolioModel
import Foundation
import XCTest

@testable import VaultService

/// `vaultinternal.receiveIssuedDocument` (docs/vault-store.md "Methods for the DocumentReceiver"): an issued
/// invite is accepted and its record answered, once however often it is called; an ordinary share is never
/// accepted; a changed identity, a shut-down runtime and an unknown invite are refused; a Folio that fails for
/// now is a retryable error.
final class VaultReceiveIssuedDocumentTests: IssuedDocumentTestCase {
    func testAnIssuedInviteIsAcceptedAndItsRecordIsAnsweredOnceItIsAnActiveRecordOfTheVault() async throws {
        let chen = try await signedIn()
        let issuance = try await issued(to: chen)
        let recordID = try XCTUnwrap(issuance.recordId)
        let received = try await receive(issuance.inviteId, for: chen).get()
        XCTAssertEqual(received, ["recordId": .string(recordID)], "a shared record's local id is Folio's")
        let share = try await folio.vault(sessionId: try XCTUnwrap(chen.folioSessionID))
            .share(id: try XCTUnwrap(issuance.inviteId))
        XCTAssertEqual(share.status, .accepted)
        let active = try await VaultDocuments(database: services.sync.store.database)
            .activeRecord(recordID, account: chen.id)
        XCTAssertEqual(active, recordID)
    }

    func testReceivingTwiceAnswersTheSameRecordAndAcceptsNothingTwice() async throws {
        let chen = try await signedIn()
        let issuance = try await issued(to: chen)
        let inviteID = try XCTUnwrap(issuance.inviteId)
        let first = try await receive(inviteID, for: chen).get()
        let acceptedAt = try await folio.vault(sessionId: try XCTUnwrap(chen.folioSessionID)).share(id: inviteID)
            .acceptedAt
        try await admin.advanceClock(seconds: 30)
        // A caller that crashed after the first call asks again.
        let second = try await receive(inviteID, for: chen).get()
        XCTAssertEqual(second, first)
        let share = try await folio.vault(sessionId: try XCTUnwrap(chen.folioSessionID)).share(id: inviteID)
        XCTAssertEqual(share.status, .accepted)
        XCTAssertEqual(share.acceptedAt, acceptedAt, "the invite was accepted once, by the first call")
    }

    func testAnOrdinaryShareIsRefusedAndStaysPending() async throws {
        let chen = try await signedIn()
        let dana = try await admin.createSession(accountId: "acct_dana")
        let danaVault = folio.vault(sessionId: dana.id)
        let signing = Ed25519.PrivateKey.generate()
        _ = try await danaVault.publishKeys(
            boxPublicKey: BoxKeyPair.generate().publicKey, signPublicKey: signing.publicKey.bytes,
            idempotencyKey: key())
        let record = try await danaVault.createRecord(
            FolioVaultRecordCreate(
                schema: "note", version: 1, ciphertext: Array(repeating: 1, count: 40),
                wrappedKey: Array(repeating: 7, count: 40)),
            idempotencyKey: key())
        let invite = try FolioVaultInvite.sealed(
            recordId: record.id, ownerAccountId: "acct_dana", recipient: try await danaVault.keys(accountId: chen.id),
            recordKey: SymmetricKey.random().bytes, signingKey: signing)
        let share = try await danaVault.invite(recordId: record.id, invite, idempotencyKey: key())

        let error = failure(await receive(share.id, for: chen))
        XCTAssertEqual(error?.code, -32602)
        XCTAssertEqual(error?.data?["type"], "NOT_AN_ISSUED_DOCUMENT")
        let after = try await danaVault.share(id: share.id)
        XCTAssertEqual(after.status, .pending, "an ordinary share waits for the person")
    }

    func testAChangedIdentityIsRefusedAndNothingIsAccepted() async throws {
        let chen = try await signedIn()
        let issuance = try await issued(to: chen)
        let inviteID = try XCTUnwrap(issuance.inviteId)
        // The runtime signed out since the receiver started its pass: its session holds a new guest.
        hold(
            VaultAccount(id: "guest_\(RandomID.base32(count: 12))", kind: .transient, organizationID: Self.organization)
        )
        let error = failure(await receive(inviteID, for: chen))
        XCTAssertEqual(error?.code, -32602)
        XCTAssertEqual(error?.message, "Invalid params")
        XCTAssertEqual(error?.data?["type"], "IDENTITY_CHANGED")
        XCTAssertTrue(
            error?.data?["value"]?["message"]?.stringValue?.hasPrefix("the session's identity changed") == true,
            "\(String(describing: error))")
        let share = try await folio.vault(sessionId: try XCTUnwrap(chen.folioSessionID)).share(id: inviteID)
        XCTAssertEqual(share.status, .pending)
    }

    func testAnInviteRevokedBeforeItWasAcceptedIsRefusedAsClosed() async throws {
        let chen = try await signedIn()
        let issuance = try await issued(to: chen)
        _ = try await admin.revokeIssuedDocument(issuanceId: issuance.id)
        let error = failure(await receive(issuance.inviteId, for: chen))
        XCTAssertEqual(error?.code, -32602)
        XCTAssertEqual(error?.data?["type"], "INVITE_CLOSED")
    }

    func testAnInviteRevokedAfterItWasAcceptedStillAnswersItsRecord() async throws {
        let chen = try await signedIn()
        let issuance = try await issued(to: chen)
        let first = try await receive(issuance.inviteId, for: chen).get()
        _ = try await admin.revokeIssuedDocument(issuanceId: issuance.id)
        // A retry after the revocation: the record stays in the vault, with revokedAt.
        let again = try await receive(issuance.inviteId, for: chen).get()
        XCTAssertEqual(again, first)
    }

    func testAnAcceptedInviteWhoseRecordDoesNotOpenIsRefusedAsNotStored() async throws {
        let chen = try await signedIn()
        let issuance = try await issued(to: chen)
        // The account's box key is lost: the record key sealed to the published one no longer opens.
        _ = try await pool.execute("DELETE FROM vault_account_keys WHERE account_id = \(chen.id)")
        let error = failure(await receive(issuance.inviteId, for: chen))
        XCTAssertEqual(error?.code, -32602)
        XCTAssertEqual(error?.data?["type"], "RECORD_NOT_STORED")
    }

    func testARuntimeThatIsGoneIsRefusedAsShutDown() async throws {
        let chen = try await signedIn()
        hold(nil)
        let error = failure(await receive("shr_x", for: chen))
        XCTAssertEqual(error?.code, FolioErrorCode.runtimeShutDown.rawValue)
        XCTAssertEqual(error?.data?["type"], "RUNTIME_SHUT_DOWN")
    }

    func testAnInviteFolioDoesNotKnowIsRefusedAsNotFound() async throws {
        let chen = try await signedIn()
        let error = failure(await receive("shr_unknown", for: chen))
        XCTAssertEqual(error?.code, -32602)
        XCTAssertEqual(error?.data?["type"], "INVITE_NOT_FOUND")
    }

    func testAFolioThatFailsForNowIsARetryableErrorAndTheRetryReceivesTheDocument() async throws {
        let chen = try await signedIn()
        let issuance = try await issued(to: chen)
        let inviteID = try XCTUnwrap(issuance.inviteId)
        _ = try await admin.injectFault(EmulatorFault(route: "POST /v1/vault/shares/{shareId}/accept", status: 503))
        let error = failure(await receive(inviteID, for: chen))
        XCTAssertEqual(error?.code, FolioErrorCode.serviceUnavailable.rawValue)
        XCTAssertEqual(error?.data?["type"], "SERVICE_UNAVAILABLE")
        XCTAssertEqual(error?.data?["value"]?["retryable"], true)

        _ = try await admin.injectFault(
            EmulatorFault(route: "GET /v1/vault/shares/{shareId}", status: 429, retryAfterSeconds: 3))
        let slowed = failure(await receive(inviteID, for: chen))
        XCTAssertEqual(slowed?.data?["value"]?["retryable"], true)
        XCTAssertEqual(slowed?.data?["value"]?["retryAfterSeconds"], 3)

        let received = try await receive(inviteID, for: chen).get()
        XCTAssertEqual(received, ["recordId": .string(try XCTUnwrap(issuance.recordId))])
    }
}
