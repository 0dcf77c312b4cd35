/// A 32-byte secret key for `AEAD` and `KDF`.
public struct SymmetricKey: Sendable, CustomStringConvertible {
    /// The key length in bytes.
    public static let length = 32

    /// The raw key bytes.
    public let bytes: [UInt8]

    /// Wraps existing key bytes; throws `CryptoError.invalidKeyLength` unless there are 32.
    public init(bytes: [UInt8]) throws {
        guard bytes.count == Self.length else { throw CryptoError.invalidKeyLength }
        self.bytes = bytes
    }

    /// A fresh random key.
    public static func random() -> SymmetricKey {
        SymmetricKey(uncheckedBytes: Random.bytes(length))
    }

    private init(uncheckedBytes: [UInt8]) {
        self.bytes = uncheckedBytes
    }

    /// Never prints the key material.
    public var description: String { "SymmetricKey(redacted)" }
}
