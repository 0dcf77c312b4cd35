import AuthService
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
    }

    func testSignOutEndsTheFolioSessionAndReturnsToANewTransientIdentity() {
        var store = ReducerTester(
            SessionReducer(), state: .init(identity: person, status: .active, folioSessionID: "ses_1"))
        store.receive(
            .signOut, effects: [.endFolioSession(folioSessionID: "ses_1"), .createTransientIdentity(requestID: 1)]
        ) {
            $0.signingOut = true
            $0.lastRequestID = 1
        }
        store.receive(.signOut)  // a second sign-out while the first runs does nothing
        let fresh = SessionIdentity.transient(accountId: "guest-2")
        store.send(
            .transientIdentityCreated(requestID: 1, accountId: "guest-2"),
            effects: [.publishChange(SessionUiModel(identity: fresh, status: .device), folioSessionID: nil)]
        ) {
            $0.identity = fresh
            $0.status = .device
            $0.folioSessionID = nil
            $0.signingOut = false
        }
    }

    func testSignOutOfAGuestAlsoGivesANewGuest() {
        var store = ReducerTester(SessionReducer(), state: .init(identity: guest))
        store.receive(.signOut, effects: [.createTransientIdentity(requestID: 1)]) {
            $0.signingOut = true
            $0.lastRequestID = 1
        }
    }

    func testAStaleGuestAnswerIsIgnored() {
        var store = ReducerTester(SessionReducer(), state: .init(identity: guest, lastRequestID: 3))
        store.send(.transientIdentityCreated(requestID: 2, accountId: "guest-x"))
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
        store.send(.endedByFolio(folioSessionID: "ses_1"))  // already expired: nothing
    }

    func testTheStoreFollowsChangesOfTheRuntimesSessionMadeElsewhere() {
        var store = ReducerTester(SessionReducer(), state: .init(identity: guest))
        store.send(.observed(SessionUiModel(identity: person, status: .active), folioSessionID: "ses_9")) {
            $0.identity = self.person
            $0.status = .active
            $0.folioSessionID = "ses_9"
        }
    }

    func testSignOutIsTheOnlyActionAndItDecodesFromItsWireShape() throws {
        XCTAssertEqual(try SessionReducer.decodeAction(["type": "SIGN_OUT"]), .signOut)
        XCTAssertThrowsError(try SessionReducer.decodeAction(["type": "SIGN_IN"]))
        XCTAssertEqual(SessionReducer.lane(of: .signOut), .skipsQueue)
    }
}
