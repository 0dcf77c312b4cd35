import CSodium

/// Argon2id password hashing (`crypto_pwhash`, `ALG_ARGON2ID13`).
///
/// These calls take long (up to seconds) and much memory; from async code use the `async`
/// overloads, which run on a dedicated queue instead of Swift's cooperative pool.
public enum PasswordHash {
    /// Required salt length in bytes for `derive`.
    public static var saltLength: Int { crypto_pwhash_argon2id_saltbytes() }

    /// Derives `length` bytes (at least 16) from `password` and a `saltLength`-byte salt.
    public static func derive(password: [UInt8], salt: [UInt8], length: Int, limits: Limits) throws
        -> [UInt8]
    {
        Sodium.ensureInitialized()
        guard salt.count == saltLength else { throw CryptoError.invalidSalt }
        guard length >= crypto_pwhash_argon2id_bytes_min(), UInt64(length) <= maxOutputLength else {
            throw CryptoError.invalidLength
        }
        try limits.validate()
        var out = [UInt8](repeating: 0, count: length)
        let rc = withCString(password) { pw, pwLength in
            crypto_pwhash(
                &out, UInt64(length), pw, pwLength, salt,
                limits.opsLimit, limits.memLimit, crypto_pwhash_ALG_ARGON2ID13)
        }
        // Inputs were validated above, so the only documented failure left is allocation.
        guard rc == 0 else { throw CryptoError.outOfMemory }
        return out
    }

    /// Hashes `password` with a random salt into a self-describing `$argon2id$...` string
    /// for storage (`crypto_pwhash_str_alg`).
    public static func hashString(password: [UInt8], limits: Limits) throws -> String {
        Sodium.ensureInitialized()
        try limits.validate()
        var out = [CChar](repeating: 0, count: crypto_pwhash_strbytes())
        let rc = withCString(password) { pw, pwLength in
            crypto_pwhash_str_alg(
                &out, pw, pwLength, limits.opsLimit, limits.memLimit, crypto_pwhash_ALG_ARGON2ID13)
        }
        guard rc == 0 else { throw CryptoError.outOfMemory }
        let end = out.firstIndex(of: 0) ?? out.count
        return String(decoding: out[..<end].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// True when `password` matches a string produced by `hashString`. Malformed strings give false.
    public static func verify(password: [UInt8], hashString: String) -> Bool {
        Sodium.ensureInitialized()
        guard isPlausible(hashString) else { return false }
        let rc = withCString(password) { pw, pwLength in
            crypto_pwhash_str_verify(hashString, pw, pwLength)
        }
        return rc == 0
    }

    /// True when `hashString` was made with limits other than `limits` (or is not a valid hash),
    /// so the password should be re-hashed after the next successful `verify`.
    public static func needsRehash(hashString: String, limits: Limits) -> Bool {
        Sodium.ensureInitialized()
        guard isPlausible(hashString) else { return true }
        return crypto_pwhash_str_needs_rehash(hashString, limits.opsLimit, limits.memLimit) != 0
    }

    private static var maxOutputLength: UInt64 {
        min(UInt64(crypto_pwhash_argon2id_bytes_max()), UInt64(Int.max))
    }

    /// libsodium reads the hash as a C string of fewer than `crypto_pwhash_STRBYTES` bytes.
    private static func isPlausible(_ hashString: String) -> Bool {
        let utf8 = hashString.utf8
        return utf8.count < crypto_pwhash_strbytes() && !utf8.contains(0)
    }

    /// Calls `body` with the password as a non-null `const char *` plus its length, without copying.
    private static func withCString<R>(
        _ password: [UInt8], _ body: (UnsafePointer<CChar>, UInt64) -> R
    ) -> R {
        password.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { chars in
                if let base = chars.baseAddress {
                    return body(base, UInt64(chars.count))
                }
                // An empty array may have no storage; libsodium's parameters are declared nonnull.
                var empty: CChar = 0
                return body(&empty, 0)
            }
        }
    }
}
