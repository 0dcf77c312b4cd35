import Crypto
import Dispatch
import Foundation
import Synchronization
import XCTest

final class BlockingWorkPoolTests: XCTestCase {
    /// Jobs that say when they start and then block until the test opens their gate.
    private final class GatedJobs: Sendable {
        let started = DispatchSemaphore(value: 0)
        let gate = DispatchSemaphore(value: 0)
        let finished = DispatchGroup()
        let order = Mutex<[Int]>([])
        let peak = Mutex((running: 0, most: 0))

        func submit(_ index: Int, cost: Int = 0, to pool: BlockingWorkPool) {
            finished.enter()
            pool.submit(cost: cost) {
                self.order.withLock { $0.append(index) }
                self.peak.withLock {
                    $0.running += 1
                    $0.most = max($0.most, $0.running)
                }
                self.started.signal()
                self.gate.wait()
                self.peak.withLock { $0.running -= 1 }
                self.finished.leave()
            }
        }

        /// Waits for `count` more jobs to start; false when they do not within a minute (a hung pool).
        func waitForStarts(_ count: Int) -> Bool {
            (0..<count).allSatisfy { _ in started.wait(timeout: .now() + 60) == .success }
        }

        func open(_ count: Int) { for _ in 0..<count { gate.signal() } }
    }

    func testAtMostWidthJobsRunAtOnceAndTheOthersWaitInOrder() {
        let pool = BlockingWorkPool(label: "test", width: 2)
        let jobs = GatedJobs()
        for index in 0..<5 { jobs.submit(index, to: pool) }
        XCTAssertTrue(jobs.waitForStarts(2), "two jobs start at once")
        XCTAssertEqual(pool.running, 2)
        XCTAssertEqual(pool.waiting, 3, "the third job waits while two run")
        XCTAssertEqual(Set(jobs.order.withLock { $0 }), [0, 1], "the first submitted start first")

        jobs.open(1)
        XCTAssertTrue(jobs.waitForStarts(1))
        XCTAssertEqual(jobs.order.withLock { $0.last }, 2, "a freed place goes to the oldest waiting job")
        jobs.open(4)
        XCTAssertEqual(jobs.finished.wait(timeout: .now() + 60), .success)
        XCTAssertEqual(jobs.peak.withLock { $0.most }, 2, "never more than the width")
        XCTAssertEqual(pool.waiting, 0)
    }

    func testTheBudgetKeepsCostlyJobsApartAndNoJobOvertakesAWaitingOne() {
        let pool = BlockingWorkPool(label: "test", width: 4, budget: 100)
        let jobs = GatedJobs()
        jobs.submit(0, cost: 60, to: pool)
        XCTAssertTrue(jobs.waitForStarts(1))
        jobs.submit(1, cost: 60, to: pool)
        jobs.submit(2, cost: 10, to: pool)
        XCTAssertEqual(pool.running, 1, "60 + 60 is over the budget")
        XCTAssertEqual(pool.waiting, 2, "the cheap job does not overtake the costly one waiting before it")

        jobs.open(1)
        XCTAssertTrue(jobs.waitForStarts(2), "once the first ends, the next two fit the budget together")
        XCTAssertEqual(pool.running, 2)
        jobs.open(2)
        XCTAssertEqual(jobs.finished.wait(timeout: .now() + 60), .success)
        XCTAssertEqual(jobs.peak.withLock { $0.most }, 2)
    }

    func testAJobCostlierThanTheWholeBudgetRunsAlone() {
        let pool = BlockingWorkPool(label: "test", width: 4, budget: 100)
        let jobs = GatedJobs()
        jobs.submit(0, cost: 500, to: pool)
        XCTAssertTrue(jobs.waitForStarts(1), "it is not refused")
        jobs.submit(1, cost: 0, to: pool)
        XCTAssertEqual(pool.running, 1, "nothing runs beside it, not even a free job")
        jobs.open(1)
        XCTAssertTrue(jobs.waitForStarts(1))
        jobs.open(1)
        XCTAssertEqual(jobs.finished.wait(timeout: .now() + 60), .success)
        XCTAssertEqual(jobs.peak.withLock { $0.most }, 1)
    }

    func testJobsRunOnThreadsNamedForThePoolThatItKeepsForTheNextJobs() {
        let pool = BlockingWorkPool(label: "test-pool-names-more-than-15", width: 1)
        XCTAssertEqual(pool.threadName, "test-pool-names", "cut to the 15 bytes Linux keeps")
        let seen = Mutex<[(name: String, thread: pthread_t)]>([])
        let finished = DispatchGroup()
        for _ in 0..<3 {
            finished.enter()
            pool.submit {
                let name = Self.name(ofTask: "/proc/thread-self")
                seen.withLock { $0.append((name, pthread_self())) }
                finished.leave()
            }
        }
        XCTAssertEqual(finished.wait(timeout: .now() + 60), .success)
        let runs = seen.withLock { $0 }
        XCTAssertEqual(runs.map(\.name), Array(repeating: "test-pool-names", count: 3))
        XCTAssertTrue(runs.allSatisfy { pthread_equal($0.thread, runs[0].thread) != 0 }, "one thread ran all three")
    }

    func testEveryThreadOfAWidePoolCarriesItsName() {
        let pool = BlockingWorkPool(label: "wide-pool", width: 16)
        let jobs = GatedJobs()
        let names = Mutex<[String]>([])
        for _ in 0..<16 {
            jobs.finished.enter()
            pool.submit {
                names.withLock { $0.append(Self.name(ofTask: "/proc/thread-self")) }
                jobs.started.signal()
                jobs.gate.wait()
                jobs.finished.leave()
            }
        }
        XCTAssertTrue(jobs.waitForStarts(16), "sixteen jobs run at once, each on a thread of its own")
        jobs.open(16)
        XCTAssertEqual(jobs.finished.wait(timeout: .now() + 60), .success)
        XCTAssertEqual(names.withLock { $0 }, Array(repeating: "wide-pool", count: 16))
    }

    func testThePoolsThreadsEndWhenThePoolIsReleased() {
        var pool: BlockingWorkPool? = BlockingWorkPool(label: "pool-released", width: 2)
        let jobs = GatedJobs()
        for index in 0..<2 { jobs.submit(index, to: pool!) }
        XCTAssertTrue(jobs.waitForStarts(2))
        XCTAssertEqual(Self.threads(named: "pool-released"), 2)
        pool = nil
        jobs.open(2)
        XCTAssertEqual(jobs.finished.wait(timeout: .now() + 60), .success, "jobs already running finish")
        let deadline = ContinuousClock.now + .seconds(60)
        while Self.threads(named: "pool-released") > 0, ContinuousClock.now < deadline {
            Thread.sleep(forTimeInterval: 0.01)
        }
        XCTAssertEqual(Self.threads(named: "pool-released"), 0)
    }

    /// This process's threads named `name`, from /proc/self/task.
    private static func threads(named name: String) -> Int {
        let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/task")) ?? []
        return tasks.filter { Self.name(ofTask: "/proc/self/task/\($0)") == name }.count
    }

    private static func name(ofTask directory: String) -> String {
        let comm = (try? String(contentsOfFile: "\(directory)/comm", encoding: .utf8)) ?? ""
        return comm.trimmingCharacters(in: .newlines)
    }

    func testPasswordHashesRunOnePerCoreWithinOneGiBOfArgon2Memory() {
        XCTAssertEqual(PasswordHash.workers.width, ProcessInfo.processInfo.activeProcessorCount)
        XCTAssertEqual(PasswordHash.workers.budget, 1 << 30)
        XCTAssertEqual(
            PasswordHash.workers.budget / PasswordHash.Limits.sensitive.memLimit, 1, "a SENSITIVE hash runs alone")
    }
}
