import Synchronization
import XCTest

@testable import ServiceKit

final class MemoryReleaseScheduleTests: XCTestCase {
    private let start = ContinuousClock.now
    private func at(_ milliseconds: Int) -> ContinuousClock.Instant { start + .milliseconds(milliseconds) }

    func testARequestStartsOneWaiterThatTrimsAQuietPeriodLater() {
        var schedule = MemoryReleaseSchedule<ContinuousClock.Instant>(quiet: .milliseconds(500))
        XCTAssertEqual(schedule.requested(at: at(0)), .wait(until: at(500)))
        XCTAssertEqual(schedule.woke(at: at(500)), .trim)
    }

    func testRequestsWithinTheQuietPeriodJoinTheWaitingTrimAndPushItBack() {
        var schedule = MemoryReleaseSchedule<ContinuousClock.Instant>(quiet: .milliseconds(500))
        XCTAssertEqual(schedule.requested(at: at(0)), .wait(until: at(500)))
        XCTAssertEqual(schedule.requested(at: at(300)), .nothing)
        XCTAssertEqual(schedule.requested(at: at(400)), .nothing)
        XCTAssertEqual(schedule.woke(at: at(500)), .wait(until: at(900)))
        XCTAssertEqual(schedule.woke(at: at(900)), .trim)
    }

    func testARequestAfterATrimStartsANewWaiter() {
        var schedule = MemoryReleaseSchedule<ContinuousClock.Instant>(quiet: .milliseconds(500))
        _ = schedule.requested(at: at(0))
        XCTAssertEqual(schedule.woke(at: at(500)), .trim)
        XCTAssertEqual(schedule.woke(at: at(600)), .nothing)
        XCTAssertEqual(schedule.requested(at: at(700)), .wait(until: at(1200)))
    }
}

final class MemoryReleaseTests: XCTestCase {
    func testTheTrimRunsOnAThreadNamedMemoryRelease() async throws {
        let names = Mutex<[String]>([])
        let release = MemoryRelease(quiet: .milliseconds(10)) {
            let comm = (try? String(contentsOfFile: "/proc/thread-self/comm", encoding: .utf8)) ?? ""
            names.withLock { $0.append(comm.trimmingCharacters(in: .newlines)) }
        }
        release.afterLargeWork()
        for _ in 0..<500 where names.withLock({ $0.isEmpty }) { try await Task.sleep(for: .milliseconds(10)) }
        XCTAssertEqual(names.withLock { $0 }, ["memory-release"])
    }

    func testManyRequestsAtOnceMakeOneTrimOffTheMainThreadAndALaterRequestAnother() async throws {
        let trims = Mutex<[Bool]>([])
        // A quiet period well beyond a preemption of the test's thread on a loaded host, so the hundred requests
        // below all fall inside it.
        let release = MemoryRelease(quiet: .milliseconds(250)) {
            trims.withLock { $0.append(Thread.isMainThread) }
        }
        for _ in 0..<100 { release.afterLargeWork() }
        for _ in 0..<500 where trims.withLock({ $0.isEmpty }) { try await Task.sleep(for: .milliseconds(10)) }
        // Quiet for four times the period: no second trim follows.
        try await Task.sleep(for: .milliseconds(1000))
        XCTAssertEqual(trims.withLock { $0 }, [false])
        release.afterLargeWork()
        for _ in 0..<500 where trims.withLock({ $0.count < 2 }) { try await Task.sleep(for: .milliseconds(10)) }
        XCTAssertEqual(trims.withLock { $0.count }, 2)
    }
}
