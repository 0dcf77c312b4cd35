import Foundation
import Images
import XCTest

final class ImageReaderTests: XCTestCase {
    func testAPNGMadeByLibvipsReadsAsPNGWithItsWidthHeightAndByteCount() throws {
        let png = try TestImages.encoded(width: 64, height: 48, suffix: ".png")
        let meta = try ImageReader().read(png)
        XCTAssertEqual(meta, ImageMeta(width: 64, height: 48, sizeBytes: Int64(png.count), format: .png))
    }

    func testAJPEGMadeByLibvipsReadsAsJPEGWithItsWidthHeightAndByteCount() throws {
        let jpeg = try TestImages.encoded(width: 40, height: 30, suffix: ".jpg")
        let meta = try ImageReader().read(jpeg)
        XCTAssertEqual(meta, ImageMeta(width: 40, height: 30, sizeBytes: Int64(jpeg.count), format: .jpeg))
    }

    func testWebPGIFAndTIFFMadeByLibvipsReadAsWebPGIFAndTIFF() throws {
        for (suffix, format) in [(".webp", ImageFormat.webp), (".gif", .gif), (".tif", .tiff)] {
            let bytes = try TestImages.encoded(width: 17, height: 9, suffix: suffix)
            let meta = try ImageReader().read(bytes)
            XCTAssertEqual(meta, ImageMeta(width: 17, height: 9, sizeBytes: Int64(bytes.count), format: format), suffix)
        }
    }

    func testBytesThatAreNoImageAreUnreadableWithLibvipsMessage() {
        let text = Array("this is a text file, not an image".utf8)
        let error = assertReadError(try ImageReader().read(text), .unreadable)
        XCTAssertEqual(error?.message.contains("not in a known format"), true, "\(String(describing: error))")
    }

    func testNoBytesAreUnreadable() {
        assertReadError(try ImageReader().read([]), .unreadable)
    }

    func testAJPEGCutInHalfIsUnreadable() throws {
        let jpeg = try TestImages.encoded(width: 64, height: 64, suffix: ".jpg")
        assertReadError(try ImageReader().read(Array(jpeg.prefix(jpeg.count / 2))), .unreadable)
    }

    func testAPNGCutBeforeItsEndIsUnreadable() throws {
        let png = try TestImages.encoded(width: 64, height: 64, suffix: ".png")
        assertReadError(try ImageReader().read(Array(png.prefix(png.count - 20))), .unreadable)
    }

    func testAJPEGWhoseHuffmanTableCountsAreOverwrittenIsUnreadable() throws {
        var jpeg = try TestImages.encoded(width: 64, height: 64, suffix: ".jpg")
        // A define-Huffman-table segment: 0xFF 0xC4, a 2-byte length, the table class, then 16 counts of codes
        // per length, which now add up to more than the 256 codes a table can have.
        let marker = try XCTUnwrap(jpeg.indices.dropLast().first { jpeg[$0] == 0xff && jpeg[$0 + 1] == 0xc4 })
        for index in (marker + 5)..<(marker + 21) { jpeg[index] = 0xff }
        let error = assertReadError(try ImageReader().read(jpeg), .unreadable)
        XCTAssertEqual(error?.message.contains("Huffman"), true, "\(String(describing: error))")
    }

    func testAJPEGWithBytesOfItsScanDataOverwrittenStillReadsBecauseLibjpegRecoversWithAWarning() throws {
        var jpeg = try TestImages.encoded(width: 256, height: 256, suffix: ".jpg")
        // The entropy-coded data starts after the start-of-scan segment (0xFF 0xDA and its length).
        let marker = try XCTUnwrap(jpeg.indices.dropLast().first { jpeg[$0] == 0xff && jpeg[$0 + 1] == 0xda })
        let scanStart = marker + 2 + Int(jpeg[marker + 2]) << 8 + Int(jpeg[marker + 3])
        let middle = scanStart + (jpeg.count - scanStart) / 2
        for index in middle..<(middle + 64) { jpeg[index] = 0xff }
        XCTAssertEqual(try ImageReader().read(jpeg).width, 256)
    }

    func testAfterAnUnreadableImageTheNextReadGetsOnlyItsOwnMessage() throws {
        let text = Array("not an image".utf8)
        let first = assertReadError(try ImageReader().read(text), .unreadable)
        let second = assertReadError(try ImageReader().read(text), .unreadable)
        XCTAssertEqual(first?.message, second?.message)
    }

    func testAnImageWithMorePixelsThanTheReaderAllowsIsTooManyPixelsAndOneAtTheLimitReads() throws {
        let png = try TestImages.encoded(width: 20, height: 10, suffix: ".png")
        let error = assertReadError(try ImageReader(maxPixels: 199).read(png), .tooManyPixels)
        XCTAssertEqual(error, .tooManyPixels(width: 20, height: 10, limitPixels: 199))
        XCTAssertEqual(try ImageReader(maxPixels: 200).read(png).width, 20)
    }

    func testTheDefaultLimitsAre32MiBAndOneHundredMillionPixels() {
        XCTAssertEqual(ImageReader.maxBytes, 33_554_432)
        XCTAssertEqual(ImageReader().maxBytes, 33_554_432)
        XCTAssertEqual(ImageReader.maxPixels, 100_000_000)
        XCTAssertEqual(ImageReader().maxPixels, 100_000_000)
    }

    func testImageMetaEncodesToJSONAndDecodesBackEqual() throws {
        let meta = ImageMeta(width: 3, height: 2, sizeBytes: 99, format: .webp)
        let json = try JSONEncoder().encode(meta)
        XCTAssertEqual(try JSONDecoder().decode(ImageMeta.self, from: json), meta)
        XCTAssertTrue(String(decoding: json, as: UTF8.self).contains("\"format\":\"webp\""))
    }
}
