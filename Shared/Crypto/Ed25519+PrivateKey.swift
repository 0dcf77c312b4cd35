import CSodium

extension Ed25519 {
    /// An Ed25519 signing key. Its 32-byte seed is the RFC 8032 / JWK "d" private key.
    public struct PrivateKey: Sendable, CustomStringConvertible {
        /// libsodium's 64-byte secret key: seed followed by the public key.
        private let secretKey: [UInt8]

        /// The matching verification key.
        public let publicKey: PublicKey

        /// Rebuilds the key pair from a 32-byte seed; throws `CryptoError.invalidSeed` otherwise.
        public init(seed: [UInt8]) throws {
            Sodium.ensureInitialized()
            guard seed.count == Ed25519.seedLength else { throw CryptoError.invalidSeed }
            var pk = [UInt8](repeating: 0, count: Ed25519.publicKeyLength)
            var sk = [UInt8](repeating: 0, count: Int(crypto_sign_secretkeybytes()))
            guard crypto_sign_seed_keypair(&pk, &sk, seed) == 0 else { throw CryptoError.operationFailed }
            self.secretKey = sk
            self.publicKey = PublicKey(validatedBytes: pk)
        }

        /// A fresh random key pair.
        public static func generate() -> PrivateKey {
            Sodium.ensureInitialized()
            var pk = [UInt8](repeating: 0, count: Ed25519.publicKeyLength)
            var sk = [UInt8](repeating: 0, count: Int(crypto_sign_secretkeybytes()))
            // crypto_sign_keypair has no failure path in libsodium; it always returns 0.
            _ = crypto_sign_keypair(&pk, &sk)
            return PrivateKey(secretKey: sk, publicKey: PublicKey(validatedBytes: pk))
        }

        private init(secretKey: [UInt8], publicKey: PublicKey) {
            self.secretKey = secretKey
            self.publicKey = publicKey
        }

        /// The 32-byte seed, i.e. the private key to store.
        public var seed: [UInt8] { Array(secretKey.prefix(Ed25519.seedLength)) }

        /// A 64-byte detached signature of `message` (deterministic, RFC 8032).
        public func sign(_ message: [UInt8]) throws -> [UInt8] {
            Sodium.ensureInitialized()
            var signature = [UInt8](repeating: 0, count: Ed25519.signatureLength)
            var length: UInt64 = 0
            let rc = crypto_sign_detached(&signature, &length, message, UInt64(message.count), secretKey)
            guard rc == 0, length == UInt64(Ed25519.signatureLength) else {
                throw CryptoError.operationFailed
            }
            return signature
        }

        /// Never prints the key material.
        public var description: String { "Ed25519.PrivateKey(publicKey: \(publicKey))" }
    }
}
