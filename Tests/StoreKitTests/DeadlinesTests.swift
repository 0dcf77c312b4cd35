import XCTest

@testable import StoreKit

final class DeadlinesTests: XCTestCase {
    func testOnlyTheDeadlinesThatPassedAreTakenEarliestFirst() {
        var deadlines = Deadlines<Int, String>()
        _ = deadlines.add(30, "c")
        _ = deadlines.add(10, "a")
        _ = deadlines.add(20, "b")
        XCTAssertEqual(deadlines.takePassed(at: 5), [])
        XCTAssertEqual(deadlines.takePassed(at: 20), ["a", "b"])
        XCTAssertEqual(deadlines.count, 1)
        XCTAssertEqual(deadlines.takePassed(at: 40), ["c"])
        XCTAssertTrue(deadlines.isEmpty)
    }

    func testAWithdrawnDeadlineNeverPasses() {
        var deadlines = Deadlines<Int, String>()
        let first = deadlines.add(10, "a")
        _ = deadlines.add(10, "b")
        deadlines.remove(first)
        XCTAssertEqual(deadlines.takePassed(at: 10), ["b"])
        deadlines.remove(first)
        XCTAssertTrue(deadlines.isEmpty)
    }

    func testDeadlinesOfTheSameInstantPassInTheOrderTheyWereAdded() {
        var deadlines = Deadlines<Int, Int>()
        for n in 0..<5 { _ = deadlines.add(7, n) }
        XCTAssertEqual(deadlines.takePassed(at: 7), [0, 1, 2, 3, 4])
    }

    func testTheTickerFiresAPassedDeadlineAndNotACancelledOne() async {
        let ticker = DeadlineTicker(tick: .milliseconds(10))
        let fired = expectation(description: "the deadline fired")
        let cancelled = ticker.schedule(after: .milliseconds(20)) { XCTFail("a cancelled deadline fired") }
        ticker.cancel(cancelled)
        _ = ticker.schedule(after: .milliseconds(20)) { fired.fulfill() }
        await fulfillment(of: [fired], timeout: 10)
        XCTAssertEqual(ticker.pendingCount, 0)
    }
}
