import DocumentReceiver
import FolioAPI
import FolioModel
import StoreKit
import StoreKitTesting
import WireModel
import XCTest

/// FolioDocumentListStore's contract: `FolioDocumentListUiModel` and `FolioDocumentListAction` with every schema
/// they reach (docs/documents.md).
final class DocumentListStoreContractTests: XCTestCase {
    private func decode(_ json: JSONValue) throws -> FolioDocumentListAction {
        try DocumentListReducer.decodeAction(json)
    }

    func testEveryReferenceResolvesWithinTheContract() throws {
        try StoreContractChecks(DocumentListReducer.self).assertSelfContained(
            model: "FolioDocumentListUiModel", action: "FolioDocumentListAction")
    }

    func testEveryActionCaseIsReadAndConformsToTheActionSchema() throws {
        let checks = try StoreContractChecks(DocumentListReducer.self)
        let actions = [#"{"type":"REFRESH"}"#, #"{"type":"RETRY"}"#, #"{"type":"ACKNOWLEDGE"}"#].map {
            StoreContractChecks.json($0)
        }
        for action in actions { checks.assertAccepted(action, decode: decode, encode: \.json) }
        XCTAssertEqual(StoreContractChecks.types(actions), checks.caseTypes(of: "FolioDocumentListAction"))
    }

    func testAnActionWithAnUnknownMemberAWrongTypeOrAnUnknownCaseIsRefused() throws {
        let checks = try StoreContractChecks(DocumentListReducer.self)
        for text in [
            #"{"type":"REFRESH","force":true}"#, #"{"type":"RETRY","value":{"id":"D_1"}}"#, #"{"type":["REFRESH"]}"#,
            #""REFRESH""#, #"{"type":"DELETE"}"#,
        ] {
            checks.assertRefused(StoreContractChecks.json(text), decode: decode)
        }
    }

    func testModelsOfEveryReceptionAndDocumentShapeConformToTheModelSchema() throws {
        let checks = try StoreContractChecks(DocumentListReducer.self)
        let receptions: [FolioDocumentReception] = [
            .idle, .receiving, .failed(text: "Couldn’t receive the document", retry: "Retry"),
            .notIssued(text: "The issuer declined to issue the document"), .received(id: "D_1"),
        ]
        for reception in receptions {
            checks.assertModel(
                FolioDocumentListUiModel(items: FolioDocumentSamples.documents, reception: reception).json)
            checks.assertModel(FolioDocumentListUiModel(items: [], reception: reception).json)
        }
        XCTAssertEqual(
            StoreContractChecks.types(receptions.map(\.json)), checks.caseTypes(of: "FolioDocumentReception"))
        XCTAssertEqual(
            Set(FolioDocumentStatus.allCases.map(\.wireType)), checks.caseTypes(of: "FolioDocumentStatus"))
        checks.assertModel(
            StoreContractChecks.json(
                #"{"items":[\#(FolioDocumentSamples.documented)],"reception":{"type":"RECEIVED","value":{"id":"D_1"}}}"#
            ))
    }

    func testAModelWithAnUnknownMemberOrCaseBreaksTheModelSchema() throws {
        let checks = try StoreContractChecks(DocumentListReducer.self)
        for text in [
            #"{"items":[],"reception":{"type":"IDLE"},"error":null}"#,
            #"{"items":[],"reception":{"type":"PAUSED"}}"#,
            #"{"items":[],"reception":{"type":"FAILED","value":{"text":"Couldn’t receive the document"}}}"#,
            #"{"items":[{"id":"D_1"}],"reception":{"type":"IDLE"}}"#,
        ] {
            XCTAssertNotEqual(checks.contract.modelViolations(StoreContractChecks.json(text)), [], text)
        }
    }
}
