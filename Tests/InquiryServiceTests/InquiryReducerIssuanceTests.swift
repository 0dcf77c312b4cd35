import FolioModel
import StoreKitTesting
import XCTest

@testable import InquiryService

/// The holder a launch names, and the issuance a completed inquiry offers it (docs/inquiry-store.md, "Issued
/// documents").
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

    /// Sends Complete and answers it with the completion envelope carrying `issuanceId`, expecting `announced`
    /// between the forget and the read of the result (request 5).
    func complete(
        _ store: inout ReducerTester<InquiryReducer>, issuanceId: String?, announced: [InquiryReducer.Effect],
        file: StaticString = #filePath, line: UInt = #line
    ) {
        receiveAskingFolio(&store, .act(.complete), .complete(locale: "en"), file: file, line: line)
        let terminal = Fixtures.terminalStage(.completed, redirect: nil)
        store.send(
            .folioAnswered(
                requestID: 4, .step(Fixtures.update(terminal, status: .completed, issuanceId: issuanceId))),
            effects: [.forgetInquiry(inquiryId: "inq_1")] + announced + [.callFolio(requestID: 5, saved, .result)],
            {
                $0.stage = terminal
                $0.status = .completed
                $0.outcome = .completed
                $0.kept = [:]
                $0.pendingRequest = 5
                $0.pendingFolio = .result
                $0.nextRequestID = 5
                if !announced.isEmpty { $0.announcedIssuance = issuanceId }
            }, file: file, line: line)
        store.run(.forgetInquiry(inquiryId: "inq_1"), file: file, line: line)
    }

    /// The result's answer: nothing runs any more.
    func resultRead() -> (inout InquiryReducer.State) -> Void {
        {
            $0.loading = false
            $0.pendingRequest = nil
            $0.pendingFolio = nil
        }
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

    // MARK: the issuance at the completion

    func testRuleACompletionEnvelopeWithAnIssuanceIdAnnouncesItOnceForTheAccountTheInquiryWasLaunchedFor() {
        var store = launched(for: Fixtures.chen)
        let announce = InquiryReducer.Effect.announceIssuance(
            accountId: "acct_chen", issuanceId: "isu_1", inquiryId: "inq_1")
        complete(&store, issuanceId: "isu_1", announced: [announce])
        store.run(announce)
        // The result carries the same issuance: nothing more.
        store.send(.folioAnswered(requestID: 5, .result(.completed, issuanceId: "isu_1")), resultRead())
        // Every later envelope carries it too: a Status reads the step and the result again, and announces nothing.
        store.receive(.status, effects: [.callFolio(requestID: 6, saved, .read(locale: "en"))]) {
            $0.loading = true
            $0.pendingRequest = 6
            $0.pendingFolio = .read(locale: "en")
            $0.nextRequestID = 6
        }
        let terminal = Fixtures.terminalStage(.completed, redirect: nil)
        store.send(
            .folioAnswered(requestID: 6, .step(Fixtures.update(terminal, status: .completed, issuanceId: "isu_1"))),
            effects: [.forgetInquiry(inquiryId: "inq_1"), .callFolio(requestID: 7, saved, .result)]
        ) {
            $0.pendingRequest = 7
            $0.pendingFolio = .result
            $0.nextRequestID = 7
        }
        store.run(.forgetInquiry(inquiryId: "inq_1"))
        store.send(.folioAnswered(requestID: 7, .result(.completed, issuanceId: "isu_1")), resultRead())
        store.finish()
    }

    func testRuleAGuestsIssuanceIsAnnouncedForItsTransientAccount() {
        var store = launched(for: Fixtures.guest)
        let announce = InquiryReducer.Effect.announceIssuance(
            accountId: "guest_1", issuanceId: "isu_2", inquiryId: "inq_1")
        complete(&store, issuanceId: "isu_2", announced: [announce])
        store.run(announce)
        store.skip(.callFolio(requestID: 5, saved, .result))
        store.finish()
    }

    func testRuleACompletionWithoutAnIssuanceIdAnnouncesNothing() {
        var store = launched(for: Fixtures.chen)
        complete(&store, issuanceId: nil, announced: [])
        store.send(.folioAnswered(requestID: 5, .result(.completed, issuanceId: nil)), resultRead())
        store.finish()
    }

    func testRuleAnIssuanceIdFirstSeenInTheResultIsAnnouncedThere() {
        var store = launched(for: Fixtures.chen)
        complete(&store, issuanceId: nil, announced: [])
        let announce = InquiryReducer.Effect.announceIssuance(
            accountId: "acct_chen", issuanceId: "isu_3", inquiryId: "inq_1")
        store.send(.folioAnswered(requestID: 5, .result(.completed, issuanceId: "isu_3")), effects: [announce]) {
            $0.loading = false
            $0.pendingRequest = nil
            $0.pendingFolio = nil
            $0.announcedIssuance = "isu_3"
        }
        store.run(announce)
        store.finish()
    }

    func testRuleAStoreThatDidNotLaunchTheInquiryAnnouncesNoIssuance() {
        var store = running()
        complete(&store, issuanceId: "isu_4", announced: [])
        store.send(.folioAnswered(requestID: 5, .result(.completed, issuanceId: "isu_4")), resultRead())
        XCTAssertNil(store.state.announcedIssuance)
        store.finish()
    }

    func testRuleACompletionEnvelopeWhoseStageDoesNotReadStillAnnouncesItsIssuance() {
        var store = launched(for: Fixtures.chen)
        receiveAskingFolio(&store, .act(.complete), .complete(locale: "en"))
        let broken = Fixtures.terminalStage(.completed, redirect: "https://exa mple.com:99999/")
        let announce = InquiryReducer.Effect.announceIssuance(
            accountId: "acct_chen", issuanceId: "isu_5", inquiryId: "inq_1")
        store.send(
            .folioAnswered(requestID: 4, .step(Fixtures.update(broken, status: .completed, issuanceId: "isu_5"))),
            effects: [.forgetInquiry(inquiryId: "inq_1"), announce]
        ) {
            $0.loading = false
            $0.pendingRequest = nil
            $0.pendingFolio = nil
            $0.error = .invalidLink(url: "https://exa mple.com:99999/")
            $0.announcedIssuance = "isu_5"
        }
        store.run(.forgetInquiry(inquiryId: "inq_1"))
        store.run(announce)
        store.finish()
    }
}
