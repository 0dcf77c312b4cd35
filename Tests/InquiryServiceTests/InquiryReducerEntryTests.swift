import FolioModel
import StoreKitTesting
import XCTest

@testable import InquiryService

/// Entries, the device's memory and the actions before the first step (spec "Entries", "Actions").
final class InquiryReducerEntryTests: XCTestCase {
    typealias Fixtures = InquiryFixtures
    let saved = InquiryFixtures.saved

    /// A new store that received Open with Start `LC-1` and asks the device's memory about the code.
    func startingWithCode() -> ReducerTester<InquiryReducer> {
        var store = newStore()
        store.receive(
            .open(entry: .start(launchCode: "LC-1")), effects: [.recallLaunchCode(requestID: 1, launchCode: "LC-1")]
        ) {
            $0.entry = .start(launchCode: "LC-1")
            $0.loading = true
            $0.pendingRequest = 1
            $0.nextRequestID = 1
        }
        return store
    }

    func newStore() -> ReducerTester<InquiryReducer> {
        ReducerTester(InquiryReducer(), state: .init(sdkLocale: "en", deviceTimeZone: "UTC"))
    }

    func testRuleABlankLaunchCodeCodeOrInquiryIdFailsAtOnceWithInvalidEntryAndSendsNothing() {
        for (entry, field) in [
            (InquiryEntry.start(launchCode: "  "), "launchCode"),
            (.resume(source: .anotherDevice(code: "")), "code"),
            (.resume(source: .sameDevice(inquiryId: " ")), "inquiryId"),
        ] {
            var store = newStore()
            store.receive(.open(entry: entry)) {
                $0.entry = entry
                $0.error = .invalidEntry(field: field)
                $0.failure = .openFailed(.invalidEntry(field: field), entryIsResume: entry.isResume)
                $0.lifecycle = .failed(error: .invalidEntry(field: field))
            }
            store.finish()
        }
    }

    func testRuleStartExchangesTheLaunchCodeThenSavesTheInquiryWithItsCodeAndReadsTheFirstStep() throws {
        var store = startingWithCode()
        store.send(
            .launchCodeRecalled(requestID: 1, nil, holder: Fixtures.guest),
            effects: [.exchangeLaunchCode(requestID: 2, launchCode: "LC-1", holder: Fixtures.guest)]
        ) {
            $0.pendingRequest = 2
            $0.nextRequestID = 2
            $0.holder = Fixtures.guest
            $0.holderRead = true
        }
        store.send(
            .accessGranted(requestID: 2, saved), effects: [.rememberInquiry(requestID: 3, saved, launchCode: "LC-1")]
        ) {
            $0.access = self.saved
            $0.pendingRequest = 3
            $0.nextRequestID = 3
        }
        store.send(.inquiryRemembered(requestID: 3), effects: [.callFolio(requestID: 4, saved, .read(locale: nil))]) {
            $0.pendingRequest = 4
            $0.pendingFolio = .read(locale: nil)
            $0.nextRequestID = 4
        }
        let stage = Fixtures.screenStage()
        store.send(.folioAnswered(requestID: 4, .step(Fixtures.update(stage)))) {
            $0.stage = try? stage.normalizingLinks()
            $0.status = .pending
            $0.locale = "en"
            $0.loading = false
            $0.pendingRequest = nil
            $0.pendingFolio = nil
            $0.lifecycle = .started(inquiryId: "inq_1", correlationId: "cor_1")
        }
        store.finish()
    }

    func testRuleAStartWithACodeThisDeviceAlreadyExchangedResumesWithoutASecondExchange() {
        var store = startingWithCode()
        store.send(
            .launchCodeRecalled(requestID: 1, saved, holder: Fixtures.guest),
            effects: [.rememberInquiry(requestID: 2, saved, launchCode: nil)]
        ) {
            $0.access = self.saved
            $0.pendingRequest = 2
            $0.nextRequestID = 2
        }
        // Saving the inquiry and the read after it are tested with the exchange (the start's own test).
        store.skip(.rememberInquiry(requestID: 2, saved, launchCode: nil))
        store.finish()
    }

    func testRuleLaunchCodeInvalidBeforeTheFirstStepShowsTheFailureNoticeAndLifecycleFailed() {
        var store = startingWithCode()
        store.send(
            .launchCodeRecalled(requestID: 1, nil, holder: Fixtures.guest),
            effects: [.exchangeLaunchCode(requestID: 2, launchCode: "LC-1", holder: Fixtures.guest)]
        ) {
            $0.pendingRequest = 2
            $0.nextRequestID = 2
            $0.holder = Fixtures.guest
            $0.holderRead = true
        }
        store.send(.folioFailed(requestID: 2, .launchCodeInvalid)) {
            $0.loading = false
            $0.pendingRequest = nil
            $0.error = .launchCodeInvalid
            $0.failure = .openFailed(.launchCodeInvalid, entryIsResume: false)
            $0.lifecycle = .failed(error: .launchCodeInvalid)
        }
        let model = checkedModel(of: store.state)
        XCTAssertNil(model["failure"]?["retry"], "a launch code that does not work cannot be retried")
        XCTAssertEqual(
            model["lifecycle"], ["type": "FAILED", "value": ["error": ["type": "LAUNCH_CODE_INVALID", "value": [:]]]])
        store.finish()
    }

    func testRuleASameDeviceResumeOfAnInquiryTheDeviceHasNotSavedFailsWithNoActiveInquiry() {
        var store = newStore()
        let entry = InquiryEntry.resume(source: .sameDevice(inquiryId: "inq_9"))
        store.receive(.open(entry: entry), effects: [.recallSavedInquiry(requestID: 1, inquiryId: "inq_9")]) {
            $0.entry = entry
            $0.loading = true
            $0.pendingRequest = 1
            $0.nextRequestID = 1
        }
        store.send(.savedInquiryRecalled(requestID: 1, nil)) {
            $0.loading = false
            $0.pendingRequest = nil
            $0.error = .noActiveInquiry
            $0.failure = .openFailed(.noActiveInquiry, entryIsResume: true)
            $0.lifecycle = .failed(error: .noActiveInquiry)
        }
        store.finish()
    }

    func testRuleASameDeviceResumeThatFailsWithTokenExpiredTokenInvalidOrExpiredForgetsTheSavedInquiry() {
        for error in [InquiryError.tokenExpired, .tokenInvalid, .expired] {
            var store = newStore()
            let entry = InquiryEntry.resume(source: .sameDevice(inquiryId: nil))
            store.receive(.open(entry: entry), effects: [.recallSavedInquiry(requestID: 1, inquiryId: nil)]) {
                $0.entry = entry
                $0.loading = true
                $0.pendingRequest = 1
                $0.nextRequestID = 1
            }
            store.send(
                .savedInquiryRecalled(requestID: 1, saved),
                effects: [.rememberInquiry(requestID: 2, saved, launchCode: nil)]
            ) {
                $0.access = self.saved
                $0.pendingRequest = 2
                $0.nextRequestID = 2
            }
            store.send(.inquiryRemembered(requestID: 2), effects: [.callFolio(requestID: 3, saved, .read(locale: nil))])
            {
                $0.pendingRequest = 3
                $0.pendingFolio = .read(locale: nil)
                $0.nextRequestID = 3
            }
            store.send(.folioFailed(requestID: 3, error), effects: [.forgetInquiry(inquiryId: "inq_1")]) {
                $0.loading = false
                $0.pendingRequest = nil
                $0.pendingFolio = nil
                $0.error = error
                $0.failure = .openFailed(error, entryIsResume: true)
                $0.lifecycle = .failed(error: error)
            }
            store.run(.forgetInquiry(inquiryId: "inq_1"))
            store.finish()
        }
    }

    func testRuleAFailureOfAResumeEntryBeforeItsFirstStepIsNeverRetryable() {
        var store = newStore()
        let entry = InquiryEntry.resume(source: .anotherDevice(code: "H-1"))
        store.receive(.open(entry: entry), effects: [.redeemHandoff(requestID: 1, code: "H-1")]) {
            $0.entry = entry
            $0.loading = true
            $0.pendingRequest = 1
            $0.nextRequestID = 1
        }
        store.send(.folioFailed(requestID: 1, .network(message: "down"))) {
            $0.loading = false
            $0.pendingRequest = nil
            $0.error = .network(message: "down")
            $0.failure = .openFailed(.network(message: "down"), entryIsResume: true)
            $0.lifecycle = .failed(error: .network(message: "down"))
        }
        let model = checkedModel(of: store.state)
        XCTAssertEqual(model["error"]?["retryable"], false)
        XCTAssertNil(model["failure"]?["retry"])
        store.finish()
    }

    func testRuleBeforeOpenTheStoreIgnoresStatusAndAct() {
        var store = newStore()
        store.receive(.status)
        store.receive(.act(.submit))
        store.receive(.act(.retry))
        store.finish()
    }

    func testRuleUntilOpenProducedAnInquiryStatusAndEveryIntentButRetryAreNoOpsAndRetryOpensTheSameEntryAgain() {
        var store = startingWithCode()
        // While it loads, Retry does nothing either: the open is still running.
        store.receive(.act(.retry))
        store.send(.folioFailed(requestID: 1, .network(message: "down"))) {
            $0.loading = false
            $0.pendingRequest = nil
            $0.error = .network(message: "down")
            $0.failure = .openFailed(.network(message: "down"), entryIsResume: false)
            $0.lifecycle = .failed(error: .network(message: "down"))
        }
        XCTAssertEqual(checkedModel(of: store.state)["failure"]?["retry"], "Try again")
        store.receive(.status)
        for intent in [InquiryIntent.submit, .back, .cancel, .complete, .handoff, .setLocale(locale: "de")] {
            store.receive(.act(intent))
        }
        store.receive(.act(.retry), effects: [.recallLaunchCode(requestID: 1, launchCode: "LC-1")]) {
            $0 = .init(sdkLocale: "en", deviceTimeZone: "UTC")
            $0.entry = .start(launchCode: "LC-1")
            $0.loading = true
            $0.pendingRequest = 1
            $0.nextRequestID = 1
        }
        // The rule is that Retry opens the same entry again; the open itself is tested on its own.
        store.skip(.recallLaunchCode(requestID: 1, launchCode: "LC-1"))
        store.finish()
    }

    func testRuleEveryInquiryActionButAPreviewFrameSkipsTheRuntimesQueue() {
        let frame = InquiryIntent.previewFrame(width: 2, height: 1, bytes: Bytes([1, 2]))
        XCTAssertEqual(InquiryReducer.lane(of: .act(frame)), .queued)
        for action in [
            InquiryAction.open(entry: .start(launchCode: "x")), .close, .status, .act(.submit), .act(.retry),
        ] {
            XCTAssertEqual(InquiryReducer.lane(of: action), .skipsQueue, "\(action)")
        }
    }

    func testRuleAnAnswerToARequestTheStoreNoLongerWaitsForIsDropped() {
        var store = startingWithCode()
        store.sendStray(.folioFailed(requestID: 7, .launchInvalid))
        store.sendStray(.accessGranted(requestID: 7, saved))
        // The rule is that stray answers are dropped; the recall stays in flight.
        store.skip(.recallLaunchCode(requestID: 1, launchCode: "LC-1"))
        store.finish()
    }
}
