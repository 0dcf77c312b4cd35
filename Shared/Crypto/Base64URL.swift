import CSodium

/// Unpadded base64url (RFC 4648 §5), as used by JWS and JWK.
public enum Base64URL {
    /// Encodes `bytes` without `=` padding.
    public static func encode(_ bytes: [UInt8]) -> String {
        Sodium.ensureInitialized()
        let variant = sodium_base64_VARIANT_URLSAFE_NO_PADDING
        var out = [CChar](repeating: 0, count: sodium_base64_encoded_len(bytes.count, variant))
        let capacity = out.count
        _ = sodium_bin2base64(&out, capacity, bytes, bytes.count, variant)
        return CString.decode(out)
    }

    /// Decodes canonical unpadded base64url. Throws `CryptoError.malformedBase64URL` for any
    /// character outside `A-Z a-z 0-9 - _` (including `+`, `/`, `=` and whitespace), an
    /// impossible length, or non-zero unused trailing bits.
    public static func decode(_ text: String) throws -> [UInt8] {
        Sodium.ensureInitialized()
        let input = text.utf8.map { CChar(bitPattern: $0) }
        var out = [UInt8](repeating: 0, count: input.count / 4 * 3 + 3)
        let capacity = out.count
        var written = 0
        let rc = sodium_base642bin(
            &out, capacity, input, input.count, nil, &written, nil,
            sodium_base64_VARIANT_URLSAFE_NO_PADDING)
        guard rc == 0, written <= capacity else { throw CryptoError.malformedBase64URL }
        return Array(out.prefix(written))
    }
}
