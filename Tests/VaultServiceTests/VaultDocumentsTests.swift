import Bus
import FolioClient
import FolioModel
import Foundation
import Postgres
import WireModel
import XCTest

@testable import VaultService

/// `vaultinternal.documents` (docs/vault-store.md "Methods for the DocumentReceiver"): the active records of
/// the schema `digital` of the runtime's vault, bodies opened; an unreadable one apart, never hiding the others.
final class VaultDocumentsTests: IssuedDocumentTestCase {
    /// A document issued to `account` and received into its vault; answers its issuance.
    private func received(by account: VaultAccount, title: String? = nil) async throws -> FolioIssuance {
        let issuance = try await issued(to: account, title: title)
        _ = try await receive(issuance.inviteId, for: account).get()
        return issuance
    }

    private func recordID(_ issuance: FolioIssuance) throws -> String {
        try XCTUnwrap(issuance.recordId)
    }

    private func ids(_ list: JSONValue, _ member: String = "documents") -> [String] {
        (list[member]?.arrayValue ?? []).compactMap { $0["id"]?.stringValue }
    }

    func testDocumentsListsTheDigitalRecordsOnlyWithTheirOpenedBodies() async throws {
        let chen = try await signedIn()
        _ = try await services.repository.apply(
            .create(record: RecordContent(schema: "note", version: 1, payload: #"{"title":"Visa"}"#)), account: chen.id,
            session: .authenticated)
        let issuance = try await received(by: chen, title: "Gold member")
        let recordID = try XCTUnwrap(issuance.recordId)
        let list = try await documents()
        XCTAssertEqual(list["accountId"], .string(chen.id))
        XCTAssertEqual(ids(list), [recordID])
        XCTAssertEqual(list["unreadable"], JSONValue.array([]))
        let document = try XCTUnwrap(list["documents"]?.arrayValue?.first)
        XCTAssertNil(document["revokedAt"], "not revoked")
        let body = try XCTUnwrap(document["body"])
        XCTAssertEqual(body["issuanceId"], .string(issuance.id))
        XCTAssertEqual(body["title"], "Gold member")
        // The receiver decodes the body as it is.
        let decoded = try FolioWireJSON.decode(FolioDigitalDocument.self, from: body)
        XCTAssertEqual(decoded.documentType.id, "dtpl_membership")
    }

    func testDocumentsWithAnIdAnswersOnlyThatDocumentAndNoneForARecordThatIsNotOne() async throws {
        let chen = try await signedIn()
        let created = try await services.repository.apply(
            .create(record: RecordContent(schema: "note", version: 1, payload: "{}")), account: chen.id,
            session: .authenticated)
        let note = try XCTUnwrap(created)
        let first = try await recordID(received(by: chen))
        let second = try await recordID(received(by: chen))
        let all = try await documents()
        XCTAssertEqual(ids(all), [first, second])
        let one = try await documents(id: second)
        XCTAssertEqual(ids(one), [second])
        let none = try await documents(id: note)
        XCTAssertEqual(ids(none), [])
        XCTAssertEqual(none["unreadable"], JSONValue.array([]))
    }

    func testDocumentsLeavesOutADeletedRecord() async throws {
        let chen = try await signedIn()
        let kept = try await recordID(received(by: chen))
        let deleted = try await recordID(received(by: chen))
        // The record is deleted in the vault as a fetch leaves a record its owner deleted (the emulator's admin
        // cannot write an issuer's record: an issuer is no account).
        _ = try await pool.execute(
            """
            UPDATE vault_entries SET state = 'DELETED', folio_state = 'DELETED', deleted_at = now()
            WHERE account_id = \(chen.id) AND id = \(deleted)
            """)
        let list = try await documents()
        XCTAssertEqual(ids(list), [kept])
        XCTAssertEqual(ids(list, "unreadable"), [])
    }

    func testAnUnreadableDocumentIsListedApartWithItsReasonAndHidesNoOther() async throws {
        let chen = try await signedIn()
        let good = try await recordID(received(by: chen))
        let damaged = try await recordID(received(by: chen))
        let notAnObject = try await recordID(received(by: chen))
        _ = try await pool.execute(
            "UPDATE vault_entries SET body = \([UInt8](repeating: 9, count: 64)) WHERE account_id = \(chen.id) AND id = \(damaged)"
        )
        // A body that opens but is not a JSON object: sealed again with the record's key.
        try await services.sync.store.database.withAccount(chen.id) { transaction, cipher in
            let rows = try await transaction.query(
                "SELECT record_key, owner_account_id FROM vault_entries WHERE id = \(notAnObject)")
            let row = try XCTUnwrap(rows.first)
            let key = try cipher.unwrapRecordKey(try row.decode([UInt8].self, "record_key"), entryID: notAnObject)
            let body = try cipher.sealBody(
                "[1, 2]", key: key, owner: try row.decode(String.self, "owner_account_id"), schema: "digital",
                version: 1)
            _ = try await transaction.execute("UPDATE vault_entries SET body = \(body) WHERE id = \(notAnObject)")
        }
        let list = try await documents()
        XCTAssertEqual(ids(list), [good])
        let unreadable = list["unreadable"]?.arrayValue ?? []
        XCTAssertEqual(unreadable.compactMap { $0["id"]?.stringValue }, [damaged, notAnObject])
        XCTAssertEqual(
            unreadable.first?["reason"],
            .string("the stored ciphertext of \(damaged) does not open: it was damaged or moved"))
        XCTAssertEqual(unreadable.last?["reason"], .string("the body of \(notAnObject) is not a JSON object"))
    }

    func testRevokedAtFollowsTheIssuersRevocation() async throws {
        let chen = try await signedIn()
        let issuance = try await received(by: chen)
        try await admin.advanceClock(seconds: 60)
        let revoked = try await admin.revokeIssuedDocument(issuanceId: issuance.id)
        let revokedAt = try XCTUnwrap(revoked.revokedAt)
        let outcome = await services.sync.pass(chen)
        XCTAssertTrue(outcome.succeeded, "\(outcome)")
        let list = try await documents()
        XCTAssertEqual(ids(list), [try recordID(issuance)], "a revoked document stays")
        XCTAssertEqual(
            list["documents"]?.arrayValue?.first?["revokedAt"], .int(Int64(revokedAt.timeIntervalSince1970)))
    }
}
