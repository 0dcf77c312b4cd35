import FolioModel
import StoreKitTesting
import XCTest

@testable import InquiryService

/// What happens when the device's memory cannot be written, and the bound on re-reads after NotController.
final class InquiryReducerDeviceMemoryTests: InquiryReducerTestCase {
    /// A Start whose code Folio exchanged, waiting for the device to save the inquiry (request 2).
    private func remembering() -> ReducerTester<InquiryReducer> {
        var state = InquiryReducer.State(sdkLocale: "en", deviceTimeZone: "UTC")
        state.entry = .start(launchCode: "LC-1")
        state.access = saved
        state.loading = true
        state.pendingRequest = 2
        state.nextRequestID = 2
        return ReducerTester(
            InquiryReducer(), state: state, inFlight: [.rememberInquiry(requestID: 2, saved, launchCode: "LC-1")])
    }

    func testRuleAnInquiryTheDeviceCannotSaveIsARetryableNetworkFailureNotASilentStart() {
        var store = remembering()
        let error = InquiryError.network(message: "the device memory is unavailable")
        store.send(.inquiryNotRemembered(requestID: 2)) {
            $0.loading = false
            $0.pendingRequest = nil
            $0.error = error
            $0.failure = .openFailed(error, entryIsResume: false)
            $0.lifecycle = .failed(error: error)
        }
        XCTAssertEqual(checkedModel(of: store.state)["failure"]?["retry"], "Try again")
        store.finish()
    }

    func testRuleAnInquiryTheDeviceCannotForgetShowsARetryableErrorAndRetryForgetsAgain() {
        var store = running()
        store.send(.inquiryNotForgotten(inquiryId: "inq_1")) {
            $0.error = .network(message: "the device memory is unavailable")
            $0.retry = .forgetInquiry("inq_1")
        }
        store.receive(.act(.retry), effects: [.forgetInquiry(inquiryId: "inq_1")]) {
            $0.error = nil
            $0.retry = nil
        }
        store.run(.forgetInquiry(inquiryId: "inq_1"))
        store.finish()
    }

    func testRuleAFinalStepWhoseRedirectFailsTheLinkCheckIsStillForgotten() {
        var store = running()
        receiveAskingFolio(&store, .act(.complete), .complete(locale: "en"))
        let terminal = InquiryStage(
            navigation: nil, errors: nil,
            content: .terminal(outcome: .completed, redirect: .universal(url: "https://256.0.0.1/done")))
        var update = VerificationFixtures.update(terminal)
        update.status = .completed
        store.send(.folioAnswered(requestID: 4, .step(update)), effects: [.forgetInquiry(inquiryId: "inq_1")]) {
            $0.loading = false
            $0.pendingRequest = nil
            $0.pendingFolio = nil
            $0.error = .invalidLink(url: "https://256.0.0.1/done")
        }
        store.run(.forgetInquiry(inquiryId: "inq_1"))
        store.finish()
    }

    func testRuleNotControllerOnTheReadAfterNotControllerIsABannerNotAnotherRead() {
        var store = running()
        receiveAskingFolio(&store, .status, .read(locale: "en"))
        store.send(
            .folioFailed(requestID: 4, .notController), effects: [.callFolio(requestID: 5, saved, .read(locale: "en"))]
        ) {
            $0.observing = true
            $0.readingAsObserver = true
            $0.pendingRequest = 5
            $0.pendingFolio = .read(locale: "en")
            $0.nextRequestID = 5
        }
        store.send(.folioFailed(requestID: 5, .notController)) {
            $0.readingAsObserver = false
            $0.loading = false
            $0.pendingRequest = nil
            $0.pendingFolio = nil
            $0.error = .notController
        }
        store.finish()
    }
}
