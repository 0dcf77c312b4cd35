import DocumentReceiver
import FolioModel
import XCTest

/// The reception of the list store (spec `folio-documents.md`, "Reception"): every transition rule.
final class ReceptionStateTests: XCTestCase {
    private let texts = ReceptionTexts.forLanguage("en")
    private var failed: FolioDocumentReception { .failed(text: "Couldn\u{2019}t receive the document", retry: "Retry") }

    func testRefreshAndRetrySetReceivingAtOnceEvenWhenNothingIsOnItsWay() {
        for trigger in [ReceptionState.Trigger.refresh, .retry] {
            var state = ReceptionState()
            state.passStarted(trigger)
            XCTAssertEqual(state.shown(texts), .receiving)
            state.passEnded(.nothingPending, trigger: trigger)
            XCTAssertEqual(state.shown(texts), .idle)
        }
    }

    func testAnInquiryThatOffersAnIssuanceSetsReceivingAtOnce() {
        var state = ReceptionState()
        state.passStarted(.inquiryOffer)
        XCTAssertEqual(state.shown(texts), .receiving)
        state.passEnded(.onItsWay, trigger: .inquiryOffer)
        XCTAssertEqual(state.shown(texts), .receiving)
    }

    func testAnAutomaticPassShowsNothingUntilItEnds() {
        var state = ReceptionState()
        state.passStarted(.automatic)
        XCTAssertEqual(state.shown(texts), .idle)
        state.passEnded(.onItsWay, trigger: .automatic)
        XCTAssertEqual(state.shown(texts), .receiving)
    }

    func testAFailedPassShowsFailedWithItsRetryButtonInTheSdkLanguage() {
        var state = ReceptionState()
        state.passEnded(.failed, trigger: .automatic)
        XCTAssertEqual(state.shown(texts), failed)
        XCTAssertEqual(
            state.shown(.forLanguage("de")),
            .failed(text: "Das Dokument konnte nicht empfangen werden", retry: "Erneut versuchen"))
        XCTAssertEqual(
            failed.json,
            ["type": "FAILED", "value": ["text": "Couldn\u{2019}t receive the document", "retry": "Retry"]])
    }

    func testTheNextPassThatSucceedsSetsIdleOrReceivingAfterAFailureWithoutARetry() {
        var state = ReceptionState()
        state.passEnded(.failed, trigger: .automatic)
        state.passEnded(.onItsWay, trigger: .automatic)
        XCTAssertEqual(state.shown(texts), .receiving)
        state.passEnded(.nothingPending, trigger: .automatic)
        XCTAssertEqual(state.shown(texts), .idle)
    }

    func testNotIssuedSaysWhetherTheIssuerDeclinedOrCouldNotIssue() {
        var state = ReceptionState()
        state.passEnded(.notIssued(declined: true), trigger: .automatic)
        XCTAssertEqual(state.shown(texts), .notIssued(text: "The issuer declined to issue the document"))
        state.passEnded(.notIssued(declined: false), trigger: .retry)
        XCTAssertEqual(state.shown(texts), .notIssued(text: "The issuer couldn\u{2019}t issue the document"))
    }

    func testNotIssuedStaysThroughAutomaticPassesUntilRefreshRetryAnInquiryOfferOrASessionChange() {
        var state = ReceptionState()
        state.passEnded(.notIssued(declined: true), trigger: .automatic)
        for outcome in [ReceptionState.PassOutcome.nothingPending, .onItsWay, .failed] {
            state.passEnded(outcome, trigger: .automatic)
            XCTAssertEqual(state.shown(texts), .notIssued(text: "The issuer declined to issue the document"))
        }
        for clear in [ReceptionState.Trigger.refresh, .retry, .inquiryOffer] {
            var cleared = state
            cleared.passStarted(clear)
            XCTAssertEqual(cleared.shown(texts), .receiving, "\(clear)")
        }
        var changed = state
        changed.sessionChanged()
        XCTAssertEqual(changed.shown(texts), .idle)
    }

    func testReceivedStaysThroughPassesThatFindNothingUntilAcknowledge() {
        var state = ReceptionState()
        state.passStarted(.inquiryOffer)
        state.passEnded(.receivedFromInquiry(id: "D_1"), trigger: .inquiryOffer)
        XCTAssertEqual(state.shown(texts), .received(id: "D_1"))
        state.passStarted(.refresh)
        state.passEnded(.nothingPending, trigger: .refresh)
        XCTAssertEqual(state.shown(texts), .received(id: "D_1"))
        state.acknowledged()
        XCTAssertEqual(state.shown(texts), .idle)
    }

    func testReceivingAndFailedOfALaterPassShowOverReceivedAndNotIssuedDoesNot() {
        var state = ReceptionState()
        state.passEnded(.receivedFromInquiry(id: "D_1"), trigger: .inquiryOffer)
        state.passStarted(.refresh)
        XCTAssertEqual(state.shown(texts), .receiving)
        state.passEnded(.failed, trigger: .refresh)
        XCTAssertEqual(state.shown(texts), failed)
        state.passEnded(.notIssued(declined: true), trigger: .retry)
        XCTAssertEqual(state.shown(texts), .received(id: "D_1"))
    }

    func testTheNextInquiryThatOffersAnIssuanceAndASessionChangeClearReceived() {
        var offered = ReceptionState()
        offered.passEnded(.receivedFromInquiry(id: "D_1"), trigger: .inquiryOffer)
        offered.passStarted(.inquiryOffer)
        offered.passEnded(.onItsWay, trigger: .inquiryOffer)
        XCTAssertEqual(offered.shown(texts), .receiving)
        offered.passEnded(.nothingPending, trigger: .automatic)
        XCTAssertEqual(offered.shown(texts), .idle, "the first document is no longer shown as received")

        var changed = ReceptionState()
        changed.passEnded(.receivedFromInquiry(id: "D_1"), trigger: .inquiryOffer)
        changed.sessionChanged()
        XCTAssertEqual(changed.shown(texts), .idle)
    }

    func testTheWireShapesOfEveryCaseReadBack() throws {
        for reception in [FolioDocumentReception.idle, .receiving, failed, .notIssued(text: "t"), .received(id: "D_1")]
        {
            XCTAssertEqual(try FolioDocumentReception(json: reception.json), reception)
        }
        XCTAssertEqual(FolioDocumentReception.received(id: "D_1").json, ["type": "RECEIVED", "value": ["id": "D_1"]])
    }
}
