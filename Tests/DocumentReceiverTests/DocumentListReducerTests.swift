import DocumentReceiver
import FolioModel
import StoreKit
import StoreKitTesting
import XCTest

/// FolioDocumentListStore (spec `folio-documents.md`, "FolioDocumentListStore" and "Reception"): items, reads,
/// the change of session and the actions, with the whole state and every effect asserted after each event.
final class DocumentListReducerTests: XCTestCase {
    private let card = FolioDocument(
        id: "rec_1", title: "Membership card", documentType: .init(id: "dtpl_membership", name: "Membership card"),
        issuer: .init(id: "iss_demo", name: "Demo City"), status: .valid, isTest: false, validFrom: nil,
        validUntil: nil, fields: [], photos: [])

    private func mounted(items: [FolioDocument] = []) -> ReducerTester<DocumentListReducer> {
        var store = ReducerTester(DocumentListReducer(), state: .init())
        store.send(.mounted, effects: [.read(requestID: 1), .askReceptionStatus]) { _ = $0.reads.request() }
        store.run(.askReceptionStatus)
        store.send(.itemsRead(requestID: 1, items)) {
            _ = $0.reads.settle(1)
            $0.items = items
        }
        return store
    }

    private func model(_ store: ReducerTester<DocumentListReducer>) -> JSONValue {
        DocumentListReducer().model(of: store.state)
    }

    func testAMountedStoreListsTheDocumentsOfTheVaultAndShowsIdle() {
        let store = mounted(items: [card])
        XCTAssertEqual(model(store)["items"]?.arrayValue?.count, 1)
        XCTAssertEqual(model(store)["items"]?.arrayValue?.first?["id"], "rec_1")
        XCTAssertEqual(model(store)["reception"], ["type": "IDLE"])
        store.finish()
    }

    func testAVaultThatCannotBeReadKeepsTheItemsWithAWarningAndNoErrorInTheState() {
        var store = mounted(items: [card])
        store.send(.vaultChanged, effects: [.read(requestID: 2)]) { _ = $0.reads.request() }
        store.send(
            .readFailed(requestID: 2, message: "the vault could not be reached"),
            effects: [.warnVaultUnreadable(message: "the vault could not be reached")]
        ) { _ = $0.reads.settle(2) }
        store.run(.warnVaultUnreadable(message: "the vault could not be reached"))
        XCTAssertEqual(model(store)["items"]?.arrayValue?.count, 1)
        XCTAssertNil(model(store)["error"])
        store.finish()
    }

    func testAChangeOfSessionClearsTheItemsAndTheReceptionUntilTheNewVaultIsRead() {
        var store = mounted(items: [card])
        store.send(.receptionEnded(.failed, notIssued: nil, received: nil, trigger: .automatic)) {
            $0.reception.passEnded(.failed, trigger: .automatic)
        }
        store.send(.sessionChanged, effects: [.read(requestID: 2), .askReceptionStatus]) {
            $0.items = []
            $0.reception = ReceptionState()
            _ = $0.reads.restart()
        }
        store.run(.askReceptionStatus)
        XCTAssertEqual(model(store), ["items": [], "reception": ["type": "IDLE"]])
        store.send(.itemsRead(requestID: 2, [])) { _ = $0.reads.settle(2) }
        store.finish()
    }

    func testAReadOfThePreviousSessionAnsweredAfterTheChangeIsDropped() {
        var store = ReducerTester(DocumentListReducer(), state: .init())
        store.send(.mounted, effects: [.read(requestID: 1), .askReceptionStatus]) { _ = $0.reads.request() }
        store.run(.askReceptionStatus)
        store.send(.sessionChanged, effects: [.read(requestID: 2), .askReceptionStatus]) {
            _ = $0.reads.restart()
        }
        store.run(.askReceptionStatus)
        store.send(.itemsRead(requestID: 1, [card]))
        store.send(.itemsRead(requestID: 2, [])) { _ = $0.reads.settle(2) }
        store.finish()
    }

    func testRefreshReadsTheVaultAgainSetsReceivingAtOnceAndAsksForAPass() {
        var store = mounted()
        store.receive(.refresh, effects: [.read(requestID: 2), .requestPass(.refresh)]) {
            $0.reception.passStarted(.refresh)
            _ = $0.reads.request()
        }
        XCTAssertEqual(model(store)["reception"], ["type": "RECEIVING"])
        store.run(.requestPass(.refresh))
        store.send(.itemsRead(requestID: 2, [])) { _ = $0.reads.settle(2) }
        store.send(.receptionEnded(.nothingPending, notIssued: nil, received: nil, trigger: .refresh)) {
            $0.reception.passEnded(.nothingPending, trigger: .refresh)
        }
        XCTAssertEqual(model(store)["reception"], ["type": "IDLE"])
        store.finish()
    }

    func testRetrySetsReceivingAtOnceAndAsksForAPassWithoutReadingTheVault() {
        var store = mounted()
        store.send(.receptionEnded(.failed, notIssued: nil, received: nil, trigger: .automatic)) {
            $0.reception.passEnded(.failed, trigger: .automatic)
        }
        store.receive(.retry, effects: [.requestPass(.retry)]) { $0.reception.passStarted(.retry) }
        XCTAssertEqual(model(store)["reception"], ["type": "RECEIVING"])
        store.run(.requestPass(.retry))
        store.finish()
    }

    func testReceivedShowsTheDocumentOfThisRuntimesInquiryUntilAcknowledgeThenIdle() {
        var store = mounted()
        store.send(.receptionStarted(.inquiryOffer)) { $0.reception.passStarted(.inquiryOffer) }
        store.send(.vaultChanged, effects: [.read(requestID: 2)]) { _ = $0.reads.request() }
        store.send(.itemsRead(requestID: 2, [card])) {
            _ = $0.reads.settle(2)
            $0.items = [self.card]
        }
        store.send(.receptionEnded(.nothingPending, notIssued: nil, received: "rec_1", trigger: .inquiryOffer)) {
            $0.reception.passEnded(.nothingPending, notIssued: nil, received: "rec_1", trigger: .inquiryOffer)
        }
        XCTAssertEqual(model(store)["reception"], ["type": "RECEIVED", "value": ["id": "rec_1"]])
        store.send(.receptionEnded(.nothingPending, notIssued: nil, received: nil, trigger: .automatic)) {
            $0.reception.passEnded(.nothingPending, trigger: .automatic)
        }
        XCTAssertEqual(model(store)["reception"], ["type": "RECEIVED", "value": ["id": "rec_1"]])
        store.receive(.acknowledge) { $0.reception.acknowledged() }
        XCTAssertEqual(model(store)["reception"], ["type": "IDLE"])
        store.finish()
    }

    func testTheReceptionTextsFollowTheSdkLanguageAndTheLanguageChangeReadsTheDatesAgain() {
        var store = mounted()
        store.send(.receptionEnded(.nothingPending, notIssued: true, received: nil, trigger: .inquiryOffer)) {
            $0.reception.passEnded(.nothingPending, notIssued: true, received: nil, trigger: .inquiryOffer)
        }
        XCTAssertEqual(
            model(store)["reception"],
            ["type": "NOT_ISSUED", "value": ["text": "The issuer declined to issue the document"]])
        store.send(.languageChanged("de"), effects: [.read(requestID: 2)]) {
            $0.language = "de"
            _ = $0.reads.request()
        }
        XCTAssertEqual(
            model(store)["reception"],
            ["type": "NOT_ISSUED", "value": ["text": "Der Aussteller hat die Ausstellung des Dokuments abgelehnt"]])
        store.send(.itemsRead(requestID: 2, [])) { _ = $0.reads.settle(2) }
        store.finish()
    }

    func testAChangeDuringAReadIsReadAfterIt() {
        var store = ReducerTester(DocumentListReducer(), state: .init())
        store.send(.mounted, effects: [.read(requestID: 1), .askReceptionStatus]) { _ = $0.reads.request() }
        store.run(.askReceptionStatus)
        store.send(.vaultChanged) { $0.reads = CoalescedRead(requests: $0.reads.requests, readAgain: true) }
        store.send(.itemsRead(requestID: 1, []), effects: [.read(requestID: 2)]) {
            _ = $0.reads.settle(1)
            $0.reads = CoalescedRead(requests: $0.reads.requests, readAgain: false)
            _ = $0.reads.request()
        }
        store.send(.itemsRead(requestID: 2, [card])) {
            _ = $0.reads.settle(2)
            $0.items = [self.card]
        }
        store.finish()
    }
}
