import FolioModel
import XCTest

@testable import InquiryService

/// One request to Folio at a time, and the checks of Upload and FileUnreadable.
final class InquiryReducerRequestTests: InquiryReducerTestCase {
    func testRuleAnIntentThatWouldReachFolioWhileARequestRunsDoesNothingAndTheFirstAnswerIsKept() {
        var store = running()
        receiveAskingFolio(&store, .act(.submit), .submit(stepId: "personal", fields: submittedDefaults, locale: "en"))
        for intent: InquiryIntent in [
            .submit, .back, .cancel, .complete, .handoff, .continueHere, .setLocale(locale: "de"),
            .upload(field: "scan", fileName: "a.pdf", mimeType: "application/pdf", bytes: Bytes([1])),
        ] {
            store.receive(.act(intent))
        }
        store.receive(.status)
        let next = InquiryFixtures.screenStage(stepId: "next")
        store.send(.folioAnswered(requestID: 4, .step(VerificationFixtures.update(next)))) {
            $0.loading = false
            $0.pendingFolio = nil
            $0.pendingRequest = nil
            $0.stage = try? next.normalizingLinks()
        }
        store.finish()
    }

    func testRuleEditsStillApplyWhileARequestRuns() {
        var store = running()
        let sent = receiveAskingFolio(
            &store, .act(.submit), .submit(stepId: "personal", fields: submittedDefaults, locale: "en"))
        store.receive(.act(.edit(key: "name", value: .text(text: "Grace")))) { $0.kept["name"] = .text("Grace") }
        // The rule is that edits apply while the request runs; its answer is not part of it.
        store.skip(sent)
        store.finish()
    }

    func testRuleUploadOverTheFieldsOwnMaxBytesFailsWithFileTooLargeNamingThatLimit() {
        var store = running(stage: smallFileStage())
        store.receive(
            .act(
                .upload(field: "f_doc", fileName: "a.pdf", mimeType: "application/pdf", bytes: Bytes([1, 2, 3, 4, 5])))
        ) {
            $0.error = .fileTooLarge(limitBytes: 4)
        }
        store.finish()
    }

    func testRuleUploadOnAHandoffStageFailsWithInvalidStepType() {
        let handoff = InquiryStage(
            navigation: nil, errors: nil,
            content: .handoff(HandoffView(kind: .qr, code: "H1", qr: "H1", link: nil, expiresAtMs: 1)))
        var store = running(stage: handoff)
        store.receive(.act(.upload(field: "scan", fileName: "a.pdf", mimeType: "application/pdf", bytes: Bytes([1])))) {
            $0.error = .invalidStepType(message: "this step takes no upload")
        }
        store.finish()
    }

    func testRuleFileUnreadableForAFieldThatIsNoFileFieldOfTheStepFailsWithPlatform() {
        var store = running()
        store.receive(.act(.fileUnreadable(field: "name"))) {
            $0.error = .platform(message: "name is not a file field of this step")
        }
        store.receive(.act(.fileUnreadable(field: "nowhere"))) {
            $0.error = .platform(message: "nowhere is not a file field of this step")
        }
        store.finish()
    }

    private func smallFileStage() -> InquiryStage {
        let json: JSONValue = [
            "content": [
                "type": "SCREEN",
                "value": [
                    "stepId": "docs",
                    "containers": [
                        [
                            "id": "main", "layout": ["type": "CONTENT"],
                            "elements": [
                                InquiryFixtures.field(
                                    "FILE", "f_doc", ["key": "doc", "capture": "FILE_PICKER"],
                                    constraints: ["accept": ["application/pdf"], "maxBytes": 4])
                            ],
                        ]
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

    private var submittedDefaults: JSONObject {
        [
            "name": "Ada", "code": .null, "birth": .null, "appointment": .null, "phone": .null, "color": .null,
            "terms": .null, "scan": .null,
        ]
    }
}
