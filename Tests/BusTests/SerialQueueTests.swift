import XCTest

@testable import Bus

final class SerialQueueTests: XCTestCase {
    func testOnlyTheFirstArrivalOfAnIdleQueueStartsADrain() {
        var queue = SerialQueue<Int>()
        XCTAssertTrue(queue.arrived(1))
        XCTAssertFalse(queue.arrived(2))
        XCTAssertFalse(queue.arrived(3))
        XCTAssertTrue(queue.isDraining)
        XCTAssertEqual(queue.waitingCount, 3)
    }

    func testTheDrainTakesMessagesInArrivalOrderIncludingThoseThatArriveMeanwhile() {
        var queue = SerialQueue<Int>()
        _ = queue.arrived(1)
        _ = queue.arrived(2)
        XCTAssertEqual(queue.next(), 1)
        XCTAssertFalse(queue.arrived(3), "a drain runs: the new message waits for it")
        XCTAssertEqual(queue.next(), 2)
        XCTAssertEqual(queue.next(), 3)
        XCTAssertNil(queue.next())
    }

    func testAnEmptyQueueEndsTheDrainAndTheNextArrivalStartsAnother() {
        var queue = SerialQueue<Int>()
        _ = queue.arrived(1)
        XCTAssertEqual(queue.next(), 1)
        XCTAssertTrue(queue.isDraining, "the drain ends only when it finds the queue empty")
        XCTAssertNil(queue.next())
        XCTAssertFalse(queue.isDraining)
        XCTAssertEqual(queue.waitingCount, 0)
        XCTAssertTrue(queue.arrived(2))
        XCTAssertEqual(queue.next(), 2)
    }
}
