import ServiceKit
import Synchronization
import XCTest

@testable import VaultService

final class VaultMemoryTests: XCTestCase {
    func testAReadOfAThousandEntriesGivesItsMemoryBackAndASmallerOneDoesNot() async throws {
        let trims = Mutex(0)
        let release = MemoryRelease(quiet: .milliseconds(20)) { trims.withLock { $0 += 1 } }
        VaultMemory.read(entries: VaultMemory.largeRead - 1, release: release)
        try await Task.sleep(for: .milliseconds(200))
        XCTAssertEqual(trims.withLock { $0 }, 0)
        VaultMemory.read(entries: VaultMemory.largeRead, release: release)
        for _ in 0..<500 where trims.withLock({ $0 == 0 }) { try await Task.sleep(for: .milliseconds(10)) }
        XCTAssertEqual(trims.withLock { $0 }, 1)
        XCTAssertEqual(VaultMemory.largeRead, 1_000)
    }
}
