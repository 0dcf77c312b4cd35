import CVips
import Images
import XCTest

struct TestImageError: Error, CustomStringConvertible {
    let description: String
}

/// Images encoded by libvips in the test, so their size and format are known.
enum TestImages {
    /// A `width` × `height` RGB gradient encoded as the format of `suffix` (".png", ".jpg", ".webp", ...).
    static func encoded(width: Int, height: Int, suffix: String) throws -> [UInt8] {
        guard vips_init("folio-tests") == 0 else { throw TestImageError(description: "vips_init failed") }
        var pixels = [UInt8](repeating: 0, count: width * height * 3)
        for y in 0..<height {
            for x in 0..<width {
                let offset = (y * width + x) * 3
                pixels[offset] = UInt8(x * 255 / max(1, width - 1))
                pixels[offset + 1] = UInt8(y * 255 / max(1, height - 1))
                pixels[offset + 2] = 128
            }
        }
        let made = pixels.withUnsafeBytes { buffer in
            vips_image_new_from_memory_copy(
                buffer.baseAddress, buffer.count, Int32(width), Int32(height), 3, VIPS_FORMAT_UCHAR)
        }
        guard let image = made else { throw TestImageError(description: "cannot make a \(width)x\(height) image") }
        defer { g_object_unref(UnsafeMutableRawPointer(image)) }
        var buffer: UnsafeMutableRawPointer?
        var length = 0
        guard folio_vips_write_to_buffer(image, suffix, &buffer, &length) == 0, let buffer else {
            let message = vips_error_buffer_copy().map { copy in
                defer { g_free(copy) }
                return String(cString: copy)
            }
            throw TestImageError(description: "cannot encode \(suffix): \(message ?? "")")
        }
        defer { g_free(buffer) }
        return Array(UnsafeRawBufferPointer(start: buffer, count: length))
    }
}

/// Asserts that `expression` throws an ``ImageReadError`` of `kind`, and returns it.
@discardableResult
func assertReadError<T>(
    _ expression: @autoclosure () throws -> T, _ kind: ImageReadError.Kind,
    file: StaticString = #filePath, line: UInt = #line
) -> ImageReadError? {
    do {
        let value = try expression()
        XCTFail("expected \(kind), got \(value)", file: file, line: line)
    } catch let error as ImageReadError {
        XCTAssertEqual(error.kind, kind, "\(error)", file: file, line: line)
        return error
    } catch {
        XCTFail("expected ImageReadError, got \(error)", file: file, line: line)
    }
    return nil
}
