import DocumentReceiver
import FolioAPI
import FolioModel
import StoreKit
import StoreKitTesting
import WireModel
import XCTest

/// FolioDocumentStore's contract: `FolioDocumentUiModel` and `FolioDocumentAction` with every schema they reach
/// (docs/documents.md).
final class DocumentStoreContractTests: XCTestCase {
    private func decode(_ json: JSONValue) throws -> FolioDocumentAction { try DocumentReducer.decodeAction(json) }

    func testEveryReferenceResolvesWithinTheContract() throws {
        try StoreContractChecks(DocumentReducer.self).assertSelfContained(
            model: "FolioDocumentUiModel", action: "FolioDocumentAction")
    }

    func testTheDocumentSchemasAreTheListStoresToo() throws {
        let document = try StoreContractChecks(DocumentReducer.self).contract.schemas
        let list = try StoreContractChecks(DocumentListReducer.self).contract.schemas
        for type in FolioDocument.wireTypes {
            XCTAssertNotNil(document[type.wireName], type.wireName)
            XCTAssertEqual(document[type.wireName], list[type.wireName], type.wireName)
        }
        XCTAssertNotNil(document["AttachmentRef"], "the spec's name of a photo's reference")
    }

    func testEveryActionCaseIsReadAndConformsToTheActionSchema() throws {
        let checks = try StoreContractChecks(DocumentReducer.self)
        let actions = [StoreContractChecks.json(#"{"type":"REFRESH"}"#)]
        for action in actions { checks.assertAccepted(action, decode: decode, encode: \.json) }
        XCTAssertEqual(StoreContractChecks.types(actions), checks.caseTypes(of: "FolioDocumentAction"))
    }

    func testAnActionWithAnUnknownMemberAWrongTypeOrAnUnknownCaseIsRefused() throws {
        let checks = try StoreContractChecks(DocumentReducer.self)
        for text in [
            #"{"type":"REFRESH","id":"D_1"}"#, #"{"type":"REFRESH","value":{"id":"D_1"}}"#, #"{"type":true}"#,
            #"["REFRESH"]"#, #"{"type":"ACKNOWLEDGE"}"#,
        ] {
            checks.assertRefused(StoreContractChecks.json(text), decode: decode)
        }
    }

    func testModelsOfEveryPhaseWithAndWithoutDocumentAndErrorConformToTheModelSchema() throws {
        let checks = try StoreContractChecks(DocumentReducer.self)
        for phase in FolioDocumentPhase.allCases {
            for document in [nil] + FolioDocumentSamples.documents {
                for error in [nil, "the vault cannot be read"] {
                    checks.assertModel(FolioDocumentUiModel(phase: phase, document: document, error: error).json)
                }
            }
        }
        XCTAssertEqual(Set(FolioDocumentPhase.allCases.map(\.wireType)), checks.caseTypes(of: "FolioDocumentPhase"))
        checks.assertModel(
            StoreContractChecks.json(
                #"{"phase":{"type":"READY"},"document":\#(FolioDocumentSamples.documented),"error":{"type":"READ_FAILED","value":{"message":"timeout"}}}"#
            ))
    }

    func testAModelWithAnUnknownMemberOrCaseBreaksTheModelSchema() throws {
        let checks = try StoreContractChecks(DocumentReducer.self)
        for text in [
            #"{"phase":{"type":"LOADING"},"id":"D_1"}"#,
            #"{"phase":{"type":"GONE"}}"#,
            #"{"phase":{"type":"READY"},"error":{"type":"READ_FAILED"}}"#,
            #"{"phase":{"type":"READY"},"error":"timeout"}"#,
            #"{"phase":{"type":"READY"},"document":{"id":"D_1","photos":[{"key":"k","label":"l","image":{"attachmentId":"a","image":{"width":1,"height":1,"file":{"type":"GIF"}}}}]}}"#,
        ] {
            XCTAssertNotEqual(checks.contract.modelViolations(StoreContractChecks.json(text)), [], text)
        }
    }
}
