import FolioAPI
import FolioModel
import XCTest

@testable import InquiryService

/// Models of every state of every verification kind, with the store's own values laid over them, match the
/// InquiryUiModel schema.
extension InquiryStoreContractTests {
    typealias Step = VerificationFixtures

    func testEveryStateOfEveryVerificationKindMatchesTheModelSchema() {
        let schemas = [
            "GOVERNMENT_ID": "GovernmentIdState", "GOVERNMENT_ID_NFC": "NfcState", "SELFIE": "SelfieState",
            "EMAIL_OTP": "EmailOtpState", "PHONE_OTP": "PhoneOtpState",
        ]
        for (kind, states) in Self.verificationStates {
            for (index, (type, value)) in states.enumerated() {
                let phase = AttemptPhase.allCases[index % AttemptPhase.allCases.count].rawValue
                _ = checkedModel(of: runningState(stage: Step.stage(kind, state: type, value, phase: phase)))
            }
            XCTAssertEqual(Set(states.map(\.0)), caseNames(schemas[kind] ?? ""), kind)
        }
    }

    func testVerificationStatesShowingKeptValuesAndTheCaptureDecisionMatchTheModelSchema() {
        let shown: [(InquiryStage, [String: KeptValue])] = [
            (Step.selectDocument(), ["document_type": .selection("NATIONAL_IDENTITY_CARD")]),
            (Step.emailVerify(), ["email": .text("ada@example.com")]),
            (Step.phoneVerify(), ["phone": .phone(country: "US", national: "(201) 555-0123")]),
            (Step.confirm(), ["code": .text("1234")]),
            (Step.confirm(kind: "PHONE_OTP"), ["code": .text("123456")]),
        ]
        for (stage, kept) in shown {
            var state = runningState(stage: stage)
            state.kept = kept
            state.error = .invalidCode(message: "The code is not valid.")
            let model = checkedModel(of: state)
            XCTAssertNotEqual(model["inquiry"]?["stage"], stage.json, "the store laid its values over the step")
        }
        let triggers: [CaptureTriggerView] = [.searching, .suggested, .aboutToDecide(remainingMillis: 400), .decided]
        for trigger in triggers {
            var state = runningState(stage: Step.scan())
            var session = DocumentCaptureSession(key: "step_1/1/FRONT")
            session.camera = IdCameraScreenView(trigger: trigger, shouldCapture: trigger == .decided)
            state.capture = session
            _ = checkedModel(of: state)
        }
    }

    static let processing: JSONValue = ["title": "Checking", "description": "One moment"]

    /// PROCESSING, PASSED, FAILED and ERROR, which every kind has.
    static let outcomeStates: [(String, JSONValue?)] = [
        ("PROCESSING", ["processing": processing]),
        ("PASSED", Step.panel([:])),
        ("FAILED", Step.panel(["processing": processing])),
        ("ERROR", ["title": "Failed", "buttons": []]),
        (
            "ERROR",
            [
                "title": "Failed", "description": "The photo is blurry.", "failureReason": "BLURRY",
                "illustration": ["type": "PRESET", "value": ["preset": "FAILURE"]], "buttons": [Step.submitButton],
                "processing": processing,
            ]
        ),
    ]

    static let file: JSONValue = ["fileId": "file_1", "fileName": "front.jpg", "sizeBytes": 52_000]

    static var governmentIdStates: [(String, JSONValue?)] {
        let triggers: [JSONValue] = [
            ["type": "SEARCHING"], ["type": "SUGGESTED"],
            ["type": "ABOUT_TO_DECIDE", "value": ["remainingMillis": 400]],
        ]
        let scans = DocumentSide.allCases.enumerated().map { index, side -> (String, JSONValue?) in
            let camera: JSONValue = ["trigger": triggers[index % triggers.count], "shouldCapture": false]
            return (
                "SCAN",
                Step.panel([
                    "side": side.json, "captureField": "document", "captureMode": "CAMERA", "camera": camera,
                ])
            )
        }
        let upload: JSONObject = ["side": "FRONT", "captureField": "document", "captureMode": "FILE_PICKER"]
        return [
            (
                "SELECT_DOCUMENT",
                Step.panel([
                    "selectionField": "document_type", "selected": "RESIDENCE_PERMIT",
                    "options": .array(
                        IdentityDocumentType.allCases.map { ["value": $0.json, "label": .string($0.rawValue)] }),
                ])
            ),
            ("CONFIRM", Step.panel(["side": "BACK", "image": file])),
            ("UPLOAD_REVIEW", Step.panel(upload)),
            ("UPLOAD_REVIEW", Step.panel(upload.merging(["image": file]) { _, new in new })),
        ] + scans + outcomeStates
    }

    static var verificationStates: [(String, [(String, JSONValue?)])] {
        let nfc = NfcDocumentType.allCases.map { type -> (String, JSONValue?) in
            let files = JSONValue.array(NfcChipFile.allCases.map(\.json))
            return (
                "SCAN",
                Step.panel(["documentType": type.json, "chipField": "chip", "chipFiles": files, "received": ["DG1"]])
            )
        }
        let selfie: [(String, JSONValue?)] = [
            ("PREPARING", ["processing": processing]),
            ("LIVENESS", Step.panel(["capture": Step.capture()])),
            ("PASSIVE", Step.panel(["capture": Step.capture(session: "cs_2")])),
            (
                "PHOTO",
                Step.panel(["captureSessionId": "cs_3", "captureField": "selfie_photo", "captureMode": "CAMERA"])
            ),
        ]
        let code: (String) -> [(String, JSONValue?)] = { kind in
            [
                ("BOUND", Step.panel(["footer": "We send the code to a…@example.com"])),
                Step.stateOf(Step.confirm(kind: kind)),
            ]
        }
        let email: [(String, JSONValue?)] = [
            Step.stateOf(Step.emailVerify()),
            (
                "VERIFY",
                Step.panel([
                    "contactField": "email", "label": "Email", "placeholder": "you@example.com", "value": "a@b.co",
                ])
            ),
        ]
        return [
            ("GOVERNMENT_ID", governmentIdStates), ("GOVERNMENT_ID_NFC", nfc + outcomeStates),
            ("SELFIE", selfie + outcomeStates), ("EMAIL_OTP", email + code("EMAIL_OTP") + outcomeStates),
            ("PHONE_OTP", [Step.stateOf(Step.phoneVerify())] + code("PHONE_OTP") + outcomeStates),
        ]
    }
}

extension VerificationFixtures {
    /// The `(type, value)` of the state a fixture stage shows.
    static func stateOf(_ stage: InquiryStage) -> (String, JSONValue?) {
        let state = stage.json["content"]?["value"]?["value"]?["state"]
        return (state?["type"]?.stringValue ?? "", state?["value"])
    }
}
