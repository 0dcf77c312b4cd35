import CSodium

/// Subkey derivation from a master key (`crypto_kdf_derive_from_key`, BLAKE2b based).
public enum KDF {
    /// Length of a KDF context in bytes.
    public static let contextLength = 8

    /// Derives subkey number `subkeyID` of `length` bytes (16...64) for `context`.
    ///
    /// `context` must be exactly 8 bytes of UTF-8 (e.g. `"vaultkey"`); different contexts or IDs
    /// give independent keys.
    public static func deriveKey(
        from master: SymmetricKey, subkeyID: UInt64, context: String, length: Int = 32
    ) throws -> [UInt8] {
        Sodium.ensureInitialized()
        let ctx = context.utf8.map { CChar(bitPattern: $0) }
        guard ctx.count == contextLength else { throw CryptoError.invalidContext }
        guard length >= crypto_kdf_bytes_min(), length <= crypto_kdf_bytes_max() else {
            throw CryptoError.invalidLength
        }
        var out = [UInt8](repeating: 0, count: length)
        let rc = crypto_kdf_derive_from_key(&out, length, subkeyID, ctx, master.bytes)
        guard rc == 0 else { throw CryptoError.operationFailed }
        return out
    }
}
