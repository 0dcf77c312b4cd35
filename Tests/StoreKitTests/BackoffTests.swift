import StoreKit
import XCTest

/// The one retry loop: a doubling pause up to the longest, a bounded number of tries or until the work succeeds.
final class BackoffTests: XCTestCase {
    func testThePauseDoublesFromTheFirstUpToTheLongest() {
        let backoff = Backoff.untilStored
        XCTAssertEqual(
            (1...8).map { backoff.pause(afterFailures: $0) },
            [
                .milliseconds(50), .milliseconds(100), .milliseconds(200), .milliseconds(400), .milliseconds(800),
                .milliseconds(1600), .seconds(2), .seconds(2),
            ])
    }

    func testADatabaseCallIsTriedFiveTimesWithPausesOfPoint1To0Point8Seconds() async {
        var pauses: [Duration] = []
        var tries = 0
        let value: Int? = await Backoff.database.retry(sleep: { pauses.append($0) }) {
            tries += 1
            throw Failure()
        }
        XCTAssertNil(value)
        XCTAssertEqual(tries, 5)
        XCTAssertEqual(pauses, [.milliseconds(100), .milliseconds(200), .milliseconds(400), .milliseconds(800)])
    }

    func testWorkThatSucceedsOnTheThirdTryAnswersItsValue() async {
        var tries = 0
        let value = await Backoff.untilStored.retry(sleep: { _ in }) { () throws -> Int in
            tries += 1
            if tries < 3 { throw Failure() }
            return tries
        }
        XCTAssertEqual(value, 3)
    }

    func testFailuresBeforeTheCallMakeTheFirstTryWaitItsPause() async {
        var pauses: [Duration] = []
        let backoff = Backoff(first: .seconds(2), longest: .seconds(300))
        _ = await backoff.retry(after: 1, sleep: { pauses.append($0) }) { () throws -> Bool in true }
        XCTAssertEqual(pauses, [.seconds(2)])
    }

    func testWorkStopsWhenToldTo() async {
        var tries = 0
        let value: Int? = await Backoff.untilStored.retry(sleep: { _ in }, shouldStop: { tries >= 2 }) {
            tries += 1
            throw Failure()
        }
        XCTAssertNil(value)
        XCTAssertEqual(tries, 2)
    }

    private struct Failure: Error {}
}
