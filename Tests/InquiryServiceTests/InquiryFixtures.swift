import FolioModel
import Foundation
import WireModel

@testable import InquiryService

/// Steps and answers for reducer tests, written in the wire shape Folio sends.
enum InquiryFixtures {
    static let saved = SavedInquiry(inquiryId: "inq_1", correlationId: "cor_1", token: "tok_1")
    /// The holder a guest session names: its transient account.
    static let guest = InquiryHolder.guest(accountId: "guest_1")
    /// The holder a signed-in session names: chen's account, through its Folio session.
    static let chen = InquiryHolder.account(userId: "acct_chen", folioSessionId: "ses_chen")

    static func button(_ id: String, _ intent: JSONValue) -> JSONValue {
        [
            "type": "BUTTON",
            "value": ["id": .string(id), "label": "Go", "style": "PRIMARY", "intent": intent, "enabled": true],
        ]
    }

    static func field(_ kind: String, _ id: String, _ extra: JSONObject = [:], constraints: JSONValue = [:])
        -> JSONValue
    {
        var value: JSONObject = [
            "id": .string(id), "key": .string(id), "required": false, "readOnly": false, "constraints": constraints,
            "label": .string(id),
        ]
        for (key, member) in extra { value[key] = member }
        return ["type": "FIELD", "value": ["type": .string(kind), "value": .object(value)]]
    }

    static let dateMask: JSONValue = [
        "format": "DD.MM.YYYY", "pattern": "##.##.####", "placeholder": "DD.MM.YYYY", "maxLength": 10,
    ]

    static func dateConstraints(
        includeTime: Bool = false, allowFuture: Bool = true, minAge: Int64? = nil,
        disabled: [String] = [], timeZone: String? = nil
    ) -> JSONValue {
        var members: JSONObject = [
            "mask": dateMask, "includeTime": .bool(includeTime), "allowPast": true, "allowFuture": .bool(allowFuture),
            "disabledWeekdays": .array(disabled.map(JSONValue.string)),
        ]
        if let minAge { members["minAgeYears"] = .int(minAge) }
        if let timeZone { members["timeZone"] = .string(timeZone) }
        return .object(members)
    }

    static let phoneOptions: JSONValue = [
        ["country": "DE", "name": "Germany", "dialCode": "+49", "label": "Germany (+49)"],
        ["country": "US", "name": "United States", "dialCode": "+1", "label": "United States (+1)"],
    ]

    /// A screen with one field of the kinds the store shapes, and buttons.
    static func screenStage(stepId: String = "personal", link: String = "HTTPS://Folio.ID/terms of use")
        -> InquiryStage
    {
        let elements: [JSONValue] = [
            field("TEXT", "name", ["value": "Ada"]),
            field("MASKED", "code", constraints: ["mask": ["format": "##-###", "pattern": "##-###", "maxLength": 6]]),
            field("DATE", "birth", constraints: dateConstraints(allowFuture: false, minAge: 18)),
            field(
                "DATE", "appointment",
                constraints: dateConstraints(includeTime: true, disabled: ["SUNDAY"], timeZone: "Europe/Berlin")),
            field(
                "PHONE", "phone",
                [
                    "input": [
                        "country": ["field": "phone.country", "selected": phoneOptions.arrayValue?.first ?? .null],
                        "national": ["field": "phone.national", "text": ""],
                    ]
                ],
                constraints: ["countryOptions": phoneOptions, "showCountryCodeSelector": true]),
            field(
                "SELECT", "color",
                ["options": [["value": "red", "label": "Red"], ["value": "blue", "label": "Blue"]]]),
            field("CHECKBOX", "terms", ["text": "I agree"]),
            field(
                "FILE", "scan", ["capture": "CAMERA_OR_FILE"],
                constraints: ["accept": ["image/jpeg"], "maxBytes": 33_554_432]),
            button(
                "terms",
                ["type": "OPEN_LINK", "value": ["target": ["type": "EXTERNAL", "value": ["url": .string(link)]]]]),
            button("submit", ["type": "SUBMIT"]),
        ]
        let json: JSONValue = [
            "navigation": ["canGoBack": false, "canComplete": false],
            "errors": ["transportError": "Something went wrong."],
            "content": [
                "type": "SCREEN",
                "value": [
                    "stepId": .string(stepId),
                    "containers": [
                        ["id": "main", "layout": ["type": "CONTENT"], "elements": .array(elements)]
                    ],
                ],
            ],
        ]
        do {
            return try InquiryStage(json: json, path: "stage")
        } catch {
            preconditionFailure("fixture stage does not decode: \(error)")
        }
    }

    static func terminalStage(_ outcome: TerminalOutcome, redirect: String?) -> InquiryStage {
        InquiryStage(
            navigation: nil, errors: nil,
            content: .terminal(outcome: outcome, redirect: redirect.map { .universal(url: $0) }))
    }

    static func update(
        _ stage: InquiryStage, status: InquiryStatus = .pending, locale: String = "en",
        controller: Bool = true, issuanceId: String? = nil
    ) -> FolioStepUpdate {
        FolioStepUpdate(
            inquiryId: saved.inquiryId, correlationId: saved.correlationId, status: status, locale: locale,
            controller: controller, stage: stage, issuanceId: issuanceId)
    }

    static let noon = Date(timeIntervalSince1970: 1_780_000_000)  // 2026-05-28T20:26:40Z
}
