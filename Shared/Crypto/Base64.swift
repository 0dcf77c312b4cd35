import CSodium

/// Standard base64 with `=` padding (RFC 4648 §4), as used by Standard Webhooks signatures and secrets.
public enum Base64 {
    /// Encodes `bytes` with `=` padding.
    public static func encode(_ bytes: [UInt8]) -> String {
        Sodium.ensureInitialized()
        let variant = sodium_base64_VARIANT_ORIGINAL
        var out = [CChar](repeating: 0, count: sodium_base64_encoded_len(bytes.count, variant))
        let capacity = out.count
        // sodium_bin2base64 cannot fail with an output buffer of sodium_base64_encoded_len bytes.
        _ = sodium_bin2base64(&out, capacity, bytes, bytes.count, variant)
        return CString.decode(out)
    }

    /// Decodes canonical padded base64. Throws `CryptoError.malformedBase64` for any character
    /// outside `A-Z a-z 0-9 + /` and the final padding (including `-`, `_` and whitespace), missing
    /// or misplaced padding, an impossible length, or non-zero unused trailing bits.
    public static func decode(_ text: String) throws(CryptoError) -> [UInt8] {
        Sodium.ensureInitialized()
        let input = text.utf8.map { CChar(bitPattern: $0) }
        var out = [UInt8](repeating: 0, count: input.count / 4 * 3 + 3)
        let capacity = out.count
        var written = 0
        // A NULL end pointer makes libsodium fail unless it consumed every input character.
        let rc = sodium_base642bin(
            &out, capacity, input, input.count, nil, &written, nil, sodium_base64_VARIANT_ORIGINAL)
        guard rc == 0, written <= capacity else { throw .malformedBase64 }
        return Array(out.prefix(written))
    }
}
