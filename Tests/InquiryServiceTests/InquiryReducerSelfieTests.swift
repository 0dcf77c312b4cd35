import FolioModel
import XCTest

@testable import InquiryService

/// SELFIE steps (spec "Selfie capture").
final class InquiryReducerSelfieTests: InquiryReducerTestCase {
    typealias Steps = VerificationFixtures

    func testRulePreparingMovesOnWithoutAnIntentTheStoreReadsTheStepAgain() {
        var store = running()
        receiveAskingFolio(&store, .status, .read(locale: "en"))
        let preparing = Steps.preparing()
        store.send(
            .folioAnswered(requestID: 4, .step(Steps.update(preparing))),
            effects: [.wait(requestID: 5, milliseconds: 1000)]
        ) {
            $0.loading = false
            $0.pendingFolio = nil
            $0.pendingRequest = 5
            $0.nextRequestID = 5
            $0.stage = preparing
        }
        // The read after the pause is tested in InquiryReducerGovernmentIdTests.
        store.skip(.wait(requestID: 5, milliseconds: 1000))
        store.finish()
    }

    func testRuleSubmitCaptureSendsTheCaptureSessionAndTheTransactionId() {
        var store = running(stage: Steps.liveness())
        let sent = receiveAskingFolio(
            &store, .act(.submitCapture(captureSessionId: "cs_1", transactionId: "tx_9")),
            .submit(stepId: "step_1", fields: ["captureSessionId": "cs_1", "transactionId": "tx_9"], locale: "en"))
        // The rule is what goes to Folio; Folio's answers are tested on their own.
        store.skip(sent)
        store.finish()
    }

    func testRuleSubmitCaptureWithAnotherCaptureSessionFailsWithInvalidStateAndSendsNothing() {
        var store = running(stage: Steps.liveness())
        store.receive(.act(.submitCapture(captureSessionId: "cs_old", transactionId: "tx_9"))) {
            $0.error = .invalidState(message: "cs_old is not the current capture session")
        }
        store.finish()
    }

    func testRuleSubmitCaptureWithABlankTransactionIdFailsWithInvalidStateAndSendsNothing() {
        var store = running(stage: Steps.liveness())
        store.receive(.act(.submitCapture(captureSessionId: "cs_1", transactionId: "  "))) {
            $0.error = .invalidState(message: "the transaction id is blank")
        }
        store.finish()
    }

    func testRuleSubmitCaptureOnAPhotoFailsWithInvalidStepType() {
        var store = running(stage: Steps.photo())
        store.receive(.act(.submitCapture(captureSessionId: "cs_1", transactionId: "tx"))) {
            $0.error = .invalidStepType(message: "SubmitCapture needs a selfie Liveness or Passive step")
        }
        store.finish()
    }

    func testRuleUploadCaptureSendsThePhotoToTheCaptureFieldWithTheCaptureSession() {
        var store = running(stage: Steps.photo())
        let bytes: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE0]
        let sent = receiveAskingFolio(
            &store, .act(.uploadCapture(captureSessionId: "cs_1", field: "selfie_photo", bytes: Bytes(bytes))),
            .uploadToStep(
                stepId: "step_1", field: "selfie_photo", fileName: "selfie.jpg", mimeType: "image/jpeg", bytes: bytes,
                submit: ["captureSessionId": "cs_1"]))
        // The rule is what goes to Folio; Folio's answers are tested on their own.
        store.skip(sent)
        store.finish()
    }

    func testRuleUploadCaptureNamesThePhotoByTheFormatOfItsBytes() {
        XCTAssertEqual(PhotoFormat(sniffing: [0xFF, 0xD8, 0xFF, 0xE0]).mimeType, "image/jpeg")
        XCTAssertEqual(
            PhotoFormat(sniffing: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0]).mimeType, "image/png")
        XCTAssertEqual(PhotoFormat(sniffing: Array("RIFF\0\0\0\0WEBPVP8 ".utf8)).mimeType, "image/webp")
        XCTAssertEqual(PhotoFormat(sniffing: [0, 0, 0, 0x18] + Array("ftypheic".utf8)).fileExtension, "heic")
        XCTAssertEqual(PhotoFormat(sniffing: [1, 2, 3]).mimeType, "application/octet-stream")
    }

    func testRuleUploadCaptureForAFieldTheStepDoesNotUploadToFailsWithUpload() {
        var store = running(stage: Steps.photo())
        store.receive(.act(.uploadCapture(captureSessionId: "cs_1", field: "other", bytes: Bytes([1])))) {
            $0.error = .upload(message: "this step uploads to selfie_photo, not other")
        }
        store.finish()
    }

    func testRuleUploadCaptureWithAnotherCaptureSessionFailsWithInvalidState() {
        var store = running(stage: Steps.photo())
        store.receive(.act(.uploadCapture(captureSessionId: "cs_2", field: "selfie_photo", bytes: Bytes([1])))) {
            $0.error = .invalidState(message: "cs_2 is not the current capture session")
        }
        store.finish()
    }

    func testRuleUploadCaptureOnLivenessFailsWithInvalidStepType() {
        var store = running(stage: Steps.liveness())
        store.receive(.act(.uploadCapture(captureSessionId: "cs_1", field: "selfie_photo", bytes: Bytes([1])))) {
            $0.error = .invalidStepType(message: "UploadCapture needs a selfie Photo step")
        }
        store.finish()
    }

    func testRuleUploadOnASelfieStepFailsWithInvalidStepType() {
        var store = running(stage: Steps.photo())
        store.receive(
            .act(.upload(field: "selfie_photo", fileName: "a.jpg", mimeType: "image/jpeg", bytes: Bytes([1])))
        ) {
            $0.error = .invalidStepType(message: "a selfie step takes its photo as UploadCapture")
        }
        store.finish()
    }

    func testRuleFileUnreadableForThePhotosCaptureFieldIsPlacedThere() {
        var store = running(stage: Steps.photo())
        store.receive(.act(.fileUnreadable(field: "selfie_photo"))) {
            $0.error = .fileUnreadable(field: "selfie_photo")
        }
        store.finish()
    }

    /// Folio answers `stage` to a Status; the store keeps the previous stage and shows `error`.
    private func assertRefused(
        _ stage: InquiryStage, with error: InquiryError, file: StaticString = #filePath, line: UInt = #line
    ) {
        var store = running(stage: Steps.preparing())
        receiveAskingFolio(&store, .status, .read(locale: "en"), file: file, line: line)
        store.send(
            .folioAnswered(requestID: 4, .step(Steps.update(stage))), effects: [],
            {
                $0.loading = false
                $0.pendingFolio = nil
                $0.pendingRequest = nil
                $0.error = error
            }, file: file, line: line)
        XCTAssertEqual(
            checkedModel(of: store.state)["error"],
            ["placement": ["type": "BANNER"], "retryable": false], file: file, line: line)
    }

    func testRuleAPhotoWithoutCaptureFieldFailsTheUpdateWithMissingCaptureFieldABannerWithoutTextOrRetry() {
        assertRefused(Steps.photo(captureField: nil), with: .missingCaptureField)
    }

    func testRuleALivenessServiceThatIsNotTheSelfieProxyFailsTheUpdateWithInvalidLink() {
        let foreign = "https://liveness.example.com/engine"
        assertRefused(Steps.liveness(Steps.capture(serviceUrl: foreign)), with: .invalidLink(url: foreign))
    }

    func testRuleAServiceUrlThatOnlySharesThePrefixOfTheProxyFailsWithInvalidLink() {
        let sneaky = InquiryReducer.defaultSelfieProxyURL + "-evil/engine"
        assertRefused(Steps.liveness(Steps.capture(serviceUrl: sneaky)), with: .invalidLink(url: sneaky))
    }

    func testRuleABlankOrMismatchedCaptureFailsTheUpdateWithInvalidState() {
        assertRefused(
            Steps.liveness(Steps.capture(session: " ")), with: .invalidState(message: "the capture has no session id"))
        assertRefused(
            Steps.liveness(Steps.capture(inquiryId: "inq_other")),
            with: .invalidState(message: "the capture belongs to inquiry inq_other, not inq_1"))
        assertRefused(
            Steps.liveness(Steps.capture(stepId: "step_9")),
            with: .invalidState(message: "the capture belongs to step step_9, not step_1"))
        assertRefused(
            Steps.liveness(Steps.capture(expiresAtMs: 0)), with: .invalidState(message: "the capture has no expiry"))
        assertRefused(Steps.photo(session: ""), with: .invalidState(message: "the capture has no session id"))
    }
}
