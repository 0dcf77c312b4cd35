import StoreKit
import XCTest

final class RequestLedgerTests: XCTestCase {
    enum Purpose: RequestPurpose {
        case read
        case write(String)
        case save

        enum Slot { case reading, saving }

        var slot: Slot? {
            switch self {
            case .read: .reading
            case .save: .saving
            case .write: nil
            }
        }
    }

    func testIdsCountUpAndOnlyRequestedOnesAreAwaited() {
        var ledger = RequestLedger<Purpose>()
        XCTAssertEqual(ledger.issue(), 1)
        XCTAssertEqual(ledger.request(.read), 2)
        XCTAssertFalse(ledger.isAwaited(1))
        XCTAssertTrue(ledger.isAwaited(2))
        XCTAssertEqual(ledger.purpose(of: 2), .read)
        XCTAssertEqual(ledger.lastIssued, 2)
    }

    func testAnAnswerSettlesOnceAndAStaleOneIsRefused() {
        var ledger = RequestLedger<Purpose>()
        let id = ledger.request(.read)
        XCTAssertTrue(ledger.settle(id))
        XCTAssertFalse(ledger.settle(id), "answered already")
        XCTAssertFalse(ledger.settle(99), "never requested")
        XCTAssertFalse(ledger.isAwaitingAny)
    }

    func testANewRequestSupersedesTheOneOfItsSlotOnly() {
        var ledger = RequestLedger<Purpose>()
        let firstRead = ledger.request(.read)
        let save = ledger.request(.save)
        let secondRead = ledger.request(.read)
        XCTAssertFalse(ledger.isAwaited(firstRead))
        XCTAssertTrue(ledger.isAwaited(save))
        XCTAssertEqual(ledger.awaited(in: .reading)?.id, secondRead)
    }

    func testRequestsWithoutASlotAreAwaitedSideBySide() {
        var ledger = RequestLedger<Purpose>()
        let a = ledger.request(.write("a"))
        let b = ledger.request(.write("b"))
        XCTAssertEqual(ledger.awaited.map(\.id), [a, b])
        XCTAssertEqual(ledger.settle(b, if: { $0 == .write("b") }), .write("b"))
        XCTAssertTrue(ledger.isAwaited(a))
    }

    func testSettlingForTheWrongPurposeLeavesTheRequestAwaited() {
        var ledger = RequestLedger<Purpose>()
        let id = ledger.request(.read)
        XCTAssertNil(ledger.settle(id, if: { $0 == .save }))
        XCTAssertTrue(ledger.isAwaited(id))
    }

    func testAnIdHandedOutBeforeCanBeAwaitedAgain() {
        var ledger = RequestLedger<Purpose>()
        let id = ledger.request(.read)
        XCTAssertTrue(ledger.settle(id))
        ledger.expect(id, for: .read)
        XCTAssertTrue(ledger.isAwaited(id))
        XCTAssertEqual(ledger.lastIssued, id, "no new id")
    }

    func testAbandoningAndRestarting() {
        var ledger = RequestLedger<Purpose>()
        _ = ledger.request(.read)
        let save = ledger.request(.save)
        ledger.abandon(.reading)
        XCTAssertEqual(ledger.awaited.map(\.id), [save])
        ledger.abandon(id: save)
        XCTAssertFalse(ledger.isAwaitingAny)
        _ = ledger.request(.save)
        ledger.restart(countingFrom: 0)
        XCTAssertFalse(ledger.isAwaitingAny)
        XCTAssertEqual(ledger.issue(), 1)
    }
}
