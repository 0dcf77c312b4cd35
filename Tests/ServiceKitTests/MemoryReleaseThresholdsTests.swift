import XCTest

@testable import ServiceKit

#if canImport(Glibc)
    import Glibc
#endif

final class MemoryReleaseThresholdsTests: XCTestCase {
    /// Left dynamic, glibc raises its thresholds when a block it mapped on its own is freed: the next large block,
    /// up to that size, then comes from an arena, which keeps it resident once freed.
    func testWithTheThresholdsFixedALargeBlockFreedAfterALargerOneGoesBackToTheSystem() throws {
        XCTAssertTrue(MemoryRelease.fixAllocatorThresholds())
        let megabyte = 1 << 20
        try Self.useAndFree(bytes: 24 * megabyte)
        let before = Self.residentBytes()
        let peak = try Self.useAndFree(bytes: 16 * megabyte)
        let after = Self.residentBytes()
        XCTAssertGreaterThan(peak, before + 12 * megabyte, "the block was not resident while in use")
        XCTAssertLessThan(
            after, before + 4 * megabyte, "resident \(after >> 20) MiB after the free, \(before >> 20) before")
    }

    /// Writes every byte of a block of `bytes`, then frees it; the resident bytes while it was in use.
    @discardableResult
    private static func useAndFree(bytes: Int) throws -> Int {
        let block = try XCTUnwrap(malloc(bytes))
        defer { free(block) }
        memset(block, 1, bytes)
        return residentBytes()
    }

    private static func residentBytes() -> Int { Int(ProcessMetrics.residentBytes()) }
}
