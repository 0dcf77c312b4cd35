import Bus
import FolioAPI
import FolioModel
import StoreKit
import StoreKitTesting
import VaultService
import WireModel
import XCTest

/// VaultStore's wire contract (`VaultReducer.contract`): its schemas reference only each other, every action
/// the reducer reads conforms to the action schema and every one it refuses breaks it, and models of every
/// case conform to the model schema.
final class VaultStoreContractTests: XCTestCase {
    private var contract: StoreContract {
        get throws { try XCTUnwrap(VaultReducer.contract) }
    }

    func testEveryRefInTheContractResolvesWithinTheContract() throws {
        try StoreContractChecks(VaultReducer.self).assertSelfContained(model: "VaultUiModel", action: "VaultAction")
    }

    func testOneExampleOfEveryActionCaseDecodesAndConformsToTheActionSchema() throws {
        let contract = try contract
        let examples =
            Self.writes.map { write($0) } + Self.shares.map { share($0) } + [
                ["type": "SYNC"], ["type": "DISMISS_ERROR"],
            ]
        XCTAssertEqual(examples.count, 13 + 4 + 2, "every case of VaultAction, VaultWrite and VaultShare")
        for example in examples {
            XCTAssertNoThrow(try VaultReducer.decodeAction(example), "\(example)")
            XCTAssertEqual(contract.actionViolations(example), [], "\(example)")
        }
    }

    func testActionsTheReducerRefusesBreakTheActionSchemaToo() throws {
        let contract = try contract
        let invalid: [(String, JSONValue)] = [
            ("unknown member", ["type": "SYNC", "extra": true]),
            ("unknown member in a write", write(["type": "DELETE", "value": ["id": "D_a", "force": true]])),
            ("wrong type", write(["type": "SET_FOLDER_OPEN", "value": ["id": "F_a", "open": "yes"]])),
            ("wrong type of an id", write(["type": "DELETE", "value": ["id": 7]])),
            ("an id with a space", write(["type": "DELETE", "value": ["id": "D a"]])),
            ("unknown case", ["type": "REFRESH"]),
            ("unknown write case", write(["type": "MOVE", "value": ["id": "D_a"]])),
            ("a missing member", share(["type": "INVITE", "value": ["recordId": "rec_1", "email": "a@example.org"]])),
            (
                "a permission as an object",
                share([
                    "type": "INVITE",
                    "value": ["recordId": "rec_1", "email": "a@example.org", "permission": ["type": "VIEW"]],
                ])
            ),
            (
                "a resolution as a string",
                write(["type": "RESOLVE_CONFLICT", "value": ["id": "D_a", "resolution": "KEEP_LOCAL"]])
            ),
            ("a case without fields with a value", ["type": "SYNC", "value": ["message": "x"]]),
        ]
        for (name, action) in invalid {
            XCTAssertThrowsError(try VaultReducer.decodeAction(action), name)
            XCTAssertNotEqual(contract.actionViolations(action), [], name)
        }
    }

    func testModelsWithEveryCaseOfEveryEnumConformToTheModelSchema() throws {
        let contract = try contract
        let errors: [VaultError] = [
            .unknownSchema(message: "m"), .codec(message: "m"), .permissionDenied(message: "m"),
            .schemaMismatch(message: "m"), .invalidRequest(message: "m"), .notFound(message: "m"),
            .revisionConflict(message: "m"), .offlineFolderOpNotSupported, .upstreamUnavailable(message: "m"),
            .transientNotSupported, .network(message: "m"), .storage(message: "m"),
        ]
        let phases: [DocSyncPhase] = [
            .idle, .syncing, .degraded(recordFailures: 1, attachmentFailures: 0), .error(message: "1 stored record(s)"),
        ]
        var models = [VaultUiModel()]
        for (index, error) in errors.enumerated() {
            models.append(
                VaultUiModel(
                    records: Self.records, folders: Self.folders, busy: index % 2 == 0, error: VaultErrorView(error),
                    sync: DocSyncStatus(
                        phase: phases[index % phases.count], conflictCount: 3, pending: 2,
                        lastSyncedAt: index % 2 == 0 ? 1_767_225_600 : nil),
                    sharing: Self.sharing))
        }
        for model in models {
            XCTAssertEqual(contract.modelViolations(model.json), [], "\(model.json)")
            XCTAssertEqual(try VaultUiModel(json: model.json), model, "the model reads back")
        }
    }

    func testAModelMemberTheSchemaDoesNotKnowBreaksIt() throws {
        let contract = try contract
        guard case .object(var members) = VaultUiModel(records: Self.records).json else { return XCTFail() }
        members["extra"] = 1
        XCTAssertNotEqual(contract.modelViolations(.object(members)), [])
        guard case .object(var header) = Self.records[0].header.json else { return XCTFail() }
        header["state"] = ["type": "ACTIVE"]
        XCTAssertThrowsError(try RecordHeader(json: .object(header)))
        XCTAssertNotEqual(
            JSONSchemaValidator(definitions: contract.schemas).violations(
                of: .object(header), against: RecordHeader.ref),
            [])
    }

    // MARK: - Examples

    private static let content: JSONValue = ["schema": "note", "version": 1, "payload": "{\"title\":\"Visa\"}"]

    /// One example of every VaultWrite case, as docs/vault-store.md writes them.
    private static let writes: [JSONValue] = [
        ["type": "CREATE", "value": ["record": content]],
        ["type": "UPDATE", "value": ["id": "D_abc", "record": content]],
        ["type": "DELETE", "value": ["id": "rec_1"]],
        ["type": "RESTORE", "value": ["id": "rec_1"]],
        ["type": "PERMANENTLY_DELETE", "value": ["id": "rec_1"]],
        ["type": "CREATE_FOLDER", "value": ["folder": content]],
        ["type": "UPDATE_FOLDER", "value": ["id": "F_abc", "folder": content]],
        ["type": "SET_FOLDER_OPEN", "value": ["id": "F_abc", "open": true]],
        ["type": "DELETE_FOLDER", "value": ["id": "fld_1"]],
        ["type": "ADD_TO_FOLDER", "value": ["folderId": "fld_1", "recordId": "rec_1"]],
        ["type": "REMOVE_FROM_FOLDER", "value": ["folderId": "fld_1", "recordId": "rec_1"]],
        ["type": "SET_SETTINGS", "value": ["id": "rec_1", "settings": ["favorite": true, "label": "mine"]]],
        ["type": "RESOLVE_CONFLICT", "value": ["id": "rec_1", "resolution": ["type": "KEEP_BOTH"]]],
    ]

    private static let shares: [JSONValue] = [
        ["type": "INVITE", "value": ["recordId": "rec_1", "email": "omar@example.org", "permission": "VIEW"]],
        ["type": "ACCEPT", "value": ["inviteId": "inv_1"]],
        ["type": "REJECT", "value": ["inviteId": "inv_1"]],
        ["type": "REVOKE", "value": ["inviteId": "inv_1"]],
    ]

    /// Records of every state, permission and conflict, with and without their optional members.
    private static let records: [VaultRecord] = ConflictState.allCases.enumerated().map { index, conflict in
        let deleted = index % 2 == 1
        return VaultRecord(
            header: RecordHeader(
                id: "D_\(index)", schema: "note", version: UInt32(index), state: deleted ? .deleted : .active,
                permission: index < 2 ? .owner : .view, createdAt: 1, updatedAt: 2, deletedAt: deleted ? 3 : nil,
                revokedAt: index == 3 ? 4 : nil, attachments: index == 0 ? ["AT_aaaa"] : [],
                sync: RecordSync(dirty: index % 2 == 0, conflict: conflict, revision: index == 0 ? nil : 7)),
            metadata: RecordMetadata(
                folders: index == 0 ? ["F_1"] : [],
                settings: index == 1 ? DocumentSettings(favorite: true, label: "mine") : nil),
            payload: "{}")
    }

    private static let folders: [VaultFolder] = [
        VaultFolder(
            header: RecordHeader(
                id: "F_1", schema: "folder", version: 1, state: .active, permission: .owner, createdAt: 1,
                updatedAt: 1, sync: RecordSync(dirty: false)),
            metadata: FolderMetadata(records: ["D_0"], open: true, settings: DocumentSettings()), payload: "{}"),
        VaultFolder(
            header: RecordHeader(
                id: "fld_2", schema: "folder", version: 1, state: .deleted, permission: .owner, createdAt: 1,
                updatedAt: 1, deletedAt: 2, sync: RecordSync(dirty: true, revision: 3)),
            payload: "{}"),
    ]

    private static let sharing = SharingView(
        incoming: [InviteStatus.pending, .accepted].map {
            ShareInvite(
                id: "inv_\($0.rawValue)", recordId: "rec_1", schema: "note", email: "a@example.org",
                permission: .view, status: $0, createdAt: 1)
        },
        outgoing: [InviteStatus.rejected, .revoked].map {
            ShareInvite(
                id: "inv_\($0.rawValue)", recordId: "rec_2", schema: "note", email: "b@example.org",
                permission: .view, status: $0, createdAt: 1, revokedAt: $0 == .revoked ? 2 : nil)
        })

    private func write(_ value: JSONValue) -> JSONValue { ["type": "WRITE", "value": ["value": value]] }
    private func share(_ value: JSONValue) -> JSONValue { ["type": "SHARE", "value": ["value": value]] }
}
