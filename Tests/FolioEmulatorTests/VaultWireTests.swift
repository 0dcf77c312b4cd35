import Crypto
import FolioClient
import FolioModel
import Foundation
import XCTest

/// The JSON shapes of the FolioClient vault types (docs/folio-api.md, "Vault").
final class VaultWireTests: XCTestCase {
    private func json(_ value: some Encodable) throws -> JSONValue {
        try JSONValue(encoding: value)
    }

    func testBytesAreUnpaddedBase64URLAndEnumsAreTagged() throws {
        XCTAssertEqual(try json(FolioBytes([0xFB, 0xFF])), "-_8")
        XCTAssertThrowsError(try JSONValue.string("-_8=").decode(FolioBytes.self))
        XCTAssertEqual(try json(FolioVaultRecordKind.folder), ["type": "FOLDER"])
        XCTAssertEqual(try json(FolioVaultShareStatus.revoked), ["type": "REVOKED"])
        let create = FolioVaultRecordCreate(schema: "note", version: 1, ciphertext: [1, 2, 3])
        XCTAssertEqual(
            try json(create), ["kind": ["type": "RECORD"], "schema": "note", "version": 1, "ciphertext": "AQID"],
            "absent optional fields are left out of requests")
    }

    /// Times here use the plain JSONValue coder (seconds since 2001); the RFC 3339 form is covered by the
    /// round trips against the emulator.
    func testAChangeIsATaggedRecordOrShare() throws {
        let record: JSONValue = [
            "id": "rec_1", "kind": ["type": "RECORD"], "organizationId": "org_a", "ownerAccountId": "acct_a",
            "permission": ["type": "VIEW"], "shareId": "shr_1", "revokedAt": 10.5,
            "revision": 3, "state": ["type": "PURGED"], "schema": "note", "version": 4294967295,
            "ciphertext": .null, "wrappedKey": .null, "clientId": .null, "attachments": [], "folders": [],
            "records": .null, "settings": .null, "createdAt": 10,
            "updatedAt": 10, "deletedAt": 10,
            "purgedAt": 10,
        ]
        let page: JSONValue = [
            "items": [["sequence": 7, "change": ["type": "RECORD", "value": record]]], "nextCursor": "c",
            "hasMore": true,
        ]
        let changes = try page.decode(FolioVaultChanges.self)
        let decoded = try XCTUnwrap(changes.records.first)
        XCTAssertEqual(decoded.state, .purged)
        XCTAssertEqual(decoded.version, UInt32.max)
        XCTAssertEqual(decoded.revokedAt, Date(timeIntervalSinceReferenceDate: 10.5))
        XCTAssertEqual(try JSONValue(encoding: changes).decode(FolioVaultChanges.self), changes)
        let unknown: JSONValue = ["type": "FOLDER_MOVED", "value": [:]]
        XCTAssertThrowsError(try unknown.decode(FolioVaultChange.self))
    }

    func testAnUnknownCodeKeepsItsWireFormAndAnUnreadableCurrentKeepsTheCode() throws {
        let failure = try (["code": "IDEMPOTENCY_KEY_REUSED", "message": "m"] as JSONValue).decode(
            FolioVaultFailure.self)
        XCTAssertEqual(failure.code, .other)
        XCTAssertEqual(failure.rawCode, "IDEMPOTENCY_KEY_REUSED")
        let conflict = try (["code": "REVISION_CONFLICT", "message": "m", "current": ["id": "rec_1"]] as JSONValue)
            .decode(FolioVaultFailure.self)
        XCTAssertEqual(conflict.code, .revisionConflict)
        XCTAssertNil(conflict.currentRecord)
    }

    func testTheInviteSignatureCoversSevenLines() throws {
        let message = FolioVaultInvite.signingMessage(
            recordId: "rec_1", ownerAccountId: "acct_a", recipientAccountId: "acct_b", permission: .view,
            recipientBoxPublicKey: [0xFB, 0xFF], wrappedKey: [1, 2, 3])
        XCTAssertEqual(
            String(decoding: message, as: UTF8.self), "folio-vault-invite-v1\nrec_1\nacct_a\nacct_b\nVIEW\n-_8\nAQID")
    }
}
