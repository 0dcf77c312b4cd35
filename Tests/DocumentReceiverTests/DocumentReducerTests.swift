import DocumentReceiver
import FolioModel
import StoreKit
import StoreKitTesting
import XCTest

/// FolioDocumentStore (spec `folio-documents.md`, "FolioDocumentStore"): phases, the error of a failed read and
/// Refresh, with the whole state and every effect asserted after each event.
final class DocumentReducerTests: XCTestCase {
    private let document = FolioDocument(
        id: "D_1", title: "Membership card", documentType: .init(id: "dtpl_membership", name: "Membership card"),
        issuer: .init(id: "iss_demo", name: "Demo City"), status: .valid, isTest: false, validFrom: nil,
        validUntil: nil, fields: [], photos: [])

    private func tester() -> ReducerTester<DocumentReducer> {
        ReducerTester(DocumentReducer(), state: .init(documentID: "D_1"))
    }

    func testAMountedStoreIsLoadingUntilItsFirstReadThenReadyWithTheDocument() {
        var store = tester()
        store.send(.mounted, effects: [.read(requestID: 1, documentID: "D_1")]) { _ = $0.reads.request() }
        XCTAssertEqual(DocumentReducer().model(of: store.state), ["phase": ["type": "LOADING"]])
        store.send(.documentRead(requestID: 1, document)) {
            _ = $0.reads.settle(1)
            $0.phase = .ready
            $0.document = self.document
        }
        XCTAssertEqual(DocumentReducer().model(of: store.state)["document"]?["id"], "D_1")
        store.finish()
    }

    func testADocumentTheVaultDoesNotHoldIsNotFound() {
        var store = tester()
        store.send(.mounted, effects: [.read(requestID: 1, documentID: "D_1")]) { _ = $0.reads.request() }
        store.send(.documentRead(requestID: 1, nil)) {
            _ = $0.reads.settle(1)
            $0.phase = .notFound
        }
        store.finish()
    }

    func testAFailedReadKeepsThePhaseAndTheLastDocumentSetsTheErrorAndWarns() {
        var store = tester()
        store.send(.mounted, effects: [.read(requestID: 1, documentID: "D_1")]) { _ = $0.reads.request() }
        store.send(.documentRead(requestID: 1, document)) {
            _ = $0.reads.settle(1)
            $0.phase = .ready
            $0.document = self.document
        }
        store.receive(.refresh, effects: [.read(requestID: 2, documentID: "D_1")]) { _ = $0.reads.request() }
        store.send(
            .readFailed(requestID: 2, message: "the vault is unavailable"),
            effects: [.warnReadFailed(documentID: "D_1", message: "the vault is unavailable")]
        ) {
            _ = $0.reads.settle(2)
            $0.error = "the vault is unavailable"
        }
        store.run(.warnReadFailed(documentID: "D_1", message: "the vault is unavailable"))
        XCTAssertEqual(
            DocumentReducer().model(of: store.state)["error"],
            ["type": "READ_FAILED", "value": ["message": "the vault is unavailable"]])
        store.finish()
    }

    func testTheNextReadThatSucceedsClearsTheError() {
        var store = ReducerTester(
            DocumentReducer(), state: .init(documentID: "D_1", phase: .ready, document: document, error: "down"))
        store.receive(.refresh, effects: [.read(requestID: 1, documentID: "D_1")]) { _ = $0.reads.request() }
        store.send(.documentRead(requestID: 1, document)) {
            _ = $0.reads.settle(1)
            $0.error = nil
        }
        store.finish()
    }

    func testAChangeDuringAReadIsReadAfterItAndAStaleAnswerIsDropped() {
        var store = tester()
        store.send(.mounted, effects: [.read(requestID: 1, documentID: "D_1")]) { _ = $0.reads.request() }
        store.send(.readNeeded) { $0.reads = CoalescedRead(requests: $0.reads.requests, readAgain: true) }
        store.send(.documentRead(requestID: 1, document), effects: [.read(requestID: 2, documentID: "D_1")]) {
            _ = $0.reads.settle(1)
            $0.phase = .ready
            $0.document = self.document
            $0.reads = CoalescedRead(requests: $0.reads.requests, readAgain: false)
            _ = $0.reads.request()
        }
        store.sendStray(.documentRead(requestID: 1, nil))
        store.skip(.read(requestID: 2, documentID: "D_1"))  // its answer is the first test's rule
        store.finish()
    }

    func testRefreshIsTheOneActionOnTheWire() throws {
        XCTAssertEqual(try DocumentReducer.decodeAction(["type": "REFRESH"]), .refresh)
        XCTAssertThrowsError(try DocumentReducer.decodeAction(["type": "SHARE"]))
    }
}
