import FolioModel
import XCTest

@testable import InquiryService

/// Upload and the FILE field's value, against a step whose FILE field has an id other than its key (as Folio's
/// templates have: `f_proof_of_address` / `proof_of_address`).
final class InquiryReducerUploadTests: InquiryReducerTestCase {
    private func fileStage() -> InquiryStage {
        let json: JSONValue = [
            "content": [
                "type": "SCREEN",
                "value": [
                    "stepId": "choices",
                    "containers": [
                        [
                            "id": "main", "layout": ["type": "CONTENT"],
                            "elements": [
                                Fixtures.field(
                                    "FILE", "f_proof", ["key": "proof", "capture": "CAMERA_OR_FILE"],
                                    constraints: ["accept": ["application/pdf"], "maxBytes": 33_554_432])
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

    /// Folio names a step's fields by key: Upload sends the field's key, the answer is kept under it, and Submit
    /// sends the upload's reference `{fileId, fileName, sizeBytes}` as the FILE value (docs/folio-api.md "Submit").
    func testRuleUploadSendsTheFieldKeyAndSubmitSendsTheFilesReference() {
        var store = running(stage: fileStage())
        let bytes: [UInt8] = [0x25, 0x50, 0x44, 0x46]
        let upload = FolioInquiryRequest.upload(
            field: "proof", fileName: "proof.pdf", mimeType: "application/pdf", bytes: bytes)
        store.receive(
            .act(.upload(field: "f_proof", fileName: "proof.pdf", mimeType: "application/pdf", bytes: Bytes(bytes))),
            effects: [.callFolio(requestID: 4, saved, upload)]
        ) {
            $0.loading = true
            $0.pendingRequest = 4
            $0.pendingFolio = upload
            $0.nextRequestID = 4
        }
        let file = FileValue(fileId: "ifl_1", fileName: "proof.pdf", sizeBytes: 4)
        store.send(.folioAnswered(requestID: 4, .uploaded(field: "proof", file))) {
            $0.loading = false
            $0.pendingRequest = nil
            $0.pendingFolio = nil
            $0.kept["proof"] = .file(file)
        }
        XCTAssertEqual(shownField("f_proof", in: store.state)?["value"]?["fileId"], "ifl_1")
        let fields: JSONObject = ["proof": ["fileId": "ifl_1", "fileName": "proof.pdf", "sizeBytes": 4]]
        store.receive(
            .act(.submit),
            effects: [.callFolio(requestID: 5, saved, .submit(stepId: "choices", fields: fields, locale: "en"))]
        ) {
            $0.loading = true
            $0.pendingRequest = 5
            $0.pendingFolio = .submit(stepId: "choices", fields: fields, locale: "en")
            $0.nextRequestID = 5
        }
        // The rule is what goes to Folio; Folio's answers are tested on their own.
        store.skip(.callFolio(requestID: 5, saved, .submit(stepId: "choices", fields: fields, locale: "en")))
        store.finish()
    }

    /// A FILE field Folio shows with the file submitted before goes again with that reference when untouched.
    func testRuleAnUntouchedFileFieldSubmitsTheReferenceFolioShows() throws {
        var screen = try XCTUnwrap(fileStage().screen)
        let reference: JSONValue = ["fileId": "ifl_1", "fileName": "proof.pdf", "sizeBytes": 4]
        screen.mapFields { $0.value = reference }
        XCTAssertEqual(FieldSubmission.values(of: screen, kept: [:]), ["proof": reference])
    }
}
