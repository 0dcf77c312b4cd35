import FolioModel
import StoreKitTesting
import XCTest

@testable import InquiryService

/// GOVERNMENT_ID and GOVERNMENT_ID_NFC steps (spec "Verification steps"; docs/inquiry-store.md).
final class InquiryReducerGovernmentIdTests: InquiryReducerTestCase {
    typealias Steps = VerificationFixtures

    func testRuleTheDocumentChoiceIsAnEditUnderSelectionFieldShownAsSelectedAndSubmitSendsIt() {
        var store = running(stage: Steps.selectDocument())
        store.receive(.act(.edit(key: "document_type", value: .selection(value: "PASSPORT")))) {
            $0.kept["document_type"] = .selection("PASSPORT")
        }
        XCTAssertEqual(
            checkedModel(of: store.state)["inquiry"]?["stage"]?["content"]?["value"]?["value"]?["state"]?[
                "value"]?["selected"], "PASSPORT")
        let sent = receiveAskingFolio(
            &store, .act(.submit), .submit(stepId: "step_1", fields: ["document_type": "PASSPORT"], locale: "en"))
        // The rule is what goes to Folio; Folio's answers are tested on their own.
        store.skip(sent)
        store.finish()
    }

    func testRuleADocumentTypeOutsideTheOptionsFailsWithPlatformAndKeepsNothing() {
        var store = running(stage: Steps.selectDocument())
        store.receive(.act(.edit(key: "document_type", value: .selection(value: "DRIVING_LICENSE")))) {
            $0.error = .platform(message: "DRIVING_LICENSE is not a document type of document_type")
        }
        store.finish()
    }

    func testRuleUploadOnAScanSendsThePhotoToTheCaptureFieldAndHandsItToTheStep() {
        var store = running(stage: Steps.scan())
        let bytes: [UInt8] = [0xFF, 0xD8, 0xFF]
        let sent = receiveAskingFolio(
            &store,
            .act(.upload(field: "document_front", fileName: "front.jpg", mimeType: "image/jpeg", bytes: Bytes(bytes))),
            .uploadToStep(
                stepId: "step_1", field: "document_front", fileName: "front.jpg", mimeType: "image/jpeg", bytes: bytes,
                submit: [:]))
        // The rule is what goes to Folio; Folio's answers are tested on their own.
        store.skip(sent)
        store.finish()
    }

    func testRuleUploadOnAScanToAnotherFieldThanItsCaptureFieldFailsWithUpload() {
        var store = running(stage: Steps.scan())
        store.receive(.act(.upload(field: "selfie", fileName: "a.jpg", mimeType: "image/jpeg", bytes: Bytes([1])))) {
            $0.error = .upload(message: "this step uploads to document_front, not selfie")
        }
        store.finish()
    }

    func testRuleAStepBeingCheckedIsReadAgainAfterAPauseWithoutAnIntentUntilItMovesOn() {
        var store = running(stage: Steps.scan())
        receiveAskingFolio(&store, .status, .read(locale: "en"))
        let processing = Steps.governmentIdProcessing()
        store.send(
            .folioAnswered(requestID: 4, .step(Steps.update(processing))),
            effects: [.wait(requestID: 5, milliseconds: 1000)]
        ) {
            $0.loading = false
            $0.pendingFolio = nil
            $0.pendingRequest = 5
            $0.nextRequestID = 5
            $0.stage = processing
            $0.capture = nil
        }
        store.send(.waitEnded(requestID: 5), effects: [.callFolio(requestID: 5, saved, .read(locale: "en"))]) {
            $0.loading = true
            $0.pendingFolio = .read(locale: "en")
        }
        // PASSED: the step moved on, and the store saves the verified identity.
        let passed = Steps.governmentIdPassed()
        let save = IdentitySaveRequest(stepId: "step_1", attempt: 1, saveId: "inq_1/step_1/1")
        store.send(
            .folioAnswered(requestID: 5, .step(Steps.update(passed))),
            effects: [.saveIdentity(requestID: 6, saved, save)]
        ) {
            $0.pendingFolio = nil
            $0.pendingRequest = 6
            $0.nextRequestID = 6
            $0.stage = passed
            $0.identitySaves = ["step_1/1"]
            $0.pendingSave = save
        }
        // The save of the verified identity is tested in InquiryReducerIdentityTests.
        store.skip(.saveIdentity(requestID: 6, saved, save))
        store.finish()
    }

    func testRuleAnIntentDuringThePauseReplacesTheRead() {
        var state = runningState(stage: Steps.governmentIdProcessing())
        state.pendingRequest = 4
        state.nextRequestID = 4
        var store = ReducerTester(
            InquiryReducer(), state: state,
            inFlight: [.wait(requestID: 4, milliseconds: InquiryReducer.waitMilliseconds)])
        store.receive(.act(.cancel), effects: [.callFolio(requestID: 5, saved, .cancel(locale: "en"))]) {
            $0.loading = true
            $0.pendingRequest = 5
            $0.pendingFolio = .cancel(locale: "en")
            $0.nextRequestID = 5
        }
        store.send(.waitEnded(requestID: 4))
        // The rule is that the cancel replaced the read; its answer is not part of it.
        store.skip(.callFolio(requestID: 5, saved, .cancel(locale: "en")))
        store.finish()
    }

    func testRuleAnNfcScanUploadsEachChipFileToTheChipFieldAndReadsTheStepAgain() {
        var store = running(stage: Steps.nfcScan())
        let dg1: [UInt8] = [0x61, 0x01, 0x00]
        let sent = receiveAskingFolio(
            &store,
            .act(.upload(field: "chip", fileName: "DG1", mimeType: "application/octet-stream", bytes: Bytes(dg1))),
            .uploadToStep(
                stepId: "step_1", field: "chip", fileName: "DG1", mimeType: "application/octet-stream", bytes: dg1,
                submit: nil))
        // The rule is what goes to Folio; Folio's answers are tested on their own.
        store.skip(sent)
        store.finish()
    }

    func testRuleAnNfcUploadWhoseNameIsNoChipFileFailsWithUpload() {
        var store = running(stage: Steps.nfcScan())
        store.receive(
            .act(.upload(field: "chip", fileName: "DG99", mimeType: "application/octet-stream", bytes: Bytes([1])))
        ) {
            $0.error = .upload(message: "DG99 names no chip file (DG1…DG16, SOD)")
        }
        store.finish()
    }

    func testRuleSubmitOnAnNfcScanHandsTheChipReadToFolio() {
        var store = running(stage: Steps.nfcScan())
        let sent = receiveAskingFolio(&store, .act(.submit), .submit(stepId: "step_1", fields: [:], locale: "en"))
        // The rule is what goes to Folio; Folio's answers are tested on their own.
        store.skip(sent)
        store.finish()
    }

    func testRuleSubmitOnAScanFailsWithPlatformSinceThePhotoGoesAsUpload() {
        var store = running(stage: Steps.scan())
        store.receive(.act(.submit)) { $0.error = .platform(message: "this step has nothing to submit") }
        store.finish()
    }

    func testRuleANewVerificationStateStartsAfreshWithoutTheEditsKeptForThePreviousOne() {
        var store = running(stage: Steps.selectDocument())
        store.receive(.act(.edit(key: "document_type", value: .selection(value: "PASSPORT")))) {
            $0.kept["document_type"] = .selection("PASSPORT")
        }
        receiveAskingFolio(
            &store, .act(.submit), .submit(stepId: "step_1", fields: ["document_type": "PASSPORT"], locale: "en"))
        let scan = Steps.scan()
        store.send(.folioAnswered(requestID: 4, .step(Steps.update(scan)))) {
            $0.loading = false
            $0.pendingFolio = nil
            $0.pendingRequest = nil
            $0.kept = [:]
            $0.stage = scan
            $0.capture = DocumentCaptureSession(key: "step_1/1/FRONT")
        }
        store.finish()
    }
}

extension InquiryReducerGovernmentIdTests {
    func testRuleLinksOfAVerificationStateAreNormalizedAndOneThatDoesNotParseFailsTheUpdate() throws {
        let openLink: JSONValue = [
            "id": "help", "label": "Help", "style": "LINK", "enabled": true,
            "intent": [
                "type": "OPEN_LINK",
                "value": ["target": ["type": "EXTERNAL", "value": ["url": "HTTPS://Folio.ID/help me"]]],
            ],
        ]
        let stage = Steps.stage(
            "GOVERNMENT_ID", state: "PASSED",
            ["title": "Passed", "description": "Done", "buttons": [Steps.submitButton, openLink]], phase: "PASSED")
        let normalized = try stage.normalizingLinks()
        guard case .verification(let view) = normalized.content,
            case .governmentId(.outcome(.passed(let panel))) = view.state
        else {
            return XCTFail("not a PASSED government id step: \(normalized)")
        }
        XCTAssertEqual(panel.buttons.last?.intent, .openLink(target: .external(url: "https://folio.id/help%20me")))

        let broken: JSONValue = [
            "id": "help", "label": "Help", "style": "LINK", "enabled": true,
            "intent": [
                "type": "OPEN_LINK", "value": ["target": ["type": "EXTERNAL", "value": ["url": "https://256.0.0.1/"]]],
            ],
        ]
        let refused = Steps.stage(
            "GOVERNMENT_ID", state: "PASSED", ["title": "Passed", "description": "Done", "buttons": [broken]],
            phase: "PASSED")
        var store = running(stage: Steps.governmentIdProcessing())
        receiveAskingFolio(&store, .status, .read(locale: "en"))
        store.send(.folioAnswered(requestID: 4, .step(Steps.update(refused)))) {
            $0.loading = false
            $0.pendingFolio = nil
            $0.pendingRequest = nil
            $0.error = .invalidLink(url: "https://256.0.0.1/")
        }
        store.finish()
    }
}
