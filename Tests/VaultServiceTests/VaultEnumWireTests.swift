import FolioModel
import VaultService
import WireModel
import XCTest

/// docs/vault-store.md "Enums without payloads": what Folio stores with a record or a share (state, permission,
/// invite status) is a plain string; the SDK's own conflict state and its resolution are `{type}` objects.
/// Each enum is written and read only in its spelling.
final class VaultEnumWireTests: XCTestCase {
    func testValuesFolioStoresAreStringsOnTheWireAndReadBack() throws {
        let strings: [(any WireValue, JSONValue)] = [
            (RecordState.active, "ACTIVE"), (RecordState.deleted, "DELETED"),
            (RecordPermission.owner, "OWNER"), (RecordPermission.view, "VIEW"),
            (InviteStatus.pending, "PENDING"), (InviteStatus.accepted, "ACCEPTED"),
            (InviteStatus.rejected, "REJECTED"), (InviteStatus.revoked, "REVOKED"),
        ]
        for (value, wire) in strings { XCTAssertEqual(value.json, wire) }
        XCTAssertEqual(try RecordState(json: "DELETED"), .deleted)
        XCTAssertEqual(try RecordPermission(json: "VIEW"), .view)
        XCTAssertEqual(try InviteStatus(json: "REVOKED"), .revoked)
    }

    func testTheSDKsOwnStatesAreTypeObjectsOnTheWireAndReadBack() throws {
        for state in ConflictState.allCases {
            XCTAssertEqual(state.json, ["type": .string(state.wireType)])
            XCTAssertEqual(try ConflictState(json: ["type": .string(state.wireType)]), state)
        }
        XCTAssertEqual(ConflictState.none.json, ["type": "NONE"])
        XCTAssertEqual(ConflictResolution.keepLocal.json, ["type": "KEEP_LOCAL"])
        XCTAssertEqual(try ConflictResolution(json: ["type": "ACCEPT_REMOTE"]), .acceptRemote)
    }

    func testTheOtherSpellingOfAnEnumIsRefused() {
        XCTAssertThrowsError(try RecordState(json: ["type": "ACTIVE"]))
        XCTAssertThrowsError(try RecordPermission(json: ["type": "VIEW"]))
        XCTAssertThrowsError(try InviteStatus(json: ["type": "PENDING"]))
        XCTAssertThrowsError(try ConflictState(json: "NONE"))
        XCTAssertThrowsError(try ConflictResolution(json: "KEEP_LOCAL"))
        XCTAssertThrowsError(try RecordState(json: "active"), "the spelling is SCREAMING_SNAKE")
    }

    func testAHeaderAndAnInviteCarryTheSpellingsOfTheTable() throws {
        let header = RecordHeader(
            id: "D_1", schema: "note", version: 1, state: .active, permission: .view, createdAt: 1, updatedAt: 2,
            sync: RecordSync(dirty: false, conflict: .remoteChanged))
        XCTAssertEqual(header.json["state"], "ACTIVE")
        XCTAssertEqual(header.json["permission"], "VIEW")
        XCTAssertEqual(header.json["sync"]?["conflict"], ["type": "REMOTE_CHANGED"])
        XCTAssertEqual(try RecordHeader(json: header.json), header)
        let invite = ShareInvite(
            id: "inv_1", recordId: "rec_1", schema: "note", email: "a@example.org", permission: .view,
            status: .pending, createdAt: 3)
        XCTAssertEqual(invite.json["permission"], "VIEW")
        XCTAssertEqual(invite.json["status"], "PENDING")
        XCTAssertEqual(try ShareInvite(json: invite.json), invite)
        let action: JSONValue = [
            "type": "SHARE",
            "value": [
                "value": [
                    "type": "INVITE", "value": ["recordId": "rec_1", "email": "a@example.org", "permission": "VIEW"],
                ]
            ],
        ]
        XCTAssertEqual(
            try VaultAction(json: action),
            .share(value: .invite(recordId: "rec_1", email: "a@example.org", permission: .view)))
    }
}

extension VaultEnumWireTests {
    func testASnapshotsShareWithTheEarlierPermissionObjectStillReadsWhileTheWireRefusesIt() throws {
        let earlier = Data(
            #"{"type":"INVITE","value":{"recordId":"rec_1","email":"a@example.org","permission":{"type":"VIEW"}}}"#.utf8
        )
        XCTAssertEqual(
            try JSONDecoder().decode(VaultShare.self, from: earlier),
            .invite(recordId: "rec_1", email: "a@example.org", permission: .view))
        let now = VaultShare.invite(recordId: "rec_1", email: "a@example.org", permission: .view)
        XCTAssertEqual(try JSONDecoder().decode(VaultShare.self, from: try JSONEncoder().encode(now)), now)
        XCTAssertThrowsError(try VaultShare(json: try JSONParser.parse(String(decoding: earlier, as: UTF8.self))))
    }
}
