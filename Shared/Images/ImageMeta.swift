/// What ``ImageReader`` found out about an image that decoded completely.
public struct ImageMeta: Hashable, Sendable, Codable {
    /// Width in pixels (of the first page, for formats with several).
    public var width: UInt32
    /// Height in pixels (of the first page, for formats with several).
    public var height: UInt32
    /// Length of the encoded image in bytes.
    public var sizeBytes: Int64
    /// The encoding.
    public var format: ImageFormat

    /// Creates a description of an image.
    public init(width: UInt32, height: UInt32, sizeBytes: Int64, format: ImageFormat) {
        self.width = width
        self.height = height
        self.sizeBytes = sizeBytes
        self.format = format
    }
}
