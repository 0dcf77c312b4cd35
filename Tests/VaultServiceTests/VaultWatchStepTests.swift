import XCTest

@testable import VaultService

/// The pace of the change watch (spec "Sync": a failed background fetch is retried after 2 s, then after a
/// delay that doubles each time, up to 5 minutes).
final class VaultWatchStepTests: XCTestCase {
    func testAFetchThatFailsWithoutThrowingWaits2sThen4sBeforeTheNextPollAndASuccessPollsAgainAtOnce() {
        let first = WatchStep(after: 0, succeeded: false)
        XCTAssertEqual([first.failures], [1])
        XCTAssertEqual(first.wait, 2)
        let second = WatchStep(after: first.failures, succeeded: false)
        XCTAssertEqual([second.failures], [2])
        XCTAssertEqual(second.wait, 4)
        XCTAssertEqual(WatchStep(after: 20, succeeded: false).wait, 300)
        let success = WatchStep(after: second.failures, succeeded: true)
        XCTAssertEqual(success.failures, 0)
        XCTAssertNil(success.wait)
    }
}
