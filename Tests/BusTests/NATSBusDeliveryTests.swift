import Bus
import FolioModel
import Foundation
import Synchronization
import TestSupport
import XCTest

/// How `NATSBus` runs the handlers of a concurrent subscription.
final class NATSBusDeliveryTests: XCTestCase {
    func testAConcurrentSubscriptionsHandlerStartsOnTheOneThreadThatDeliversItsMessages() async throws {
        let bus = try await NATSBus.connect(try TestEnvironment.nats(name: "bus-delivery-tests"))
        let subject = "test.delivery.\(RandomID.base32(count: 8))"
        let starts = Mutex<[UInt]>([])
        let subscription = try await bus.subscribe(subject: subject, queueGroup: nil, delivery: .concurrent) { _ in
            starts.withLock { $0.append(UInt(pthread_self())) }
            return .now(nil)
        }
        let count = 50
        for index in 0..<count { try await bus.publish(subject: subject, payload: [UInt8(index)]) }
        let deadline = ContinuousClock.now + .seconds(10)
        while starts.withLock({ $0.count }) < count, ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(10))
        }
        await subscription.cancel()
        let threads = starts.withLock { $0 }
        XCTAssertEqual(threads.count, count)
        XCTAssertEqual(Set(threads).count, 1, "libnats delivers one subscription's messages on one thread")
    }
}
