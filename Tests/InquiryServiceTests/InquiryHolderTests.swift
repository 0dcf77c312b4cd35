import FolioClient
import FolioModel
import ServiceKit
import StoreKit
import WireModel
import XCTest

@testable import InquiryService

/// Which holder a runtime's session names, and that the holder travels in the store's snapshot.
final class InquiryHolderTests: InquiryReducerTestCase {
    func session(_ identity: SessionIdentity, _ status: SessionStatus = .active, folio: String? = nil)
        -> RuntimeFacts.Session
    {
        RuntimeFacts.Session(identity: identity, status: status, folioSessionID: folio)
    }

    func testRuleATransientSessionNamesItsGuestAccountAndASignedInOneItsFolioSession() {
        let guest = InquiryHolder(session(.transient(accountId: "guest_abc"), .device))
        XCTAssertEqual(guest, .guest(accountId: "guest_abc"))
        XCTAssertEqual(guest?.folio, .guest("guest_abc"), "guestId: the transient account id")
        XCTAssertEqual(guest?.accountId, "guest_abc")
        for status in [SessionStatus.active, .device] {
            let account = InquiryHolder(
                session(.authenticated(userId: "acct_chen", email: "chen.wei@example.net"), status, folio: "ses_9"))
            XCTAssertEqual(account, .account(userId: "acct_chen", folioSessionId: "ses_9"))
            XCTAssertEqual(account?.folio, .session("ses_9"), "sessionId: Folio's session")
            XCTAssertEqual(account?.accountId, "acct_chen", "the account: the user id")
        }
    }

    func testRuleASignedInSessionWithoutAFolioSessionOrWhoseFolioSessionEndedNamesNoHolder() {
        let chen = SessionIdentity.authenticated(userId: "acct_chen", email: "chen.wei@example.net")
        XCTAssertNil(InquiryHolder(session(chen, .active, folio: nil)))
        XCTAssertNil(InquiryHolder(session(chen, .expired, folio: "ses_9")))
    }

    func testTheHolderAndTheAnnouncedIssuanceSurviveTheSnapshot() throws {
        for holder in [Fixtures.chen, Fixtures.guest] {
            var state = runningState()
            state.holder = holder
            state.holderRead = true
            state.announcedIssuance = "isu_1"
            XCTAssertEqual(try state.snapshot.decode(InquiryReducer.State.self), state, "an adopted store knows it")
            XCTAssertEqual(
                state.snapshot, try JSONValue(encoding: state), "the snapshot is what JSONEncoder would write")
        }
        var unread = runningState()
        unread.holderRead = false
        XCTAssertNil(unread.snapshot["holderRead"], "no launch: the shape of snapshots before holders")
    }

    func testAnExchangeSnapshottedBeforeHoldersReadsBackNamingNone() throws {
        let named = InquiryReducer.Effect.exchangeLaunchCode(requestID: 2, launchCode: "LC-1", holder: Fixtures.chen)
        XCTAssertEqual(try JSONValue(encoding: named).decode(InquiryReducer.Effect.self), named)
        let written: JSONValue = ["exchangeLaunchCode": ["requestID": 2, "launchCode": "LC-1"]]
        XCTAssertEqual(
            try written.decode(InquiryReducer.Effect.self),
            .exchangeLaunchCode(requestID: 2, launchCode: "LC-1", holder: nil))
        let announce = InquiryReducer.Effect.announceIssuance(
            accountId: "acct_chen", issuanceId: "isu_1", inquiryId: "inq_1")
        XCTAssertEqual(try JSONValue(encoding: announce).decode(InquiryReducer.Effect.self), announce)
    }
}
