import CSodium

/// BLAKE2b hashing (`crypto_generichash`), optionally keyed as a MAC.
public enum BLAKE2b {
    /// Hashes `data` into `length` bytes (16...64). A `key`, if given, must be 16...64 bytes.
    public static func hash(_ data: [UInt8], key: [UInt8]? = nil, length: Int = 32) throws -> [UInt8] {
        Sodium.ensureInitialized()
        guard length >= crypto_generichash_bytes_min(), length <= crypto_generichash_bytes_max() else {
            throw CryptoError.invalidLength
        }
        var out = [UInt8](repeating: 0, count: length)
        let rc: Int32
        if let key {
            guard key.count >= crypto_generichash_keybytes_min(),
                key.count <= crypto_generichash_keybytes_max()
            else {
                throw CryptoError.invalidKeyLength
            }
            rc = crypto_generichash(&out, length, data, UInt64(data.count), key, key.count)
        } else {
            rc = crypto_generichash(&out, length, data, UInt64(data.count), nil, 0)
        }
        guard rc == 0 else { throw CryptoError.operationFailed }
        return out
    }
}
