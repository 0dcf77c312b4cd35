import XCTest

@testable import TestSupport

final class FreePortTests: XCTestCase {
    func testAFreePortIsNeverHandedOutTwiceInOneProcess() throws {
        let ports = try (0..<2000).map { _ in try FreePort.take() }
        XCTAssertEqual(Set(ports).count, ports.count)
    }

    func testAFreePortLiesBelowTheKernelsEphemeralRangeWhenThereIsRoomThere() throws {
        let below = FreePort.portsBelowEphemeralRange()
        for _ in 0..<200 {
            let port = try FreePort.take()
            if let below {
                XCTAssertTrue(below.contains(port), "\(port)")
            } else {
                XCTAssertGreaterThanOrEqual(port, 20000 + 4096)
            }
        }
    }
}
