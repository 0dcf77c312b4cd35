import VaultService
import WireModel
import XCTest

/// The rules of spec "VaultWrite" and "Records belong to your organization", one test each.
final class VaultWriteRulesTests: XCTestCase {
    private let note = RecordContent(schema: "note", version: 1, payload: #"{"title":"Visa"}"#)
    private func record(
        _ state: StoredEntry.State = .active, permission: RecordPermission = .owner, settingsPending: Bool = false,
        folioID: String? = "rec_1"
    ) -> StoredEntry {
        StoredEntry(
            id: "D_1", folioID: folioID, kind: .record, schema: "note", state: state, permission: permission,
            settingsPending: settingsPending)
    }
    private let folder = StoredEntry(id: "F_1", folioID: "rec_f", kind: .folder, schema: "folder")

    private func assertFails(
        _ write: VaultWrite, target: StoredEntry?, member: StoredEntry? = nil,
        session: VaultSessionKind = .authenticated,
        _ type: String, line: UInt = #line
    ) {
        XCTAssertThrowsError(
            try VaultWriteRules.check(write, target: target, member: member, session: session), line: line
        ) {
            XCTAssertEqual(($0 as? VaultError)?.wireType, type, "\($0)", line: line)
        }
    }

    func testSchemaNamesFollowTheRuleAndDigitalIsReserved() throws {
        for good in ["note", "id-card_v2", "a", String(repeating: "x", count: 64)] {
            XCTAssertNoThrow(try VaultSchema.check(schema: good), good)
        }
        for bad in ["", "Note", "1note", "note!", "no te", String(repeating: "x", count: 65), "digital"] {
            XCTAssertThrowsError(try VaultSchema.check(schema: bad), bad) {
                XCTAssertEqual(($0 as? VaultError)?.wireType, "UNKNOWN_SCHEMA")
            }
        }
    }

    func testAPayloadThatIsNotJSONFailsWithCodec() {
        assertFails(.create(record: RecordContent(schema: "note", version: 1, payload: "{title")), target: nil, "CODEC")
    }

    func testAPayloadOverTheLimitIsAnInvalidRequest() {
        let big = "\"" + String(repeating: "x", count: VaultSchema.maxPayloadBytes) + "\""
        assertFails(
            .create(record: RecordContent(schema: "note", version: 1, payload: big)), target: nil, "INVALID_REQUEST")
    }

    func testOnlyTheOwnerChangesARecord() {
        let viewed = record(permission: .view)
        for write: VaultWrite in [
            .update(id: "D_1", record: note), .delete(id: "D_1"), .restore(id: "D_1"), .permanentlyDelete(id: "D_1"),
        ] {
            assertFails(write, target: viewed, "PERMISSION_DENIED")
        }
        XCTAssertNoThrow(
            try VaultWriteRules.check(
                .setSettings(id: "D_1", settings: DocumentSettings(favorite: true)), target: viewed,
                session: .authenticated),
            "a viewer writes its own settings")
    }

    func testUpdateOfARecordThatIsNotActiveIsPermissionDenied() {
        assertFails(.update(id: "D_1", record: note), target: record(.deleted), "PERMISSION_DENIED")
    }

    func testARecordKeepsItsSchema() {
        assertFails(
            .update(id: "D_1", record: RecordContent(schema: "memo", version: 1, payload: "{}")), target: record(),
            "SCHEMA_MISMATCH")
    }

    func testLifecycleMovesOneStepAtATime() throws {
        try VaultWriteRules.check(.delete(id: "D_1"), target: record(.active), session: .authenticated)
        try VaultWriteRules.check(.restore(id: "D_1"), target: record(.deleted), session: .authenticated)
        try VaultWriteRules.check(.permanentlyDelete(id: "D_1"), target: record(.deleted), session: .authenticated)
        assertFails(.delete(id: "D_1"), target: record(.deleted), "INVALID_REQUEST")
        assertFails(.restore(id: "D_1"), target: record(.active), "INVALID_REQUEST")
        assertFails(.permanentlyDelete(id: "D_1"), target: record(.active), "INVALID_REQUEST")
        assertFails(.restore(id: "D_1"), target: record(.purged), "NOT_FOUND")
    }

    func testAPendingSettingsChangeBlocksABodyChange() {
        let pending = record(settingsPending: true)
        for write: VaultWrite in [.update(id: "D_1", record: note), .delete(id: "D_1")] {
            assertFails(write, target: pending, "REVISION_CONFLICT")
        }
        assertFails(.restore(id: "D_1"), target: record(.deleted, settingsPending: true), "REVISION_CONFLICT")
        assertFails(.permanentlyDelete(id: "D_1"), target: record(.deleted, settingsPending: true), "REVISION_CONFLICT")
    }

    func testAGuestsPendingSettingsChangeBlocksNoBodyChangeSinceAGuestVaultPushesNothing() throws {
        let pending = record(settingsPending: true, folioID: nil)
        try VaultWriteRules.check(.update(id: "D_1", record: note), target: pending, session: .transient)
        try VaultWriteRules.check(.delete(id: "D_1"), target: pending, session: .transient)
        let deleted = record(.deleted, settingsPending: true, folioID: nil)
        try VaultWriteRules.check(.restore(id: "D_1"), target: deleted, session: .transient)
        try VaultWriteRules.check(.permanentlyDelete(id: "D_1"), target: deleted, session: .transient)
    }

    func testFolderChangesNeedAConnectionInASignedInSessionOnly() throws {
        let folderWrites: [VaultWrite] = [
            .createFolder(folder: note), .updateFolder(id: "F_1", folder: note), .setFolderOpen(id: "F_1", open: true),
            .deleteFolder(id: "F_1"), .addToFolder(folderId: "F_1", recordId: "D_1"),
            .removeFromFolder(folderId: "F_1", recordId: "D_1"),
        ]
        for write in folderWrites {
            XCTAssertThrowsError(try VaultWriteRules.checkSession(write, session: .authenticated, network: .offline)) {
                XCTAssertEqual(($0 as? VaultError)?.wireType, "OFFLINE_FOLDER_OP_NOT_SUPPORTED")
            }
            XCTAssertThrowsError(try VaultWriteRules.checkSession(write, session: .authenticated, network: .unknown)) {
                XCTAssertEqual(($0 as? VaultError)?.wireType, "UPSTREAM_UNAVAILABLE")
            }
            try VaultWriteRules.checkSession(write, session: .authenticated, network: .online)
            try VaultWriteRules.checkSession(write, session: .transient, network: .offline)
        }
        try VaultWriteRules.checkSession(.create(record: note), session: .authenticated, network: .offline)
    }

    func testAddToFolderWaitsUntilBothReachedFolioInASignedInSession() throws {
        let add = VaultWrite.addToFolder(folderId: "F_1", recordId: "D_1")
        assertFails(add, target: folder, member: record(folioID: nil), "INVALID_REQUEST")
        var localFolder = folder
        localFolder.folioID = nil
        assertFails(add, target: localFolder, member: record(), "INVALID_REQUEST")
        try VaultWriteRules.check(add, target: folder, member: record(), session: .authenticated)
        try VaultWriteRules.check(add, target: localFolder, member: record(folioID: nil), session: .transient)
        assertFails(add, target: folder, member: record(.purged), "INVALID_REQUEST")
    }

    func testAFolderCannotContainItself() throws {
        XCTAssertThrowsError(try VaultWriteRules.checkNoCycle(folderId: "F_1", memberId: "F_1", ancestors: []))
        XCTAssertThrowsError(try VaultWriteRules.checkNoCycle(folderId: "F_2", memberId: "F_1", ancestors: ["F_1"])) {
            XCTAssertEqual(($0 as? VaultError)?.wireType, "INVALID_REQUEST")
        }
        try VaultWriteRules.checkNoCycle(folderId: "F_2", memberId: "F_3", ancestors: ["F_1"])
    }

    func testResolveConflictNeedsAConflictAndASignedInSession() {
        assertFails(.resolveConflict(id: "D_1", resolution: .acceptRemote), target: record(), "INVALID_REQUEST")
        XCTAssertThrowsError(
            try VaultWriteRules.checkSession(
                .resolveConflict(id: "D_1", resolution: .keepLocal), session: .transient, network: .online)
        ) { XCTAssertEqual(($0 as? VaultError)?.wireType, "TRANSIENT_NOT_SUPPORTED") }
        XCTAssertThrowsError(try VaultWriteRules.checkSignedIn(.transient))
    }

    func testAnUnknownIdIsNotFound() {
        assertFails(.update(id: "D_9", record: note), target: nil, "NOT_FOUND")
        assertFails(.deleteFolder(id: "F_9"), target: nil, "NOT_FOUND")
        assertFails(.updateFolder(id: "D_1", folder: note), target: record(), "NOT_FOUND")
    }

    func testSchemaNamesAreQualifiedWithTheOrganizationAtFolioOnly() {
        XCTAssertEqual(FolioSchemaName.qualified("note", organization: "org_bluebank"), "org_bluebank:note")
        XCTAssertEqual(FolioSchemaName.qualified("note", organization: nil), "note")
        XCTAssertEqual(FolioSchemaName.local("org_bluebank:note"), "note")
        XCTAssertEqual(FolioSchemaName.local("note"), "note", "a name Folio holds unqualified stays")
    }
}
