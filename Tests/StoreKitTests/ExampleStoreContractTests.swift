import FolioAPI
import FolioModel
import StoreKit
import StoreKitTesting
import XCTest

/// The example counter's contract: `ExampleModel` and `ExampleAction` (docs/wire-api.md, `example.mount`).
final class ExampleStoreContractTests: XCTestCase {
    private func decode(_ json: JSONValue) throws -> ExampleCounter.Action { try ExampleCounter.decodeAction(json) }

    func testEveryReferenceResolvesWithinTheContract() throws {
        try StoreContractChecks(ExampleCounter.self).assertSelfContained(model: "ExampleModel", action: "ExampleAction")
    }

    func testEveryActionCaseIsReadAndConformsToTheActionSchema() throws {
        let checks = try StoreContractChecks(ExampleCounter.self)
        let actions = [
            #"{"type":"INCREMENT","value":{"by":2}}"#, #"{"type":"INCREMENT","value":{"by":-5}}"#,
            #"{"type":"ECHO","value":{"text":"hi"}}"#, #"{"type":"FRAME"}"#,
        ].map { StoreContractChecks.json($0) }
        for action in actions { checks.assertAccepted(action, decode: decode, encode: \.json) }
        XCTAssertEqual(StoreContractChecks.types(actions), checks.caseTypes(of: "ExampleAction"))
        XCTAssertEqual(
            try decode(StoreContractChecks.json(#"{"type":"INCREMENT","value":{"by":2}}"#)), .increment(by: 2))
    }

    func testAnActionWithAnUnknownMemberAWrongTypeOrAnUnknownCaseIsRefused() throws {
        let checks = try StoreContractChecks(ExampleCounter.self)
        for text in [
            #"{"type":"INCREMENT","value":{"by":2,"times":3}}"#, #"{"type":"FRAME","value":{"at":1}}"#,
            #"{"type":"ECHO","value":{"text":"hi"},"id":1}"#, #"{"type":"INCREMENT","value":{"by":"2"}}"#,
            #"{"type":"INCREMENT","value":{"by":1.5}}"#, #"{"type":"ECHO","value":{"text":7}}"#,
            #"{"type":"INCREMENT"}"#, #""FRAME""#, #"{"type":"DECREMENT","value":{"by":1}}"#,
        ] {
            checks.assertRefused(StoreContractChecks.json(text), decode: decode)
        }
    }

    func testModelsWithAndWithoutAnEchoConformToTheModelSchema() throws {
        let checks = try StoreContractChecks(ExampleCounter.self)
        for state in [
            ExampleCounter.State(), ExampleCounter.State(count: -3, pendingEchoes: 2, lastEcho: "HI", frames: 7),
        ] {
            checks.assertModel(ExampleCounter().model(of: state))
        }
        for text in [
            #"{"count":4,"pending":1,"frames":2}"#, #"{"count":4,"pending":1,"lastEcho":null,"frames":2,"x":0}"#,
        ] {
            XCTAssertNotEqual(checks.contract.modelViolations(StoreContractChecks.json(text)), [], text)
        }
    }
}
