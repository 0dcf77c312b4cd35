import CSodium

extension Ed25519 {
    /// An Ed25519 verification key.
    public struct PublicKey: Sendable, Hashable, CustomStringConvertible {
        /// The 32 raw key bytes (RFC 8032 encoding, JWK "x").
        public let bytes: [UInt8]

        /// Wraps 32 bytes; throws `CryptoError.invalidPublicKey` for a wrong length or a point
        /// that is not a valid, non-small-order curve point.
        public init(bytes: [UInt8]) throws {
            Sodium.ensureInitialized()
            guard bytes.count == Ed25519.publicKeyLength, crypto_core_ed25519_is_valid_point(bytes) == 1
            else {
                throw CryptoError.invalidPublicKey
            }
            self.bytes = bytes
        }

        init(validatedBytes: [UInt8]) {
            self.bytes = validatedBytes
        }

        /// True when `signature` is a valid signature of `message` by this key.
        public func isValidSignature(_ signature: [UInt8], for message: [UInt8]) -> Bool {
            Sodium.ensureInitialized()
            guard signature.count == Ed25519.signatureLength else { return false }
            return crypto_sign_verify_detached(signature, message, UInt64(message.count), bytes) == 0
        }

        /// Hex of the key bytes.
        public var description: String { "Ed25519.PublicKey(\(Hex.encode(bytes)))" }
    }
}
