import CNats
import Synchronization
import XCTest

@testable import Bus

/// Delivered messages are destroyed in batches, so libnats's collector thread wakes once per batch.
final class NATSMessageReleaseTests: XCTestCase {
    func testSmallMessagesAreDestroyedEightAtATimeInArrivalOrder() throws {
        let destroyed = Destroyed()
        let release = NATSMessageRelease(destroy: destroyed.record)
        let messages = try (0..<16).map { _ in try message(bytes: 100) }
        for message in messages.prefix(7) { release.destroy(message) }
        XCTAssertEqual(destroyed.all, [])
        release.destroy(messages[7])
        XCTAssertEqual(destroyed.all, Array(messages.prefix(8)))
        for message in messages.suffix(8) { release.destroy(message) }
        XCTAssertEqual(destroyed.all, messages)
    }

    func testAMessageOfSixteenKiBOrMoreIsDestroyedAtOnceWithTheSmallOnesWaiting() throws {
        let destroyed = Destroyed()
        let release = NATSMessageRelease(destroy: destroyed.record)
        let small = try message(bytes: 16 * 1024 - 1)
        let large = try message(bytes: 16 * 1024)
        release.destroy(small)
        XCTAssertEqual(destroyed.all, [])
        release.destroy(large)
        XCTAssertEqual(destroyed.all, [small, large])
    }

    /// A message as libnats makes one, with `bytes` of payload.
    private func message(bytes: Int) throws -> OpaquePointer {
        // Destroying a message needs the library's collector, which opening the library starts.
        NATSLibrary.configureOnce(deliveryThreads: 1)
        var message: OpaquePointer?
        let payload = [CChar](repeating: 0x61, count: bytes)
        XCTAssertEqual(natsMsg_Create(&message, "test.release", nil, payload, Int32(bytes)), NATS_OK)
        return try XCTUnwrap(message)
    }
}

/// The messages a release destroyed, in order; each is really destroyed once recorded.
private final class Destroyed: Sendable {
    private let addresses = Mutex<[Int]>([])
    var all: [OpaquePointer] { addresses.withLock { $0 }.compactMap { OpaquePointer(bitPattern: $0) } }

    var record: @Sendable (OpaquePointer) -> Void {
        { [self] message in
            addresses.withLock { $0.append(Int(bitPattern: message)) }
            natsMsg_Destroy(message)
        }
    }
}
