import FolioAPI
import FolioModel
import XCTest

@testable import InquiryService

/// Models of every screen element, field kind, container layout and stage content match the InquiryUiModel schema.
extension InquiryStoreContractTests {
    typealias Field = InquiryFixtures

    func testAScreenOfEveryElementFieldKindAndLayoutMatchesTheModelSchema() {
        let state = runningState(stage: Self.screen(Self.everyElement))
        _ = checkedModel(of: state)
        XCTAssertEqual(
            Set(Self.everyField.compactMap { $0["value"]?["type"]?.stringValue }),
            Set(FieldKind.allCases.map(\.rawValue)))
    }

    func testAScreenShowingKeptValuesFieldErrorsAndAFieldErrorMatchesTheModelSchema() {
        var state = runningState(stage: Self.screen(Self.everyElement))
        state.kept = [
            "name": .text("Grace"), "birth": .text("01.02.19"), "appointment": .dateTime("2026-06-01T14:30"),
            "color": .selection("blue"), "colors": .selections(["red"]), "terms": .toggle(false),
            "home": .address(AddressPart.allCases.map { AddressPartValue(part: $0, value: $0.rawValue) }),
            "scan_camera": .file(FileValue(fileId: "file_1", fileName: "a.jpg", sizeBytes: 1234)),
            "phone": .phone(country: "US", national: "(201) 555-0123"),
        ]
        state.fieldErrors = ["birth": "You must be at least 18 years old."]
        state.error = .fileUnreadable(field: "scan_camera")
        let model = checkedModel(of: state)
        XCTAssertEqual(model["error"]?["placement"]?["type"], "FIELD")
    }

    func testHandoffAndTerminalStagesMatchTheModelSchema() {
        let handoffs = [
            HandoffView(
                kind: .qr, code: "HX-4471", qr: "https://folio.id/h/HX-4471",
                link: .external(url: "https://folio.id/h/HX-4471"), expiresAtMs: 1_900_000_000_000),
            HandoffView(kind: .qr, code: "HX-4471", qr: "folio:HX-4471", link: nil, expiresAtMs: 1_900_000_000_000),
        ]
        for handoff in handoffs {
            let stage = InquiryStage(navigation: nil, errors: nil, content: .handoff(handoff))
            _ = checkedModel(of: runningState(stage: stage))
        }
        for outcome in TerminalOutcome.allCases {
            for redirect in ["https://app.example.com/done", nil] {
                var state = runningState(stage: Fixtures.terminalStage(outcome, redirect: redirect))
                state.status = InquiryStatus(rawValue: outcome.rawValue)
                _ = checkedModel(of: state)
            }
        }
    }

    func testEveryFieldKindsSchemaNamesExactlyTheMembersItsReaderTakes() {
        let common: Set = ["id", "key", "required", "readOnly", "constraints", "error"]
        for kind in FieldKind.allCases {
            let members = Set(kind.schema.json["properties"]?.objectValue?.keys.map { $0 } ?? [])
            XCTAssertEqual(members, common.union(kind.members), kind.rawValue)
        }
    }

    /// A screen stage with a navigation bar and one container per layout, each holding `elements`.
    static func screen(_ elements: [JSONValue]) -> InquiryStage {
        let layouts: [JSONValue] = [
            ["type": "HEADER"], ["type": "CONTENT"], ["type": "ACTION"], ["type": "FOOTER"],
            ["type": "CUSTOM", "value": ["gap": 8, "paddingTop": 12.5, "paddingBottom": 0]],
        ]
        let containers = layouts.enumerated().map { index, layout -> JSONValue in
            ["id": .string("c\(index)"), "layout": layout, "elements": index == 1 ? JSONValue.array(elements) : []]
        }
        let json: JSONValue = [
            "navigation": [
                "canGoBack": true, "canComplete": false,
                "bar": [
                    "backLabel": "Back", "closeLabel": "Close",
                    "cancelDialog": [
                        "title": "Leave?", "prompt": "Your answers are lost.", "confirmText": "Leave",
                        "dismissText": "Stay",
                    ],
                ],
            ],
            "errors": ["transportError": "Something went wrong."],
            "content": ["type": "SCREEN", "value": ["stepId": "everything", "containers": .array(containers)]],
        ]
        do {
            return try InquiryStage(json: json, path: "stage")
        } catch {
            preconditionFailure("the screen does not decode: \(error)")
        }
    }

    /// Texts of every style and color, images of every preset and scale, buttons of every style carrying every
    /// intent, a language selector and every field.
    static var everyElement: [JSONValue] {
        var elements: [JSONValue] = []
        for (index, style) in TextStyle.allCases.enumerated() {
            let color = TextColorView.allCases[index % TextColorView.allCases.count]
            elements.append([
                "type": "TEXT",
                "value": ["id": .string("t\(index)"), "text": "Hello", "style": style.json, "color": color.json],
            ])
        }
        for (index, preset) in ImagePresetView.allCases.enumerated() {
            let scale = ImageScale.allCases[index % ImageScale.allCases.count]
            let image: JSONValue = ["type": "PRESET", "value": ["preset": preset.json]]
            elements.append([
                "type": "IMAGE", "value": ["id": .string("i\(index)"), "image": image, "scale": scale.json],
            ])
        }
        elements.append([
            "type": "IMAGE",
            "value": [
                "id": "logo", "image": ["type": "ASSET", "value": ["assetId": "logo.png"]], "scale": "XXL",
                "alt": "Logo",
            ],
        ])
        for (index, intent) in intents.enumerated() {
            let style = ButtonStyle.allCases[index % ButtonStyle.allCases.count]
            elements.append([
                "type": "BUTTON",
                "value": [
                    "id": .string("b\(index)"), "label": "Go", "style": style.json, "intent": intent,
                    "enabled": .bool(index % 2 == 0),
                ],
            ])
        }
        elements.append([
            "type": "LANGUAGE_SELECTOR",
            "value": [
                "id": "languages", "currentLocale": "en",
                "languages": [
                    ["code": "en", "name": "English", "nativeName": "English"],
                    ["code": "de", "name": "German", "nativeName": "Deutsch"],
                ],
            ],
        ])
        return elements + everyField
    }

    static let options: JSONValue = [["value": "red", "label": "Red"], ["value": "blue", "label": "Blue"]]

    /// One field of every kind (FILE once per capture mode), with the members and constraints Folio sends.
    static var everyField: [JSONValue] {
        let weekdays = JSONValue.array(Weekday.allCases.map { .string($0.rawValue) })
        var fields: [JSONValue] = [
            Field.field(
                "TEXT", "name", ["placeholder": "Your name", "value": "Ada", "error": "Too short."],
                constraints: ["minLength": 1, "maxLength": 120]),
            Field.field("URL", "site", ["value": "https://example.com"], constraints: ["maxLength": 200]),
            Field.field("TEXT_AREA", "about", ["value": "Line 1\nLine 2"], constraints: ["maxLength": 500, "rows": 4]),
            Field.field("NUMBER", "count", ["value": "3"], constraints: ["min": 1, "max": 20.5, "decimals": 0]),
            Field.field(
                "MASKED", "code", ["placeholder": "12-345", "value": "12-3"],
                constraints: [
                    "mask": ["format": "##-###", "pattern": "##-###", "placeholder": "12-345", "maxLength": 6]
                ]),
            Field.field(
                "PHONE", "phone",
                [
                    "input": [
                        "country": [
                            "field": "phone.country", "selected": Field.phoneOptions.arrayValue?.first ?? .null,
                        ],
                        "national": ["field": "phone.national", "text": "1512 3456789"],
                    ]
                ],
                constraints: [
                    "countryOptions": Field.phoneOptions, "showCountryCodeSelector": true,
                    "searchPlaceholder": "Search",
                ]),
            Field.field(
                "DATE", "birth", ["placeholder": "DD.MM.YYYY", "value": "01.02.2000"],
                constraints: Field.dateConstraints(allowFuture: false, minAge: 18)),
            Field.field(
                "DATE", "appointment", ["value": "2026-06-01T14:30"],
                constraints: [
                    "mask": ["format": "YYYY-MM-DDTHH:MM", "pattern": "####-##-##T##:##", "maxLength": 16],
                    "includeTime": true, "min": "2026-01-01", "max": "2026-12-31", "allowPast": false,
                    "allowFuture": true, "minAgeYears": 0, "maxAgeYears": 120, "disabledWeekdays": weekdays,
                    "timeZone": "Europe/Berlin",
                ]),
            Field.field(
                "ADDRESS", "home", ["value": [["part": "LINE1", "value": "Hauptstraße 1"]]],
                constraints: ["parts": .array(AddressPart.allCases.map { .string($0.rawValue) })]),
            Field.field("COUNTRY", "country", ["placeholder": "Country", "options": options, "value": "red"]),
            Field.field("SELECT", "color", ["placeholder": "Pick one", "options": options, "value": "red"]),
            Field.field(
                "MULTI_SELECT", "colors", ["options": options, "value": ["red"]],
                constraints: ["minSelected": 1, "maxSelected": 2]),
            Field.field("RADIO", "size", ["options": options]),
            Field.field("CHECKBOX", "terms", ["text": "I agree", "value": true]),
            Field.field("CHECKBOX_GROUP", "extras", ["options": options, "value": []]),
        ]
        for mode in CaptureMode.allCases {
            fields.append(
                Field.field(
                    "FILE", "scan_\(mode.rawValue.lowercased())",
                    ["capture": mode.json, "value": ["fileId": "file_0", "fileName": "id.pdf", "sizeBytes": 10]],
                    constraints: ["accept": ["image/jpeg", "application/pdf"], "maxBytes": 33_554_432]))
        }
        fields.append(Field.field("FILE", "attachment", ["readOnly": true], constraints: [:]))
        return fields
    }
}
