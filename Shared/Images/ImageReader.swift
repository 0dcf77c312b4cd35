import CVips

/// Reads the size and format of an encoded image with libvips, after checking that all of it decodes.
///
/// A read refuses more than ``maxBytes`` bytes before looking at them, reads the header, refuses more than
/// ``maxPixels`` pixels before decoding them, then decodes every pixel once (its mean) so truncated or
/// corrupt data fails instead of being padded out.
public struct ImageReader: Sendable {
    /// The default largest encoded image: 32 MiB.
    public static let maxBytes: Int64 = 32 * 1024 * 1024
    /// The default largest image in pixels (width × height): 100 million, above any phone camera's photo.
    public static let maxPixels: Int64 = 100_000_000

    /// The largest encoded image this reader accepts, in bytes.
    public let maxBytes: Int64
    /// The most pixels (width × height) this reader decodes.
    public let maxPixels: Int64

    /// A reader with the given limits.
    public init(maxBytes: Int64 = ImageReader.maxBytes, maxPixels: Int64 = ImageReader.maxPixels) {
        self.maxBytes = maxBytes
        self.maxPixels = maxPixels
    }

    /// Reads `bytes` on the calling thread, which it blocks for as long as decoding takes (up to about a
    /// second for the largest images); from async code use ``read(_:)-async``, which runs on
    /// ``workers``.
    public func read(_ bytes: [UInt8]) throws(ImageReadError) -> ImageMeta {
        let size = Int64(bytes.count)
        guard size <= maxBytes else { throw .tooLarge(limitBytes: maxBytes) }
        guard !bytes.isEmpty else { throw .unreadable(message: "no bytes") }
        try Vips.ensureStarted()
        // libvips reads the bytes in place: the image must be gone before the buffer is.
        let result = bytes.withUnsafeBytes { buffer in
            Result { () throws(ImageReadError) in try decode(buffer) }
        }
        return try result.get()
    }

    private func decode(_ buffer: UnsafeRawBufferPointer) throws(ImageReadError) -> ImageMeta {
        guard let base = buffer.baseAddress,
            let loaded = folio_vips_load_buffer_sequential(base, buffer.count)
        else {
            throw .unreadable(message: Vips.takeErrorMessage(fallback: "not an image libvips reads"))
        }
        let image = VipsImageHandle(owning: loaded)
        guard let width = UInt32(exactly: image.width), let height = UInt32(exactly: image.height),
            width > 0, height > 0
        else {
            throw .unreadable(message: "image header gives a size of \(image.width)x\(image.height)")
        }
        guard Int64(width) * Int64(height) <= maxPixels else {
            throw .tooManyPixels(width: width, height: height, limitPixels: maxPixels)
        }
        let format = image.string("vips-loader").map(ImageFormat.init(loader:)) ?? .other
        var mean = 0.0
        guard folio_vips_avg(image.pointer, &mean) == 0 else {
            throw .unreadable(message: Vips.takeErrorMessage(fallback: "image data does not decode"))
        }
        return ImageMeta(width: width, height: height, sizeBytes: Int64(buffer.count), format: format)
    }
}
