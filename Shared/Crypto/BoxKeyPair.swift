import CSodium

/// An X25519 key pair for `SealedBox` (`crypto_box_*`).
public struct BoxKeyPair: Sendable, CustomStringConvertible {
    /// Key length in bytes (public and secret).
    public static let keyLength = 32

    /// The 32-byte public key to hand to senders.
    public let publicKey: [UInt8]
    /// The 32-byte secret key to keep.
    public let secretKey: [UInt8]

    /// A fresh random key pair.
    public static func generate() -> BoxKeyPair {
        Sodium.ensureInitialized()
        var pk = [UInt8](repeating: 0, count: keyLength)
        var sk = [UInt8](repeating: 0, count: keyLength)
        // crypto_box_keypair has no failure path in libsodium; it always returns 0.
        _ = crypto_box_keypair(&pk, &sk)
        return BoxKeyPair(publicKey: pk, secretKey: sk)
    }

    /// Restores a key pair from a stored 32-byte secret key.
    public init(secretKey: [UInt8]) throws {
        Sodium.ensureInitialized()
        guard secretKey.count == Self.keyLength else { throw CryptoError.invalidKeyLength }
        var pk = [UInt8](repeating: 0, count: Self.keyLength)
        guard crypto_scalarmult_base(&pk, secretKey) == 0 else { throw CryptoError.operationFailed }
        self.init(publicKey: pk, secretKey: secretKey)
    }

    private init(publicKey: [UInt8], secretKey: [UInt8]) {
        self.publicKey = publicKey
        self.secretKey = secretKey
    }

    /// Never prints the secret key.
    public var description: String { "BoxKeyPair(publicKey: \(Hex.encode(publicKey)))" }
}
