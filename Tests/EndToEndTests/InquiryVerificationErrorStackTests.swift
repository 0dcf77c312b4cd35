import FolioClient
import FolioModel
import Foundation
import XCTest

/// The errors of the verification steps through the whole stack, produced with the emulator's knobs, and a
/// code step that goes on after its worker is killed.
extension FoundationStackTests {
    /// Spec "Errors in the model": DeliveryFailed is placed at contactField with Folio's message.
    func testInquiryCodeDeliveryFailureIsPlacedAtTheContactFieldWithFoliosMessage() async throws {
        let (_, code) = try await createVerificationInquiry(
            "tmpl_email", knobs: ["email": FolioVerificationKnobs(deliveryFails: true)])
        let (token, store, _) = try await mountInquiry()
        try await verificationGo(store, openInquiry(code), step: "email", state: "VERIFY", token: token)
        try await dispatch(store, editText("email", "erika@example.com"), token: token)
        let failed = try await journeyFails(store, act("SUBMIT"), token: token)
        XCTAssertEqual(failed["error"]?["placement"], ["type": "FIELD", "value": ["fieldId": "email"]], "\(failed)")
        XCTAssertEqual(failed["error"]?["retryable"], false)
        XCTAssertNotNil(failed["error"]?["text"]?.stringValue)
        XCTAssertTrue(shows(failed, step: "email", state: "VERIFY"), "the step stays: \(failed)")
        let sent = try await admin.mailbox(to: "erika@example.com")
        XCTAssertTrue(sent.isEmpty, "no code was sent")
    }

    /// Spec "Selfie capture": a liveness service that is not Folio's selfie proxy fails the update with
    /// InvalidLink and the previous state (PREPARING) stays, and so does a capture of another step (InvalidState); a PHOTO without a capture field fails with
    /// MissingCaptureField, a banner without text or retry.
    func testInquirySelfieCapturesThatFailTheCheckKeepThePreviousState() async throws {
        let foreign = "https://liveness.example.com/engine"
        let (_, liveness) = try await createVerificationInquiry(
            "tmpl_selfie_liveness", knobs: ["selfie": FolioVerificationKnobs(selfieServiceUrl: foreign)])
        let (token, store, _) = try await mountInquiry()
        try await dispatch(store, openInquiry(liveness), token: token)
        let refused = try await follow(store, token: token) { $0["error"] != nil && $0["loading"] == false }
        XCTAssertEqual(refused["error"], ["placement": ["type": "BANNER"], "retryable": false], "\(refused)")
        XCTAssertTrue(shows(refused, step: "selfie", state: "PREPARING"), "the previous state stays: \(refused)")
        XCTAssertEqual(refused["lifecycle"]?["type"], "STARTED", "the inquiry stays open")

        let (_, mismatched) = try await createVerificationInquiry(
            "tmpl_selfie_liveness", knobs: ["selfie": FolioVerificationKnobs(captureMismatch: .stepId)])
        let (otherToken, otherStore, _) = try await mountInquiry()
        try await dispatch(otherStore, openInquiry(mismatched), token: otherToken)
        let wrongStep = try await follow(otherStore, token: otherToken) { $0["error"] != nil && $0["loading"] == false }
        XCTAssertEqual(wrongStep["error"], ["placement": ["type": "BANNER"], "retryable": false], "\(wrongStep)")
        XCTAssertTrue(shows(wrongStep, step: "selfie", state: "PREPARING"), "the previous state stays: \(wrongStep)")

        let (_, photo) = try await createVerificationInquiry(
            "tmpl_selfie_photo", knobs: ["selfie": FolioVerificationKnobs(photoWithoutCaptureField: true)])
        let (photoToken, photoStore, _) = try await mountInquiry()
        try await dispatch(photoStore, openInquiry(photo), token: photoToken)
        let missing = try await follow(photoStore, token: photoToken) { $0["error"] != nil && $0["loading"] == false }
        XCTAssertEqual(missing["error"], ["placement": ["type": "BANNER"], "retryable": false], "\(missing)")
        XCTAssertTrue(shows(missing, step: "selfie", state: "PREPARING"), "the previous state stays: \(missing)")
    }

    /// DESIGN §5: a worker SIGKILLed while a code step waits for the code; the other worker adopts the store,
    /// keeps the typed code and the step goes on.
    func testInquiryCodeStepGoesOnAfterItsWorkerIsKilled() async throws {
        try await startSecondInquiryWorker()
        let (_, code) = try await createVerificationInquiry("tmpl_email")
        let (token, store, _) = try await mountInquiry()
        try await verificationGo(store, openInquiry(code), step: "email", state: "VERIFY", token: token)
        try await dispatch(store, editText("email", "ada@example.com"), token: token)
        try await verificationGo(store, act("SUBMIT"), step: "email", state: "CONFIRM", token: token)
        let sent = try await lastCode(to: "ada@example.com")
        try await dispatch(store, editText("email_code", sent), token: token)
        _ = try await follow(store, token: token) {
            self.verificationState($0)?["value"]?["code"]?["value"]?.stringValue == sent
        }

        let owner = try await killInquiryWorker(owning: store)

        let passed = try await verificationGo(store, act("SUBMIT"), step: "email", state: "PASSED", token: token)
        XCTAssertNil(passed["error"], "\(passed)")
        let adopter = try await snapshotOwner(store)
        XCTAssertNotEqual(adopter, owner, "another worker owns the store now")
    }
}
