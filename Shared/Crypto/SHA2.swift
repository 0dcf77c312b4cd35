import CSodium

/// SHA-256 and SHA-512 (FIPS 180-4) from libsodium, for protocols that name them (WebAuthn, JWS thumbprints).
public enum SHA256 {
    public static let digestLength = Int(crypto_hash_sha256_BYTES)

    public static func hash(_ data: [UInt8]) -> [UInt8] {
        Sodium.ensureInitialized()
        var digest = [UInt8](repeating: 0, count: digestLength)
        // crypto_hash_sha256 cannot fail for in-memory input.
        _ = data.withUnsafeBufferPointer { input in
            crypto_hash_sha256(&digest, input.baseAddress, UInt64(input.count))
        }
        return digest
    }
}

public enum SHA512 {
    public static let digestLength = Int(crypto_hash_sha512_BYTES)

    public static func hash(_ data: [UInt8]) -> [UInt8] {
        Sodium.ensureInitialized()
        var digest = [UInt8](repeating: 0, count: digestLength)
        // crypto_hash_sha512 cannot fail for in-memory input.
        _ = data.withUnsafeBufferPointer { input in
            crypto_hash_sha512(&digest, input.baseAddress, UInt64(input.count))
        }
        return digest
    }
}
