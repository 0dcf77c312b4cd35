import CSodium

/// HMAC (RFC 2104) with keys of any length.
///
/// libsodium's `crypto_auth_hmacsha256` / `crypto_auth_hmacsha512` take 32-byte keys only, so this
/// builds HMAC over the plain hash functions (SHA-1 from `SHA1`, SHA-2 from libsodium).
public enum HMAC {
    /// HMAC-SHA1: a 20-byte tag. Only for standards that require it (RFC 6238 TOTP).
    public static func sha1(key: [UInt8], message: [UInt8]) -> [UInt8] {
        authenticate(key: key, message: message, blockLength: SHA1.blockLength, hash: SHA1.hash)
    }

    /// HMAC-SHA256: a 32-byte tag.
    public static func sha256(key: [UInt8], message: [UInt8]) -> [UInt8] {
        authenticate(key: key, message: message, blockLength: 64, hash: sha256Digest)
    }

    /// HMAC-SHA512: a 64-byte tag.
    public static func sha512(key: [UInt8], message: [UInt8]) -> [UInt8] {
        authenticate(key: key, message: message, blockLength: 128, hash: sha512Digest)
    }

    /// H((K' ^ opad) || H((K' ^ ipad) || message)), where K' is the key, hashed first if longer
    /// than a block, then zero-padded to one block.
    private static func authenticate(
        key: [UInt8], message: [UInt8], blockLength: Int, hash: ([UInt8]) -> [UInt8]
    ) -> [UInt8] {
        var blockKey = key.count > blockLength ? hash(key) : key
        blockKey += [UInt8](repeating: 0, count: blockLength - blockKey.count)
        let inner = hash(blockKey.map { $0 ^ 0x36 } + message)
        return hash(blockKey.map { $0 ^ 0x5c } + inner)
    }

    private static func sha256Digest(_ data: [UInt8]) -> [UInt8] {
        Sodium.ensureInitialized()
        var out = [UInt8](repeating: 0, count: Int(crypto_hash_sha256_bytes()))
        // crypto_hash_sha256 has no failure path in libsodium; it always returns 0.
        _ = crypto_hash_sha256(&out, data, UInt64(data.count))
        return out
    }

    private static func sha512Digest(_ data: [UInt8]) -> [UInt8] {
        Sodium.ensureInitialized()
        var out = [UInt8](repeating: 0, count: Int(crypto_hash_sha512_bytes()))
        // crypto_hash_sha512 has no failure path in libsodium; it always returns 0.
        _ = crypto_hash_sha512(&out, data, UInt64(data.count))
        return out
    }
}
