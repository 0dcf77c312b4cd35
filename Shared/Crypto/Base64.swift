import CSodium

/// Standard base64 with `=` padding (RFC 4648 §4), as used by Standard Webhooks signatures and secrets.
public enum Base64 {
    /// Encodes `bytes` with `=` padding.
    public static func encode(_ bytes: [UInt8]) -> String {
        SodiumBase64.encode(bytes, variant: sodium_base64_VARIANT_ORIGINAL)
    }

    /// Decodes canonical padded base64. Throws `CryptoError.malformedBase64` for any character
    /// outside `A-Z a-z 0-9 + /` and the final padding (including `-`, `_` and whitespace), missing
    /// or misplaced padding, an impossible length, or non-zero unused trailing bits.
    public static func decode(_ text: String) throws(CryptoError) -> [UInt8] {
        guard let bytes = SodiumBase64.decode(text, variant: sodium_base64_VARIANT_ORIGINAL) else {
            throw .malformedBase64
        }
        return bytes
    }
}
