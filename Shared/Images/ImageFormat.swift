/// The encoding of an image, as told by the libvips loader that read it.
public enum ImageFormat: String, Hashable, Sendable, Codable, CaseIterable {
    /// JPEG (`jpegload`).
    case jpeg
    /// PNG (`pngload`).
    case png
    /// WebP (`webpload`).
    case webp
    /// HEIF: HEIC and AVIF (`heifload`).
    case heif
    /// TIFF (`tiffload`).
    case tiff
    /// GIF (`gifload`).
    case gif
    /// Any other format libvips reads (e.g. SVG, JPEG 2000, PPM).
    case other

    /// The format of a loader nickname such as `jpegload_buffer`: the part before `load`.
    init(loader: String) {
        guard let suffix = loader.range(of: "load"),
            let format = ImageFormat(rawValue: String(loader[..<suffix.lowerBound])), format != .other
        else {
            self = .other
            return
        }
        self = format
    }
}
