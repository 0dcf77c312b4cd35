/// Bytes that travel as unpadded base64url on the Folio API (ciphertext, wrapped keys, public keys).
public struct FolioBytes: Codable, Sendable, Hashable, CustomStringConvertible {
    public var bytes: [UInt8]

    /// Wraps bytes.
    public init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// Reads the wire form; nil unless `text` is canonical unpadded base64url.
    public init?(base64URL text: String) {
        guard let bytes = try? WireBase64URL.decode(text) else { return nil }
        self.bytes = bytes
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        guard let read = FolioBytes(base64URL: try container.decode(String.self)) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "not unpadded base64url")
        }
        self = read
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(base64URL)
    }

    /// The wire form.
    public var base64URL: String { WireBase64URL.encode(bytes) }

    /// The length only: these are secrets or ciphertext.
    public var description: String { "FolioBytes(\(bytes.count) bytes)" }
}
