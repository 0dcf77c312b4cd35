import XCTest

@testable import Crypto

final class BlockingWorkQueueTests: XCTestCase {
    private func job(cost: Int = 0) -> BlockingWorkQueue.Job { BlockingWorkQueue.Job(cost: cost, run: {}) }

    func testEachStartedJobGetsAThreadOnlyWhileFewerThreadsExistThanJobsRun() {
        var queue = BlockingWorkQueue(width: 2, budget: .max)
        XCTAssertEqual(queue.submit(job()), .init(newThreads: 1, wakeUps: 1))
        XCTAssertEqual(queue.submit(job()), .init(newThreads: 1, wakeUps: 1))
        XCTAssertEqual(queue.submit(job()), .init(newThreads: 0, wakeUps: 0), "the third waits for a place")
        XCTAssertEqual(queue.threads, 2)
        XCTAssertNotNil(queue.take())
        let first = queue.take()
        XCTAssertNotNil(first)
        XCTAssertEqual(
            first.map { queue.finished($0) }, .init(newThreads: 0, wakeUps: 1),
            "the waiting job is handed to the threads there are")
        XCTAssertEqual(queue.waitingCount, 0)
        XCTAssertEqual(queue.running, 2)
    }

    func testAFinishedJobThatFreesBudgetForTwoStartsASecondThread() {
        var queue = BlockingWorkQueue(width: 3, budget: 100)
        _ = queue.submit(job(cost: 100))
        XCTAssertEqual(queue.submit(job(cost: 50)), .init(newThreads: 0, wakeUps: 0))
        XCTAssertEqual(queue.submit(job(cost: 50)), .init(newThreads: 0, wakeUps: 0))
        guard let costly = queue.take() else { return XCTFail("the first job was handed over") }
        XCTAssertEqual(queue.finished(costly), .init(newThreads: 1, wakeUps: 2))
        XCTAssertEqual(queue.threads, 2)
    }

    func testATakeWithNothingHandedOverEndsTheThread() {
        var queue = BlockingWorkQueue(width: 2, budget: .max)
        _ = queue.submit(job())
        _ = queue.submit(job())
        XCTAssertEqual(queue.close(), 2, "both threads are woken to end")
        XCTAssertNotNil(queue.take(), "a woken thread first takes the jobs handed over")
        XCTAssertNotNil(queue.take())
        XCTAssertNil(queue.take())
        XCTAssertEqual(queue.threads, 1)
        XCTAssertNil(queue.take())
        XCTAssertEqual(queue.threads, 0)
    }

    func testAThreadStartedAfterTheQueueClosedIsWokenOnceMoreToEnd() {
        var queue = BlockingWorkQueue(width: 2, budget: 100)
        _ = queue.submit(job(cost: 100))
        _ = queue.submit(job(cost: 50))
        _ = queue.submit(job(cost: 50))
        XCTAssertEqual(queue.close(), 1)
        guard let costly = queue.take() else { return XCTFail("the first job was handed over") }
        XCTAssertEqual(
            queue.finished(costly), .init(newThreads: 1, wakeUps: 3), "two jobs, and the new thread's end")
    }
}
