import XCTest

@testable import ServiceKit

#if canImport(Glibc)
    import Glibc
#endif

final class MemoryReleaseThresholdsTests: XCTestCase {
    /// Left dynamic, glibc raises its thresholds when a block it mapped on its own is freed: the next large block,
    /// up to that size, then comes from an arena, which keeps it resident once freed.
    ///
    /// The test asks the kernel about the block's own pages (`mincore`), not the process's resident total, which
    /// other threads of the test process change at the same time.
    func testWithTheThresholdsFixedALargeBlockFreedAfterALargerOneGoesBackToTheSystem() throws {
        XCTAssertTrue(MemoryRelease.fixAllocatorThresholds())
        let megabyte = 1 << 20
        _ = try Self.useAndFree(bytes: 24 * megabyte)
        let pages = try Self.useAndFree(bytes: 16 * megabyte)
        XCTAssertGreaterThan(pages.total, 0)
        XCTAssertEqual(pages.residentInUse, pages.total, "the block was not resident while in use")
        XCTAssertEqual(pages.residentAfterFree, 0, "\(pages.residentAfterFree) of its pages resident after the free")
    }

    /// The whole pages inside a block of `bytes`: how many there are, how many were resident once every byte was
    /// written, and how many still were right after the block was freed (none when its range was unmapped).
    private struct BlockPages {
        var total = 0
        var residentInUse = 0
        var residentAfterFree = 0
    }

    private static func useAndFree(bytes: Int) throws -> BlockPages {
        let block = try XCTUnwrap(malloc(bytes))
        memset(block, 1, bytes)
        let pageSize = Int(sysconf(Int32(_SC_PAGESIZE)))
        let start = (Int(bitPattern: block) + pageSize - 1) / pageSize * pageSize
        let end = (Int(bitPattern: block) + bytes) / pageSize * pageSize
        let range = (start: UnsafeMutableRawPointer(bitPattern: start), length: end - start)
        var pages = BlockPages(total: range.length / pageSize)
        pages.residentInUse = residentPages(range.start, length: range.length, pageSize: pageSize)
        free(block)
        pages.residentAfterFree = residentPages(range.start, length: range.length, pageSize: pageSize)
        return pages
    }

    /// Resident pages in a page-aligned range; 0 when nothing is mapped there any more.
    private static func residentPages(_ start: UnsafeMutableRawPointer?, length: Int, pageSize: Int) -> Int {
        var vector = [UInt8](repeating: 0, count: length / pageSize)
        guard mincore(start, length, &vector) == 0 else {
            XCTAssertEqual(errno, ENOMEM, "mincore failed with errno \(errno)")
            return 0
        }
        return vector.reduce(0) { $0 + Int($1 & 1) }
    }
}
