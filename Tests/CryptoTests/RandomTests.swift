import Crypto
import Foundation
import XCTest

final class RandomTests: XCTestCase {
    func testBytesHaveTheRequestedCountAndDiffer() {
        XCTAssertEqual(Random.bytes(0), [])
        XCTAssertEqual(Random.bytes(-1), [])
        XCTAssertEqual(Random.bytes(33).count, 33)
        XCTAssertNotEqual(Random.bytes(32), Random.bytes(32))
    }

    func testUniformStaysBelowTheBoundAndCoversIt() {
        var seen = Set<UInt32>()
        for _ in 0..<2000 {
            let value = Random.uniform(6)
            XCTAssertLessThan(value, 6)
            seen.insert(value)
        }
        XCTAssertEqual(seen, [0, 1, 2, 3, 4, 5])
        XCTAssertEqual(Random.uniform(1), 0)
        XCTAssertEqual(Random.uniform(0), 0)
    }

    func testInitializationIsSafeFromManyThreadsAtOnce() {
        let results = LockedSlots(count: 16)
        DispatchQueue.concurrentPerform(iterations: 16) { index in
            Sodium.ensureInitialized()
            results.store(Random.bytes(16), at: index)
        }
        XCTAssertEqual(Set(results.values).count, 16)
    }
}

/// Per-index result slots written by `concurrentPerform`, each slot by exactly one iteration.
private final class LockedSlots: @unchecked Sendable {
    private var slots: [[UInt8]]
    private let lock = NSLock()

    init(count: Int) {
        slots = Array(repeating: [], count: count)
    }

    func store(_ value: [UInt8], at index: Int) {
        lock.lock()
        defer { lock.unlock() }
        slots[index] = value
    }

    var values: [[UInt8]] {
        lock.lock()
        defer { lock.unlock() }
        return slots
    }
}
