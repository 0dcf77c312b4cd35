import FolioModel
import StoreKitTesting
import XCTest

@testable import InquiryService

/// The holder a launch names (docs/inquiry-store.md, "Issued documents").
final class InquiryReducerIssuanceTests: InquiryReducerTestCase {
    /// A new store that received Open with Start `LC-1` and asks the device's memory about the code.
    func startingWithCode() -> ReducerTester<InquiryReducer> {
        var store = ReducerTester(InquiryReducer(), state: .init(sdkLocale: "en", deviceTimeZone: "UTC"))
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

    /// A store showing the first step of an inquiry it launched for `holder`.
    func launched(for holder: InquiryHolder?) -> ReducerTester<InquiryReducer> {
        var state = runningState()
        state.holder = holder
        state.holderRead = true
        return ReducerTester(InquiryReducer(), state: state)
    }

    // MARK: the holder at the launch

    func testRuleTheLaunchNamesTheHolderOfTheRuntimesSessionAsReadWhenTheCodeIsRecalled() {
        for holder in [Fixtures.chen, Fixtures.guest, nil] {
            var store = startingWithCode()
            let exchange = InquiryReducer.Effect.exchangeLaunchCode(requestID: 2, launchCode: "LC-1", holder: holder)
            store.send(.launchCodeRecalled(requestID: 1, nil, holder: holder), effects: [exchange]) {
                $0.holder = holder
                $0.holderRead = true
                $0.pendingRequest = 2
                $0.nextRequestID = 2
            }
            // The rule is the holder the exchange carries; the exchange itself is tested in InquiryReducerEntryTests.
            store.skip(exchange)
            store.finish()
        }
    }

    func testRuleARetryBeforeTheFirstStepLaunchesWithTheHolderReadTheFirstTimeEvenAfterASignIn() {
        var store = startingWithCode()
        store.send(
            .launchCodeRecalled(requestID: 1, nil, holder: Fixtures.guest),
            effects: [.exchangeLaunchCode(requestID: 2, launchCode: "LC-1", holder: Fixtures.guest)]
        ) {
            $0.holder = Fixtures.guest
            $0.holderRead = true
            $0.pendingRequest = 2
            $0.nextRequestID = 2
        }
        store.send(.folioFailed(requestID: 2, .network(message: "down"))) {
            $0.loading = false
            $0.pendingRequest = nil
            $0.error = .network(message: "down")
            $0.failure = .openFailed(.network(message: "down"), entryIsResume: false)
            $0.lifecycle = .failed(error: .network(message: "down"))
        }
        store.receive(.act(.retry), effects: [.recallLaunchCode(requestID: 1, launchCode: "LC-1")]) {
            $0.error = nil
            $0.failure = nil
            $0.lifecycle = .idle
            $0.loading = true
            $0.pendingRequest = 1
            $0.nextRequestID = 1
        }
        // The person signed in meanwhile; the exchange goes out under the same key, so with the same body.
        store.send(
            .launchCodeRecalled(requestID: 1, nil, holder: Fixtures.chen),
            effects: [.exchangeLaunchCode(requestID: 2, launchCode: "LC-1", holder: Fixtures.guest)]
        ) {
            $0.pendingRequest = 2
            $0.nextRequestID = 2
        }
        store.skip(.exchangeLaunchCode(requestID: 2, launchCode: "LC-1", holder: Fixtures.guest))
        store.finish()
    }

    func testRuleACodeThisDeviceExchangedBeforeEntersWithoutAHolderSinceThisOpenDidNotLaunch() {
        var store = startingWithCode()
        store.send(
            .launchCodeRecalled(requestID: 1, saved, holder: Fixtures.chen),
            effects: [.rememberInquiry(requestID: 2, saved, launchCode: nil)]
        ) {
            $0.access = self.saved
            $0.pendingRequest = 2
            $0.nextRequestID = 2
        }
        XCTAssertNil(store.state.holder)
        store.skip(.rememberInquiry(requestID: 2, saved, launchCode: nil))
        store.finish()
    }

    func testRuleAnOpenForgetsTheHolderOfTheInquiryBefore() {
        var store = launched(for: Fixtures.chen)
        store.receive(.close) { $0.lifecycle = .closed(outcome: nil) }
        store.receive(
            .open(entry: .resume(source: .sameDevice(inquiryId: nil))),
            effects: [.recallSavedInquiry(requestID: 4, inquiryId: nil)]
        ) {
            $0 = InquiryReducer.State(sdkLocale: "en", deviceTimeZone: "UTC")
            $0.entry = .resume(source: .sameDevice(inquiryId: nil))
            $0.loading = true
            $0.pendingRequest = 4
            $0.nextRequestID = 4
            $0.openRequestBase = 3
        }
        store.skip(.recallSavedInquiry(requestID: 4, inquiryId: nil))
        store.finish()
    }
}
