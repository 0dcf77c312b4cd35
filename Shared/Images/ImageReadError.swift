/// Why ``ImageReader`` refused an image. Compare ``kind``, or whole values built with the static members.
public struct ImageReadError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The kind of failure.
    public enum Kind: String, Hashable, Sendable {
        /// More bytes than the reader's limit; nothing was decoded.
        case tooLarge
        /// The header declares more pixels than the reader's limit; the pixels were not decoded.
        case tooManyPixels
        /// Not an image libvips reads, or its data is truncated or corrupt.
        case unreadable
    }

    /// The kind of failure.
    public let kind: Kind
    /// The limit that was exceeded: bytes for ``Kind/tooLarge``, pixels for ``Kind/tooManyPixels``;
    /// nil for ``Kind/unreadable``.
    public let limit: Int64?
    /// libvips' explanation for ``Kind/unreadable``, the declared size for ``Kind/tooManyPixels``.
    public let message: String

    private init(_ kind: Kind, limit: Int64?, message: String) {
        self.kind = kind
        self.limit = limit
        self.message = message
    }

    /// The image has more than `limitBytes` bytes.
    public static func tooLarge(limitBytes: Int64) -> Self {
        .init(.tooLarge, limit: limitBytes, message: "")
    }

    /// The image declares `width` × `height` pixels, more than `limitPixels`.
    public static func tooManyPixels(width: UInt32, height: UInt32, limitPixels: Int64) -> Self {
        .init(.tooManyPixels, limit: limitPixels, message: "\(width)x\(height)")
    }

    /// libvips could not read the image; `message` is its error text.
    public static func unreadable(message: String) -> Self {
        .init(.unreadable, limit: nil, message: message)
    }

    public var description: String {
        switch kind {
        case .tooLarge: "image larger than \(limit ?? 0) bytes"
        case .tooManyPixels: "image of \(message) pixels is over the limit of \(limit ?? 0) pixels"
        case .unreadable: "unreadable image: \(message)"
        }
    }
}
