import FolioModel
import StoreKitTesting
import XCTest

@testable import InquiryService

/// Requests, the terminal, Close, the failed save, control and language (spec "Actions", "Stages",
/// "Lifecycle", "Control of the inquiry", "Language").
final class InquiryReducerLifecycleTests: InquiryReducerTestCase {
    func testRuleEveryIntentThatReachesFolioSetsLoadingAndClearsTheCurrentError() {
        var store = running()
        store.receive(.act(.linkRefused(url: "https://x.io/"))) { $0.error = .linkRefused(url: "https://x.io/") }
        store.receive(.act(.back), effects: [.callFolio(requestID: 4, saved, .back(stepId: "personal", locale: "en"))])
        {
            $0.error = nil
            $0.loading = true
            $0.pendingRequest = 4
            $0.pendingFolio = .back(stepId: "personal", locale: "en")
            $0.nextRequestID = 4
        }
        // The rule is what goes to Folio; Folio's answers are tested on their own.
        store.skip(.callFolio(requestID: 4, saved, .back(stepId: "personal", locale: "en")))
        store.finish()
    }

    func testRuleCaptureAndOpenLinkAreIgnoredWhenSent() {
        var store = running()
        store.receive(.act(.capture(field: "scan", mode: .camera)))
        store.receive(.act(.openLink(target: .external(url: "https://folio.id/"))))
        store.finish()
    }

    func testRuleLinkRefusedIsABannerWithTheLocalizedChromeErrorDescriptionAndIsNotRetryable() {
        var store = running()
        store.receive(.act(.linkRefused(url: "https://app.example.com/done"))) {
            $0.error = .linkRefused(url: "https://app.example.com/done")
        }
        let model = checkedModel(of: store.state)
        XCTAssertEqual(
            model["error"],
            [
                "placement": ["type": "BANNER"], "text": model["chrome"]?["error"]?["description"] ?? .null,
                "retryable": false,
            ])
        store.finish()
    }

    func testRuleEveryLinkOfAStepIsNormalizedBeforeTheUpdateIsStored() {
        let state = runningState()
        guard case .screen(let screen)? = state.stage?.content else { return XCTFail("no screen") }
        var urls: [String] = []
        for container in screen.containers {
            for case .button(let button) in container.elements {
                if case .openLink(let target) = button.intent { urls.append(target.url) }
            }
        }
        XCTAssertEqual(urls, ["https://folio.id/terms%20of%20use"])
    }

    func testRuleAnUpdateWithAUrlThatDoesNotParseFailsWithInvalidLinkAndThePreviousStateStays() {
        var store = running()
        receiveAskingFolio(&store, .status, .read(locale: "en"))
        let broken = Fixtures.screenStage(stepId: "next", link: "https://exa mple.com:99999/")
        store.send(.folioAnswered(requestID: 4, .step(Fixtures.update(broken)))) {
            $0.loading = false
            $0.pendingRequest = nil
            $0.pendingFolio = nil
            $0.error = .invalidLink(url: "https://exa mple.com:99999/")
        }
        store.finish()
    }

    func testRuleAFinalStatusForgetsTheInquiryReadsTheResultOnceAndKeepsTheLifecycleStartedUntilClose() {
        var store = running()
        receiveAskingFolio(&store, .act(.complete), .complete(locale: "en"))
        let terminal = Fixtures.terminalStage(.completed, redirect: "HTTPS://App.Example.com")
        store.send(
            .folioAnswered(requestID: 4, .step(Fixtures.update(terminal, status: .completed))),
            effects: [.forgetInquiry(inquiryId: "inq_1"), .callFolio(requestID: 5, saved, .result)]
        ) {
            $0.stage = Fixtures.terminalStage(.completed, redirect: "https://app.example.com/")
            $0.status = .completed
            $0.outcome = .completed
            $0.loading = true
            $0.pendingRequest = 5
            $0.pendingFolio = .result
            $0.nextRequestID = 5
            $0.kept = [:]
        }
        store.send(.folioAnswered(requestID: 5, .result(.completed, issuanceId: nil))) {
            $0.loading = false
            $0.pendingRequest = nil
            $0.pendingFolio = nil
        }
        XCTAssertEqual(store.state.lifecycle, .started(inquiryId: "inq_1", correlationId: "cor_1"))
        store.receive(.close) { $0.lifecycle = .closed(outcome: .completed) }
        store.run(.forgetInquiry(inquiryId: "inq_1"))
        store.finish()
    }

    func testRuleCloseNeverCancelsAtFolioAndAfterCloseEveryActionButOpenIsANoOp() {
        var store = running()
        store.receive(.close) { $0.lifecycle = .closed(outcome: nil) }
        store.receive(.status)
        store.receive(.close)
        for intent in [
            InquiryIntent.submit, .cancel, .retry, .linkRefused(url: "https://x.io/"), .fileUnreadable(field: "scan"),
        ] {
            store.receive(.act(intent))
        }
        // Request ids count on (they make Folio's idempotency keys).
        store.receive(
            .open(entry: .start(launchCode: "LC-2")), effects: [.recallLaunchCode(requestID: 4, launchCode: "LC-2")]
        ) {
            $0 = .init(sdkLocale: "en", deviceTimeZone: "UTC")
            $0.entry = .start(launchCode: "LC-2")
            $0.loading = true
            $0.pendingRequest = 4
            $0.nextRequestID = 4
            $0.openRequestBase = 3
        }
        // The rule is that Open works after Close; the open itself is tested in InquiryReducerEntryTests.
        store.skip(.recallLaunchCode(requestID: 4, launchCode: "LC-2"))
        store.finish()
    }

    func testRuleOnceSavingTheVerifiedIdentityFailedStatusAndEveryIntentIncludingRetryAreNoOps() {
        for error in [
            InquiryError.recordMapping(message: "mapper failed"),
            .fileTooLarge(limitBytes: InquiryError.imageLimitBytes),
        ] {
            var state = runningState()
            state.lifecycle = .failed(error: error)
            state.failure = .saveFailed(error)
            state.error = error
            var store = ReducerTester(InquiryReducer(), state: state)
            store.receive(.status)
            store.receive(.act(.retry))
            store.receive(.act(.submit))
            store.receive(.close) { $0.lifecycle = .closed(outcome: nil) }
            store.finish()
        }
    }

    func testRuleNotControllerMakesThisDeviceAnObserverAndReadsTheStateAgainWithoutAnError() {
        var store = running()
        store.receive(
            .act(.submit),
            effects: [.callFolio(requestID: 4, saved, .submit(stepId: "personal", fields: submitted, locale: "en"))]
        ) {
            $0.loading = true
            $0.pendingRequest = 4
            $0.pendingFolio = .submit(stepId: "personal", fields: self.submitted, locale: "en")
            $0.nextRequestID = 4
        }
        store.send(
            .folioFailed(requestID: 4, .notController), effects: [.callFolio(requestID: 5, saved, .read(locale: "en"))]
        ) {
            $0.observing = true
            $0.readingAsObserver = true
            $0.pendingRequest = 5
            $0.pendingFolio = .read(locale: "en")
            $0.nextRequestID = 5
        }
        // The rule is that the device reads again as an observer; a refused read is tested in
        // InquiryReducerDeviceMemoryTests.
        store.skip(.callFolio(requestID: 5, saved, .read(locale: "en")))
        store.finish()
    }

    func testRuleNotControllerOnContinueHereReachesTheModelAsABanner() {
        var store = running()
        receiveAskingFolio(&store, .act(.continueHere), .takeControl(locale: "en"))
        store.send(.folioFailed(requestID: 4, .notController)) {
            $0.loading = false
            $0.pendingRequest = nil
            $0.pendingFolio = nil
            $0.error = .notController
        }
        XCTAssertEqual(
            checkedModel(of: store.state)["error"], ["placement": ["type": "BANNER"], "retryable": false])
        store.finish()
    }

    func testRuleSetLocaleSavesTheChoiceFirstThenAsksFolioForTheStepInThatLanguage() {
        var store = running()
        store.receive(.act(.setLocale(locale: "de")), effects: [.saveLocale(requestID: 4, locale: "de")]) {
            $0.loading = true
            $0.pendingRequest = 4
            $0.nextRequestID = 4
        }
        store.send(
            .localeSaved(requestID: 4, locale: "de"), effects: [.callFolio(requestID: 5, saved, .read(locale: "de"))]
        ) {
            $0.pendingRequest = 5
            $0.pendingFolio = .read(locale: "de")
            $0.nextRequestID = 5
        }
        store.send(.folioAnswered(requestID: 5, .step(Fixtures.update(Fixtures.screenStage(), locale: "de")))) {
            $0.locale = "de"
            $0.loading = false
            $0.pendingRequest = nil
            $0.pendingFolio = nil
        }
        XCTAssertEqual(checkedModel(of: store.state)["chrome"]?["close"], "Schließen")
        store.finish()
    }

    func testRuleALocaleThatCannotBeSavedFailsWithARetryableLocaleNotSavedBannerAndNothingIsSent() {
        var store = running()
        store.receive(.act(.setLocale(locale: "de")), effects: [.saveLocale(requestID: 4, locale: "de")]) {
            $0.loading = true
            $0.pendingRequest = 4
            $0.nextRequestID = 4
        }
        store.send(.localeNotSaved(requestID: 4, locale: "de")) {
            $0.loading = false
            $0.pendingRequest = nil
            $0.error = .localeNotSaved(locale: "de")
            $0.retry = .saveLocale("de")
        }
        XCTAssertEqual(
            checkedModel(of: store.state)["error"], ["placement": ["type": "BANNER"], "retryable": true])
        store.receive(.act(.retry), effects: [.saveLocale(requestID: 5, locale: "de")]) {
            $0.error = nil
            $0.retry = nil
            $0.loading = true
            $0.pendingRequest = 5
            $0.nextRequestID = 5
        }
        // The rule is that Retry saves the locale again; a saved locale is tested above.
        store.skip(.saveLocale(requestID: 5, locale: "de"))
        store.finish()
    }

    /// Retry sends the failed request under its own id, so Folio gets the same idempotency key and replays an
    /// answer that was lost (FolioClient: "retry with the same Idempotency-Key").
    func testRuleANetworkErrorAfterTheFirstStepIsARetryableBannerAndRetrySendsTheSameRequestAgain() {
        var store = running()
        receiveAskingFolio(&store, .act(.cancel), .cancel(locale: "en"))
        store.send(.folioFailed(requestID: 4, .network(message: "timeout"))) {
            $0.loading = false
            $0.pendingRequest = nil
            $0.pendingFolio = nil
            $0.error = .network(message: "timeout")
            $0.retry = .folio(.cancel(locale: "en"))
            $0.retryRequestID = 4
        }
        store.receive(.act(.retry), effects: [.callFolio(requestID: 4, saved, .cancel(locale: "en"))]) {
            $0.error = nil
            $0.retry = nil
            $0.retryRequestID = nil
            $0.loading = true
            $0.pendingRequest = 4
            $0.pendingFolio = .cancel(locale: "en")
        }
        // The next request gets a new id again.
        store.send(.folioFailed(requestID: 4, .upstream(status: 409, code: "STEP_OUTDATED", message: "x"))) {
            $0.loading = false
            $0.pendingRequest = nil
            $0.pendingFolio = nil
            $0.error = .upstream(status: 409, code: "STEP_OUTDATED", message: "x")
        }
        store.receive(.status, effects: [.callFolio(requestID: 5, saved, .read(locale: "en"))]) {
            $0.error = nil
            $0.loading = true
            $0.pendingRequest = 5
            $0.pendingFolio = .read(locale: "en")
            $0.nextRequestID = 5
        }
        // The rule is the retry under the same id; the read after it is an ordinary read.
        store.skip(.callFolio(requestID: 5, saved, .read(locale: "en")))
        store.finish()
    }

    /// Request ids make Folio's idempotency keys (keys are global at Folio), so an Open after Close goes on
    /// counting: the new inquiry's launch must not reuse the first launch's key.
    func testRuleAnOpenAfterCloseCountsRequestIDsOnSoNoIdempotencyKeyIsReused() {
        var store = running()
        store.receive(.close) {
            $0.lifecycle = .closed(outcome: nil)
        }
        store.receive(
            .open(entry: .start(launchCode: "LC-2")), effects: [.recallLaunchCode(requestID: 4, launchCode: "LC-2")]
        ) {
            $0 = InquiryReducer.State(sdkLocale: "en", deviceTimeZone: "UTC")
            $0.entry = .start(launchCode: "LC-2")
            $0.loading = true
            $0.pendingRequest = 4
            $0.nextRequestID = 4
            $0.openRequestBase = 3
        }
        store.send(
            .launchCodeRecalled(requestID: 4, nil, holder: Fixtures.guest),
            effects: [.exchangeLaunchCode(requestID: 5, launchCode: "LC-2", holder: Fixtures.guest)]
        ) {
            $0.pendingRequest = 5
            $0.nextRequestID = 5
            $0.holder = Fixtures.guest
            $0.holderRead = true
        }
        store.send(.folioFailed(requestID: 5, .internal(message: "503"))) {
            $0.loading = false
            $0.pendingRequest = nil
            $0.error = .internal(message: "503")
            $0.failure = .openFailed(.internal(message: "503"), entryIsResume: false)
            $0.lifecycle = .failed(error: .internal(message: "503"))
        }
        // Retry before the first step opens the entry again with the same ids, so the same keys.
        store.receive(.act(.retry), effects: [.recallLaunchCode(requestID: 4, launchCode: "LC-2")]) {
            $0.error = nil
            $0.failure = nil
            $0.lifecycle = .idle
            $0.loading = true
            $0.pendingRequest = 4
            $0.nextRequestID = 4
        }
        // The rule is the id Retry counts from; the open itself is tested in InquiryReducerEntryTests.
        store.skip(.recallLaunchCode(requestID: 4, launchCode: "LC-2"))
        store.finish()
    }

    func testRuleFileUnreadableIsPlacedAtItsFieldCopiedIntoTheFieldViewAndAnUploadToThatFieldClearsIt() {
        var store = running()
        store.receive(.act(.fileUnreadable(field: "scan"))) { $0.error = .fileUnreadable(field: "scan") }
        let model = checkedModel(of: store.state)
        let text = "This file could not be read. Choose another one."
        XCTAssertEqual(
            model["error"],
            ["placement": ["type": "FIELD", "value": ["fieldId": "scan"]], "text": .string(text), "retryable": false])
        XCTAssertEqual(shownField("scan", in: store.state)?["error"], .string(text))
        let upload = FolioInquiryRequest.upload(
            field: "scan", fileName: "b.pdf", mimeType: "application/pdf", bytes: [1])
        store.receive(
            .act(.upload(field: "scan", fileName: "b.pdf", mimeType: "application/pdf", bytes: Bytes([1]))),
            effects: [.callFolio(requestID: 4, saved, upload)]
        ) {
            $0.error = nil
            $0.loading = true
            $0.pendingRequest = 4
            $0.pendingFolio = upload
            $0.nextRequestID = 4
        }
        XCTAssertNil(checkedModel(of: store.state)["error"])
        XCTAssertNil(shownField("scan", in: store.state)?["error"])
        // The rule is what goes to Folio; Folio's answers are tested on their own.
        store.skip(.callFolio(requestID: 4, saved, upload))
        store.finish()
    }

    func testRulePlacementFieldValidationAndSchemaValidationAreBannersWithFoliosMessageAndOtherErrorsHaveNoText() {
        let view = { (error: InquiryError) in
            InquiryErrorView.project(error, codeFieldId: nil, resumeBeforeFirstStep: false, locale: .english)
        }
        XCTAssertEqual(
            view(.fieldValidation(message: "name is required", fields: ["name": "required"])),
            InquiryErrorView(placement: .banner, text: "name is required", retryable: false))
        XCTAssertEqual(
            view(.schemaValidation(message: "bad type")),
            InquiryErrorView(placement: .banner, text: "bad type", retryable: false))
        XCTAssertEqual(
            view(.internal(message: "500")), InquiryErrorView(placement: .banner, text: nil, retryable: true))
        XCTAssertEqual(
            view(.upstream(status: 409, code: "X", message: "m")),
            InquiryErrorView(placement: .banner, text: nil, retryable: false))
        XCTAssertEqual(
            view(.fileTooLarge(limitBytes: InquiryError.imageLimitBytes)).text,
            "This file is too large. The limit is 32 MiB.")
        XCTAssertEqual(
            InquiryErrorView.project(
                .invalidCode(message: "wrong"), codeFieldId: "otp", resumeBeforeFirstStep: false, locale: .english),
            InquiryErrorView(placement: .field(fieldId: "otp"), text: "wrong", retryable: false))
    }

    func testRuleTokenExpiredOnARunningInquiryShowsTheFailureNoticeWithoutRetry() {
        var store = running()
        receiveAskingFolio(&store, .status, .read(locale: "en"))
        store.send(.folioFailed(requestID: 4, .tokenExpired)) {
            $0.loading = false
            $0.pendingRequest = nil
            $0.pendingFolio = nil
            $0.error = .tokenExpired
            $0.failure = .accessEnded(.tokenExpired)
            $0.lifecycle = .failed(error: .tokenExpired)
        }
        let failure = checkedModel(of: store.state)["failure"]
        XCTAssertEqual(failure?["title"], "This verification has ended")
        XCTAssertNil(failure?["retry"])
        store.finish()
    }

    func testRuleUploadOverTheLimitFailsWithFileTooLargeAndSendsNothing() {
        var store = running()
        let big = Bytes([UInt8](repeating: 0, count: Int(InquiryError.imageLimitBytes) + 1))
        store.receive(.act(.upload(field: "scan", fileName: "a.jpg", mimeType: "image/jpeg", bytes: big))) {
            $0.error = .fileTooLarge(limitBytes: InquiryError.imageLimitBytes)
        }
        store.finish()
    }

    func testRuleSubmitCaptureAndUploadCaptureOutsideASelfieStepFailWithInvalidStepType() {
        var store = running()
        store.receive(.act(.submitCapture(captureSessionId: "c", transactionId: "t"))) {
            $0.error = .invalidStepType(message: "SubmitCapture needs a selfie Liveness or Passive step")
        }
        store.receive(.act(.uploadCapture(captureSessionId: "c", field: "scan", bytes: Bytes([1])))) {
            $0.error = .invalidStepType(message: "UploadCapture needs a selfie Photo step")
        }
        store.finish()
    }

    var submitted: JSONObject {
        [
            "name": "Ada", "code": .null, "birth": .null, "appointment": .null, "phone": .null, "color": .null,
            "terms": .null, "scan": .null,
        ]
    }
}
