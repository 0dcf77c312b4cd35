import AuthService
import FolioAPI
import FolioModel
import StoreKit
import StoreKitTesting
import WireModel
import XCTest

/// SessionStore rules (DESIGN §3, "Session"), each asserted on the whole state and every effect.
final class SessionReducerTests: XCTestCase {
    let guest = SessionIdentity.transient(accountId: "guest-1")
    let person = SessionIdentity.authenticated(userId: "acct_chen", email: "chen@example.com")

    func testEveryRuntimeStartsWithATransientIdentityOnTheDevice() {
        let state = SessionReducer.State(identity: guest)
        XCTAssertEqual(
            SessionReducer().model(of: state),
            ["identity": ["type": "TRANSIENT", "value": ["accountId": "guest-1"]], "status": ["type": "DEVICE"]])
    }

    func testASignInMakesTheIdentityAuthenticatedAndActiveAndPublishesIt() {
        var store = ReducerTester(SessionReducer(), state: .init(identity: guest))
        store.send(
            .switched(identity: person, folioSessionID: "ses_1"),
            effects: [.publishChange(SessionUiModel(identity: person, status: .active), folioSessionID: "ses_1")]
        ) {
            $0.identity = self.person
            $0.status = .active
            $0.folioSessionID = "ses_1"
        }
        store.run(.publishChange(SessionUiModel(identity: person, status: .active), folioSessionID: "ses_1"))
        store.finish()
    }

    func testSignOutEndsTheFolioSessionAndReturnsToANewTransientIdentity() {
        var store = ReducerTester(
            SessionReducer(), state: .init(identity: person, status: .active, folioSessionID: "ses_1"))
        store.receive(
            .signOut, effects: [.endFolioSession(folioSessionID: "ses_1"), .createTransientIdentity(requestID: 1)]
        ) {
            $0.requests = RequestLedger(lastIssued: 1, awaited: [.init(id: 1, purpose: .newGuestIdentity)])
        }
        XCTAssertTrue(store.state.signingOut)
        store.run(.endFolioSession(folioSessionID: "ses_1"))
        store.receive(.signOut)  // a second sign-out while the first runs does nothing
        let fresh = SessionIdentity.transient(accountId: "guest-2")
        store.send(
            .transientIdentityCreated(requestID: 1, accountId: "guest-2"),
            effects: [.publishChange(SessionUiModel(identity: fresh, status: .device), folioSessionID: nil)]
        ) {
            $0.identity = fresh
            $0.status = .device
            $0.folioSessionID = nil
            $0.requests = RequestLedger(lastIssued: 1)
        }
        XCTAssertFalse(store.state.signingOut)
        store.run(.publishChange(SessionUiModel(identity: fresh, status: .device), folioSessionID: nil))
        store.finish()
    }

    func testAnExpiryAnnouncedAfterASignOutLeavesTheNewGuest() {
        // The sign-out's guest is already shown when the expiry watcher's announcement of the ended session comes.
        let fresh = SessionIdentity.transient(accountId: "guest-2")
        var store = ReducerTester(SessionReducer(), state: .init(identity: fresh, status: .device, folioSessionID: nil))
        let expired = SessionChanged(runtimeID: "rt_1", identity: person, status: .expired, folioSessionID: "ses_1")
        XCTAssertEqual(SessionReducer.Event.announced(expired), .endedByFolio(folioSessionID: "ses_1"))
        store.send(.announced(expired))
        store.finish()
    }

    func testAnExpiryAnnouncedForTheHeldSessionShowsItExpired() {
        var store = ReducerTester(
            SessionReducer(), state: .init(identity: person, status: .active, folioSessionID: "ses_1"))
        let expired = SessionChanged(runtimeID: "rt_1", identity: person, status: .expired, folioSessionID: "ses_1")
        store.send(
            .announced(expired),
            effects: [.publishChange(SessionUiModel(identity: person, status: .expired), folioSessionID: "ses_1")]
        ) { $0.status = .expired }
        store.run(.publishChange(SessionUiModel(identity: person, status: .expired), folioSessionID: "ses_1"))
        store.finish()
    }

    func testSignOutOfAGuestAlsoGivesANewGuest() {
        var store = ReducerTester(SessionReducer(), state: .init(identity: guest))
        store.receive(.signOut, effects: [.createTransientIdentity(requestID: 1)]) {
            $0.requests = RequestLedger(lastIssued: 1, awaited: [.init(id: 1, purpose: .newGuestIdentity)])
        }
        store.skip(.createTransientIdentity(requestID: 1))
        store.finish()
    }

    func testAStaleGuestAnswerIsIgnored() {
        var store = ReducerTester(
            SessionReducer(), state: .init(identity: guest, requests: RequestLedger(lastIssued: 3)),
            inFlight: [.createTransientIdentity(requestID: 2)])
        store.send(.transientIdentityCreated(requestID: 2, accountId: "guest-x"))
        store.finish()
    }

    func testSessionUnavailableReportsThePreviousIdentityAgainWithStatusDevice() {
        var store = ReducerTester(
            SessionReducer(), state: .init(identity: person, status: .active, folioSessionID: "ses_1"))
        store.send(
            .switchFailed,
            effects: [.publishChange(SessionUiModel(identity: person, status: .device), folioSessionID: "ses_1")]
        ) {
            $0.status = .device
        }
        store.run(.publishChange(SessionUiModel(identity: person, status: .device), folioSessionID: "ses_1"))
        store.finish()
    }

    func testWhenFolioEndsTheSessionTheRuntimeEndsItToo() {
        var store = ReducerTester(
            SessionReducer(), state: .init(identity: person, status: .active, folioSessionID: "ses_1"))
        store.send(.endedByFolio(folioSessionID: "ses_other"))  // another session: nothing
        store.send(
            .endedByFolio(folioSessionID: "ses_1"),
            effects: [.publishChange(SessionUiModel(identity: person, status: .expired), folioSessionID: "ses_1")]
        ) {
            $0.status = .expired
        }
        store.run(.publishChange(SessionUiModel(identity: person, status: .expired), folioSessionID: "ses_1"))
        store.send(.endedByFolio(folioSessionID: "ses_1"))  // already expired: nothing
        store.finish()
    }

    func testTheStoreFollowsChangesOfTheRuntimesSessionMadeElsewhere() {
        var store = ReducerTester(SessionReducer(), state: .init(identity: guest))
        store.send(.observed(SessionUiModel(identity: person, status: .active), folioSessionID: "ses_9")) {
            $0.identity = self.person
            $0.status = .active
            $0.folioSessionID = "ses_9"
        }
        store.finish()
    }

    func testASessionReadAgainIsTakenOnlyWhileTheStoreStillHoldsWhatItHeldWhenTheReadBegan() {
        let guestModel = SessionUiModel(identity: guest, status: .device)
        let personModel = SessionUiModel(identity: person, status: .active)
        var store = ReducerTester(SessionReducer(), state: .init(identity: guest))
        store.send(.readAgain(personModel, folioSessionID: "ses_1", since: guestModel, sinceFolioSessionID: nil)) {
            $0.identity = self.person
            $0.status = .active
            $0.folioSessionID = "ses_1"
        }
        store.finish()

        // An announcement came in while the read was under way: the read is older and changes nothing.
        var announced = ReducerTester(SessionReducer(), state: .init(identity: guest))
        announced.send(.observed(personModel, folioSessionID: "ses_1")) {
            $0.identity = self.person
            $0.status = .active
            $0.folioSessionID = "ses_1"
        }
        announced.send(.readAgain(guestModel, folioSessionID: nil, since: guestModel, sinceFolioSessionID: nil))
        announced.finish()
    }

    func testSignOutIsTheOnlyActionAndItDecodesFromItsWireShape() throws {
        XCTAssertEqual(try SessionReducer.decodeAction(["type": "SIGN_OUT"]), .signOut)
        XCTAssertThrowsError(try SessionReducer.decodeAction(["type": "SIGN_IN"]))
        XCTAssertEqual(SessionReducer.lane(of: .signOut), .skipsQueue)
    }
}
