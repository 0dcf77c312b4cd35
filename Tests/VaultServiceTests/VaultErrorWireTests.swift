import FolioModel
import VaultService
import WireModel
import XCTest

/// Spec "Errors": every VaultError as the wire carries it, `{type, value: {message}}`, and the two cases
/// without fields as `{type}` alone; each reads back as the same case.
final class VaultErrorWireTests: XCTestCase {
    func testEveryVaultErrorsPayloadOnTheWireIsItsTypeAndMessageOrItsTypeAloneAndReadsBack() throws {
        let withMessage: [(VaultError, String)] = [
            (.unknownSchema(message: "m1"), "UNKNOWN_SCHEMA"), (.codec(message: "m2"), "CODEC"),
            (.permissionDenied(message: "m3"), "PERMISSION_DENIED"),
            (.schemaMismatch(message: "m4"), "SCHEMA_MISMATCH"),
            (.invalidRequest(message: "m5"), "INVALID_REQUEST"), (.notFound(message: "m6"), "NOT_FOUND"),
            (.revisionConflict(message: "m7"), "REVISION_CONFLICT"),
            (.upstreamUnavailable(message: "m8"), "UPSTREAM_UNAVAILABLE"), (.network(message: "m9"), "NETWORK"),
            (.storage(message: "m10"), "STORAGE"),
        ]
        for (error, type) in withMessage {
            let expected: JSONValue = ["type": .string(type), "value": ["message": .string(error.message)]]
            XCTAssertEqual(error.json, expected, type)
            XCTAssertEqual(try VaultError(json: expected, path: "error"), error, type)
        }
        for (error, type) in [
            (VaultError.offlineFolderOpNotSupported, "OFFLINE_FOLDER_OP_NOT_SUPPORTED"),
            (.transientNotSupported, "TRANSIENT_NOT_SUPPORTED"),
        ] {
            XCTAssertEqual(error.json, ["type": .string(type)], type)
            XCTAssertEqual(try VaultError(json: ["type": .string(type)], path: "error"), error, type)
        }
        XCTAssertEqual(withMessage.count + 2, 12, "every case of spec Errors")
        XCTAssertEqual(
            VaultErrorView(.notFound(message: "no record D_1")).json,
            ["details": ["type": "NOT_FOUND", "value": ["message": "no record D_1"]], "message": "no record D_1"],
            "the state's error carries the VaultError as details")
    }
}
