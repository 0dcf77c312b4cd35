import FolioModel
import Foundation
import WireModel

@testable import InquiryService

/// Verification steps for reducer tests, in the wire shape Folio sends (docs/inquiry-store.md "Verification
/// steps").
enum VerificationFixtures {
    static let submitButton: JSONValue = [
        "id": "go", "label": "Continue", "style": "PRIMARY", "intent": ["type": "SUBMIT"], "enabled": true,
    ]

    static func panel(_ own: JSONObject) -> JSONValue {
        var members: JSONObject = [
            "title": "Title", "description": "Description", "buttons": [submitButton],
        ]
        for (key, value) in own { members[key] = value }
        return .object(members)
    }

    static func stage(
        _ kind: String, state type: String, _ value: JSONValue?, stepId: String = "step_1", used: Int64 = 1,
        phase: String = "CREATED"
    ) -> InquiryStage {
        var state: JSONObject = ["type": .string(type)]
        if let value { state["value"] = value }
        let json: JSONValue = [
            "content": [
                "type": "VERIFICATION",
                "value": [
                    "type": .string(kind),
                    "value": [
                        "stepId": .string(stepId),
                        "attempt": ["phase": .string(phase), "used": .int(used), "max": 3, "canRetry": true],
                        "state": .object(state),
                    ],
                ],
            ]
        ]
        do {
            return try InquiryStage(json: json, path: "stage")
        } catch {
            preconditionFailure("fixture stage does not decode: \(error)")
        }
    }

    static let processing: JSONValue = ["title": "Checking", "description": "One moment"]

    static func selectDocument() -> InquiryStage {
        stage(
            "GOVERNMENT_ID", state: "SELECT_DOCUMENT",
            panel([
                "selectionField": "document_type",
                "options": [
                    ["value": "PASSPORT", "label": "Passport"],
                    ["value": "NATIONAL_IDENTITY_CARD", "label": "ID card"],
                ],
            ]))
    }

    static func scan(side: String = "FRONT", used: Int64 = 1) -> InquiryStage {
        stage(
            "GOVERNMENT_ID", state: "SCAN",
            panel([
                "side": .string(side), "captureField": "document_front", "captureMode": "CAMERA",
                "camera": ["trigger": ["type": "SEARCHING"], "shouldCapture": false],
            ]), used: used)
    }

    static func governmentIdProcessing() -> InquiryStage {
        stage("GOVERNMENT_ID", state: "PROCESSING", ["processing": processing], phase: "PROCESSING")
    }

    static func governmentIdPassed() -> InquiryStage {
        stage("GOVERNMENT_ID", state: "PASSED", panel([:]), phase: "PASSED")
    }

    static func nfcScan() -> InquiryStage {
        stage(
            "GOVERNMENT_ID_NFC", state: "SCAN",
            panel([
                "documentType": "PASSPORT", "chipField": "chip", "chipFiles": ["DG1", "DG2", "SOD"], "received": [],
            ]))
    }

    static func capture(
        session: String = "cs_1", serviceUrl: String = InquiryReducer.defaultSelfieProxyURL + "/engine",
        inquiryId: String = InquiryFixtures.saved.inquiryId, stepId: String = "step_1",
        expiresAtMs: Int64 = 1_900_000_000_000
    ) -> JSONValue {
        [
            "captureSessionId": .string(session), "serviceUrl": .string(serviceUrl), "inquiryId": .string(inquiryId),
            "stepId": .string(stepId), "expiresAtMs": .int(expiresAtMs),
        ]
    }

    static func liveness(_ capture: JSONValue = capture()) -> InquiryStage {
        stage("SELFIE", state: "LIVENESS", panel(["capture": capture]))
    }

    static func photo(captureField: String? = "selfie_photo", session: String = "cs_1") -> InquiryStage {
        var own: JSONObject = ["captureSessionId": .string(session), "captureMode": "CAMERA"]
        if let captureField { own["captureField"] = .string(captureField) }
        return stage("SELFIE", state: "PHOTO", panel(own))
    }

    static func preparing() -> InquiryStage {
        stage("SELFIE", state: "PREPARING", ["processing": processing])
    }

    static func emailVerify() -> InquiryStage {
        stage("EMAIL_OTP", state: "VERIFY", panel(["contactField": "email", "label": "Email"]))
    }

    static func phoneVerify() -> InquiryStage {
        stage(
            "PHONE_OTP", state: "VERIFY",
            panel([
                "contactField": "phone", "label": "Phone",
                "input": [
                    "country": [
                        "field": "phone_country", "selected": InquiryFixtures.phoneOptions.arrayValue?[0] ?? .null,
                    ],
                    "national": ["field": "phone_national", "text": ""],
                ],
                "countryOptions": InquiryFixtures.phoneOptions,
            ]))
    }

    static func bound(kind: String = "EMAIL_OTP") -> InquiryStage {
        stage(kind, state: "BOUND", panel(["footer": "We send the code to a…@example.com"]))
    }

    static func confirm(kind: String = "EMAIL_OTP") -> InquiryStage {
        stage(
            kind, state: "CONFIRM",
            panel([
                "codeField": "code", "code": ["length": 6, "groups": 2, "value": "", "formatted": ""],
                "confirmLimit": 5, "codeTtl": 600,
            ]))
    }

    static func update(_ stage: InquiryStage) -> FolioStepUpdate {
        FolioStepUpdate(
            inquiryId: InquiryFixtures.saved.inquiryId, correlationId: InquiryFixtures.saved.correlationId,
            status: .pending, locale: "en", controller: true, stage: stage)
    }
}
