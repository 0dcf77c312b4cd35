import Bus
import FolioAPI
import FolioModel
import StoreKit
import StoreKitTesting
import WireModel
import XCTest

@testable import InquiryService

/// The InquiryStore's contract (docs/inquiry-store.md): the schemas of its model and actions are complete, every
/// action a client may send decodes and matches them, and what either refuses the other refuses too.
final class InquiryStoreContractTests: InquiryReducerTestCase {
    var contract: StoreContract {
        guard let contract = InquiryReducer.contract else { preconditionFailure("InquiryReducer declares no contract") }
        return contract
    }

    func testEveryReferenceInTheContractNamesASchemaOfTheContractAndEverySchemaIsReached() throws {
        try StoreContractChecks(InquiryReducer.self).assertSelfContained(
            model: "InquiryUiModel", action: "InquiryAction")
    }

    func testTheContractNamesTheUiModelAndTheActionAsTheDocsDo() {
        XCTAssertEqual(contract.modelName, "InquiryUiModel")
        XCTAssertEqual(contract.actionName, "InquiryAction")
        for name in ["InquiryView", "InquiryStatus", "CaptureTrigger", "InquiryErrorPlacement", "InquiryBytes"] {
            XCTAssertNotNil(contract.schemas[name], name)
        }
    }

    func testOneExampleOfEveryActionDecodesReadsBackAndMatchesTheActionSchema() throws {
        for example in Self.actions {
            let action = try InquiryReducer.decodeAction(example)
            XCTAssertEqual(action.json, example, "the example is the action's own wire shape")
            XCTAssertEqual(contract.actionViolations(example), [], "\(example)")
        }
    }

    func testTheActionExamplesCoverEveryCaseOfTheActionSchemas() {
        let acts = Self.actions.filter { $0["type"] == "ACT" }.compactMap { $0["value"] }
        let edits = acts.filter { $0["type"] == "EDIT" }.compactMap { $0["value"]?["value"] }
        let entries = Self.actions.compactMap { $0["value"]?["entry"] }
        let sources = entries.compactMap { $0["value"]?["source"] }
        let targets = acts.compactMap { $0["value"]?["target"] }
        let covered: [(String, [JSONValue])] = [
            ("InquiryAction", Self.actions), ("InquiryIntent", acts), ("InquiryFieldValue", edits),
            ("InquiryEntry", entries), ("ResumeSource", sources), ("LinkTarget", targets),
        ]
        for (name, values) in covered {
            XCTAssertEqual(Set(values.compactMap { $0["type"]?.stringValue }), caseNames(name), name)
        }
        XCTAssertEqual(caseNames("InquiryIntent"), Set(InquiryIntent.types))
        XCTAssertEqual(
            Set(acts.compactMap { $0["value"]?["mode"]?.stringValue }), Set(CaptureMode.allCases.map(\.rawValue)))
    }

    func testASameDeviceResumeWithoutValueIsTakenByTheDecoderAndTheSchema() throws {
        let action: JSONValue = [
            "type": "OPEN", "value": ["entry": ["type": "RESUME", "value": ["source": ["type": "SAME_DEVICE"]]]],
        ]
        XCTAssertEqual(
            try InquiryReducer.decodeAction(action), .open(entry: .resume(source: .sameDevice(inquiryId: nil))))
        XCTAssertEqual(contract.actionViolations(action), [])
    }

    func testAnActionWithAnUnknownMemberAWrongTypeOrAnUnknownCaseIsRefusedByTheDecoderAndTheSchema() {
        let invalid: [(String, JSONValue)] = [
            ("a member beside type", ["type": "STATUS", "extra": 1]),
            ("a value on a case without fields", ["type": "CLOSE", "value": ["now": true]]),
            ("a misspelt member", ["type": "ACT", "value": ["type": "EDIT", "value": ["kee": "name"]]]),
            ("a missing member", ["type": "OPEN", "value": [:]]),
            ("a toggle that is no boolean", Self.act(Self.edit("terms", "TOGGLE", ["checked": "yes"]))),
            ("a width that is a string", Self.act(["type": "PREVIEW_FRAME", "value": Self.frame(width: "640")])),
            ("a negative width", Self.act(["type": "PREVIEW_FRAME", "value": Self.frame(width: -1)])),
            (
                "bytes that are no base64",
                Self.act([
                    "type": "UPLOAD_CAPTURE",
                    "value": ["captureSessionId": "cs_1", "field": "selfie_photo", "bytes": "not base64!"],
                ])
            ),
            ("a type that is no string", ["type": 5]),
            ("an unknown action", ["type": "JUMP"]),
            ("an unknown intent", Self.act(["type": "SWIPE"])),
            ("an unknown field value", Self.act(Self.edit("color", "COLOR", ["value": "red"]))),
            ("an unknown link target", Self.act(["type": "OPEN_LINK", "value": ["target": ["type": "NEW_TAB"]]])),
            ("an unknown capture mode", Self.act(["type": "CAPTURE", "value": ["field": "scan", "mode": "SCANNER"]])),
        ]
        for (what, action) in invalid {
            XCTAssertThrowsError(try InquiryReducer.decodeAction(action), "the decoder takes \(what)")
            XCTAssertNotEqual(contract.actionViolations(action), [], "the schema takes \(what)")
        }
    }

    func testAModelPartTheReaderRefusesIsRefusedByItsSchemaToo() {
        let validator = JSONSchemaValidator(definitions: contract.schemas)
        let field = { (kind: String, extra: JSONObject) -> JSONValue in
            Fixtures.field(kind, "f", extra)["value"] ?? .null
        }
        let invalid: [(String, JSONSchema, JSONValue)] = [
            ("a checkbox whose value is a string", FieldView.ref, field("CHECKBOX", ["value": "yes"])),
            ("a text field with options", FieldView.ref, field("TEXT", ["options": []])),
            ("a phone field without input", FieldView.ref, field("PHONE", [:])),
            (
                "a masked field without mask", FieldView.ref,
                Fixtures.field("MASKED", "f", constraints: ["pattern": "##"])["value"] ?? .null
            ),
            (
                "an EXTERNAL terminal redirect", StageContent.ref,
                Fixtures.terminalStage(.completed, redirect: nil).json["content"].map {
                    var content = $0.objectValue ?? [:]
                    content["value"] = [
                        "outcome": "COMPLETED",
                        "redirect": ["type": "EXTERNAL", "value": ["url": "https://a.example/"]],
                    ]
                    return .object(content)
                } ?? .null
            ),
            (
                "an inquiry whose status is a number", InquiryView.ref,
                ["id": "inq_1", "stage": Fixtures.screenStage().json, "status": 1]
            ),
        ]
        for (what, schema, value) in invalid {
            XCTAssertNotEqual(validator.violations(of: value, against: schema), [], "the schema takes \(what)")
        }
        XCTAssertThrowsError(try FieldView(json: invalid[0].2), "the reader refuses what the schema refuses")
        var model = InquiryReducer().model(of: runningState()).objectValue ?? [:]
        model["loading"] = "no"
        model["stage"] = [:]
        XCTAssertEqual(contract.modelViolations(.object(model)).count, 2, "a wrong type and an unknown member")
    }

    /// The names of the cases a tagged schema (a `oneOf` of `{type: const}` objects) or a string enumeration has.
    func caseNames(_ name: String) -> Set<String> {
        guard let json = contract.schemas[name]?.json else { return [] }
        if let values = json["enum"]?.arrayValue { return Set(values.compactMap(\.stringValue)) }
        return Set(
            (json["oneOf"]?.arrayValue ?? []).compactMap { $0["properties"]?["type"]?["const"]?.stringValue })
    }
}

extension InquiryStoreContractTests {
    static func act(_ intent: JSONValue) -> JSONValue { ["type": "ACT", "value": intent] }

    static func edit(_ key: String, _ type: String, _ value: JSONValue) -> JSONValue {
        ["type": "EDIT", "value": ["key": .string(key), "value": ["type": .string(type), "value": value]]]
    }

    static func frame(width: JSONValue) -> JSONValue { ["width": width, "height": 2, "bytes": "AAECAwQFBgc="] }

    static func open(_ entry: JSONValue) -> JSONValue { ["type": "OPEN", "value": ["entry": entry]] }

    static func link(_ type: String, _ url: String) -> JSONValue {
        ["type": "OPEN_LINK", "value": ["target": ["type": .string(type), "value": ["url": .string(url)]]]]
    }

    /// One example of every action, intent, entry, resume source, field value, link target and capture mode, in the
    /// shapes docs/inquiry-store.md gives.
    static let actions: [JSONValue] =
        [
            open(["type": "START", "value": ["launchCode": "LC-7f3k"]]),
            open(["type": "RESUME", "value": ["source": ["type": "SAME_DEVICE", "value": ["inquiryId": "inq_1"]]]]),
            open(["type": "RESUME", "value": ["source": ["type": "SAME_DEVICE", "value": [:]]]]),
            open(["type": "RESUME", "value": ["source": ["type": "ANOTHER_DEVICE", "value": ["code": "HX-4471"]]]]),
            ["type": "CLOSE"],
            ["type": "STATUS"],
        ] + intents.map(act)

    /// Every intent; buttons of the model carry them too.
    static let intents: [JSONValue] = [
        ["type": "SUBMIT"],
        edit("name", "TEXT", ["text": "Ada\nLovelace"]),
        edit("document_type", "SELECTION", ["value": "PASSPORT"]),
        edit("colors", "SELECTIONS", ["values": ["red", "blue"]]),
        edit("terms", "TOGGLE", ["checked": true]),
        edit("appointment", "DATE", ["value": "2026-06-01T14:30"]),
        edit(
            "home", "ADDRESS",
            ["parts": [["part": "LINE1", "value": "Hauptstraße 1"], ["part": "CITY", "value": "Berlin"]]]),
        ["type": "BACK"],
        ["type": "CANCEL"],
        ["type": "COMPLETE"],
        ["type": "RETRY"],
        link("EXTERNAL", "https://folio.id/terms"),
        link("UNIVERSAL", "https://app.example.com/done"),
        link("IN_APP", "https://folio.id/help"),
        ["type": "LINK_REFUSED", "value": ["url": "https://app.example.com/done"]],
        ["type": "CAPTURE", "value": ["field": "scan", "mode": "CAMERA"]],
        ["type": "CAPTURE", "value": ["field": "scan", "mode": "FILE_PICKER"]],
        ["type": "CAPTURE", "value": ["field": "scan", "mode": "CAMERA_OR_FILE"]],
        [
            "type": "UPLOAD",
            "value": ["field": "chip", "fileName": "DG1", "mimeType": "application/octet-stream", "bytes": "YWJj"],
        ],
        ["type": "SET_LOCALE", "value": ["locale": "de"]],
        ["type": "HANDOFF"],
        ["type": "CONTINUE_HERE"],
        ["type": "PREVIEW_FRAME", "value": frame(width: 4)],
        ["type": "SUBMIT_CAPTURE", "value": ["captureSessionId": "cs_1", "transactionId": "tx_1"]],
        ["type": "UPLOAD_CAPTURE", "value": ["captureSessionId": "cs_1", "field": "selfie_photo", "bytes": "/9j/"]],
        ["type": "FILE_UNREADABLE", "value": ["field": "scan"]],
    ]
}
