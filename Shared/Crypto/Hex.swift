import CSodium

/// Hexadecimal encoding (`sodium_bin2hex` / `sodium_hex2bin`).
public enum Hex {
    /// Lower-case hex of `bytes`.
    public static func encode(_ bytes: [UInt8]) -> String {
        Sodium.ensureInitialized()
        var out = [CChar](repeating: 0, count: bytes.count * 2 + 1)
        let capacity = out.count
        _ = sodium_bin2hex(&out, capacity, bytes, bytes.count)
        return CString.decode(out)
    }

    /// Decodes hex (either case). Throws `CryptoError.malformedHex` for odd length or any
    /// non-hex character.
    public static func decode(_ text: String) throws -> [UInt8] {
        Sodium.ensureInitialized()
        let input = text.utf8.map { CChar(bitPattern: $0) }
        guard input.count % 2 == 0 else { throw CryptoError.malformedHex }
        var out = [UInt8](repeating: 0, count: input.count / 2)
        let capacity = out.count
        var written = 0
        let rc = sodium_hex2bin(&out, capacity, input, input.count, nil, &written, nil)
        guard rc == 0, written == capacity else { throw CryptoError.malformedHex }
        return out
    }
}
