import Foundation
import ServiceKit
import XCTest

#if canImport(Glibc)
    import Glibc
#endif

final class MemoryReleaseThresholdsTests: XCTestCase {
    /// Left dynamic, glibc raises its thresholds when a block it mapped on its own is freed: the next large block,
    /// up to that size, then comes from an arena, which keeps it resident once freed.
    func testWithTheThresholdsFixedALargeBlockFreedAfterALargerOneGoesBackToTheSystem() throws {
        MemoryRelease.fixAllocatorThresholds()
        let megabyte = 1 << 20
        try Self.useAndFree(bytes: 24 * megabyte)
        let before = try Self.residentBytes()
        let peak = try Self.useAndFree(bytes: 16 * megabyte)
        let after = try Self.residentBytes()
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
        return try residentBytes()
    }

    private static func residentBytes() throws -> Int {
        let status = try String(contentsOfFile: "/proc/self/status", encoding: .utf8)
        let line = try XCTUnwrap(status.split(separator: "\n").first { $0.hasPrefix("VmRSS:") })
        let kib = try XCTUnwrap(Int(line.split(separator: " ", omittingEmptySubsequences: true)[1]))
        return kib * 1024
    }
}
