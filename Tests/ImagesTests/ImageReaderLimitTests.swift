import Images
import XCTest

final class ImageReaderLimitTests: XCTestCase {
    private let mebibytes32 = 32 * 1024 * 1024

    func testOneByteOver32MiBIsTooLargeBeforeAnyDecodingSoNoImageBytesStillGiveTooLarge() {
        // Decoding these bytes would fail as unreadable: tooLarge shows the size is checked first.
        let bytes = [UInt8](repeating: 0x41, count: mebibytes32 + 1)
        let error = assertReadError(try ImageReader().read(bytes), .tooLarge)
        XCTAssertEqual(error, .tooLarge(limitBytes: Int64(mebibytes32)))
    }

    func testAPNGPaddedToExactly32MiBReadsWithThatByteCount() throws {
        var png = try TestImages.encoded(width: 8, height: 8, suffix: ".png")
        png += [UInt8](repeating: 0, count: mebibytes32 - png.count)
        let meta = try ImageReader().read(png)
        XCTAssertEqual(meta, ImageMeta(width: 8, height: 8, sizeBytes: Int64(mebibytes32), format: .png))
    }

    func testAPNGPaddedTo32MiBPlusOneByteIsTooLarge() throws {
        var png = try TestImages.encoded(width: 8, height: 8, suffix: ".png")
        png += [UInt8](repeating: 0, count: mebibytes32 + 1 - png.count)
        assertReadError(try ImageReader().read(png), .tooLarge)
    }

    func testAReaderWhoseLimitIsTheImagesByteCountReadsItAndOneByteLessIsTooLarge() throws {
        let png = try TestImages.encoded(width: 8, height: 8, suffix: ".png")
        XCTAssertEqual(try ImageReader(maxBytes: Int64(png.count)).read(png).sizeBytes, Int64(png.count))
        let error = assertReadError(try ImageReader(maxBytes: Int64(png.count - 1)).read(png), .tooLarge)
        XCTAssertEqual(error?.limit, Int64(png.count - 1))
    }
}
