import Images
import XCTest

final class ImageReaderAsyncTests: XCTestCase {
    func testTheAsyncReadOfAJPEGGivesTheSameMetaAsTheBlockingRead() async throws {
        let jpeg = try TestImages.encoded(width: 33, height: 21, suffix: ".jpg")
        let reader = ImageReader()
        let blocking = try readBlocking(reader, jpeg)
        let meta = try await reader.readOnWorkers(jpeg)
        XCTAssertEqual(meta, blocking)
        XCTAssertEqual(meta, ImageMeta(width: 33, height: 21, sizeBytes: Int64(jpeg.count), format: .jpeg))
    }

    func testTheAsyncReadRefusesOneByteOverTheLimitWithTooLarge() async {
        do throws(ImageReadError) {
            _ = try await ImageReader(maxBytes: 10).readOnWorkers([UInt8](repeating: 0, count: 11))
            XCTFail("expected tooLarge")
        } catch {
            XCTAssertEqual(error, .tooLarge(limitBytes: 10))
        }
    }

    func testTwelveConcurrentReadsOfDifferentPNGsJPEGsAndNonImagesEachGetTheirOwnResult() async throws {
        var inputs: [(bytes: [UInt8], expected: ImageMeta?)] = []
        for index in 0..<12 {
            switch index % 3 {
            case 0:
                let png = try TestImages.encoded(width: 10 + index, height: 5 + index, suffix: ".png")
                inputs.append(
                    (
                        png,
                        ImageMeta(
                            width: UInt32(10 + index), height: UInt32(5 + index), sizeBytes: Int64(png.count),
                            format: .png)
                    ))
            case 1:
                let jpeg = try TestImages.encoded(width: 20 + index, height: 7 + index, suffix: ".jpg")
                inputs.append(
                    (
                        jpeg,
                        ImageMeta(
                            width: UInt32(20 + index), height: UInt32(7 + index), sizeBytes: Int64(jpeg.count),
                            format: .jpeg)
                    ))
            default:
                inputs.append((Array("not an image \(index)".utf8), nil))
            }
        }
        let reader = ImageReader()
        let results = await withTaskGroup(of: (Int, Result<ImageMeta, ImageReadError>).self) { group in
            for (index, input) in inputs.enumerated() {
                group.addTask {
                    do throws(ImageReadError) {
                        return (index, .success(try await reader.readOnWorkers(input.bytes)))
                    } catch {
                        return (index, .failure(error))
                    }
                }
            }
            var results: [Int: Result<ImageMeta, ImageReadError>] = [:]
            for await (index, result) in group { results[index] = result }
            return results
        }
        XCTAssertEqual(results.count, inputs.count)
        for (index, input) in inputs.enumerated() {
            switch (results[index], input.expected) {
            case (.success(let meta)?, let expected?): XCTAssertEqual(meta, expected, "input \(index)")
            case (.failure(let error)?, nil): XCTAssertEqual(error.kind, .unreadable, "input \(index)")
            default: XCTFail("input \(index): got \(String(describing: results[index]))")
            }
        }
    }

    /// The blocking overload, called from a synchronous context.
    private func readBlocking(_ reader: ImageReader, _ bytes: [UInt8]) throws -> ImageMeta {
        try reader.read(bytes)
    }
}
