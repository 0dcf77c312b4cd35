import CSodium

/// Unpadded base64url (RFC 4648 §5), as used by JWS and JWK.
public enum Base64URL {
    /// Encodes `bytes` without `=` padding.
    public static func encode(_ bytes: [UInt8]) -> String {
        SodiumBase64.encode(bytes, variant: sodium_base64_VARIANT_URLSAFE_NO_PADDING)
    }

    /// Decodes canonical unpadded base64url. Throws `CryptoError.malformedBase64URL` for any
    /// character outside `A-Z a-z 0-9 - _` (including `+`, `/`, `=` and whitespace), an
    /// impossible length, or non-zero unused trailing bits.
    public static func decode(_ text: String) throws -> [UInt8] {
        guard let bytes = SodiumBase64.decode(text, variant: sodium_base64_VARIANT_URLSAFE_NO_PADDING) else {
            throw CryptoError.malformedBase64URL
        }
        return bytes
    }
}
