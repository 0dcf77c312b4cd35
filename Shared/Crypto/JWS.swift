import Foundation

/// JSON Web Signature, compact serialization, with `"alg":"EdDSA"` over Ed25519 only (RFC 7515, RFC 8037).
public enum JWS {
    /// The only accepted algorithm.
    public static let algorithm = "EdDSA"

    /// Signs `payload` and returns `header.payload.signature`.
    ///
    /// `protectedHeader` is the exact JSON text to embed (e.g. `{"alg":"EdDSA","kid":"k1"}`); it must
    /// be a JSON object whose "alg" is "EdDSA", so every token made here also passes `verify`.
    public static func sign(payload: [UInt8], protectedHeader: String, key: Ed25519.PrivateKey) throws
        -> String
    {
        let header = Array(protectedHeader.utf8)
        try checkHeader(header)
        let signingInput = Base64URL.encode(header) + "." + Base64URL.encode(payload)
        let signature = try key.sign(Array(signingInput.utf8))
        return signingInput + "." + Base64URL.encode(signature)
    }

    /// Verifies a compact JWS and returns its decoded protected header and payload.
    ///
    /// Throws, in order of checking: `.malformedJWS` (not three segments), `.malformedBase64URL`,
    /// `.malformedJWSHeader` (not a JSON object with a string "alg"), `.unsupportedAlgorithm`,
    /// `.unsupportedCriticalHeader`, `.signatureInvalid`.
    public static func verify(
        _ compact: String, publicKey: Ed25519.PublicKey
    ) throws -> (protectedHeader: [UInt8], payload: [UInt8]) {
        let parts = try Parts(compact)
        try checkHeader(parts.header)
        guard publicKey.isValidSignature(parts.signature, for: parts.signingInput) else {
            throw CryptoError.signatureInvalid
        }
        return (parts.header, parts.payload)
    }

    /// The decoded protected header bytes, WITHOUT verifying anything, so a caller can read
    /// e.g. "kid" to choose the key to pass to `verify`. Never trust other fields from it.
    public static func unverifiedHeader(of compact: String) throws -> [UInt8] {
        try Parts(compact).header
    }

    /// The header's "kid" (nil when absent), WITHOUT verifying the signature.
    public static func unverifiedKeyID(of compact: String) throws -> String? {
        let object = try headerObject(try unverifiedHeader(of: compact))
        guard let kid = object["kid"] else { return nil }
        guard let text = kid as? String else { throw CryptoError.malformedJWSHeader }
        return text
    }

    private static func headerObject(_ header: [UInt8]) throws -> [String: Any] {
        guard
            let parsed = try? JSONSerialization.jsonObject(with: Data(header)),
            let object = parsed as? [String: Any]
        else { throw CryptoError.malformedJWSHeader }
        return object
    }

    private static func checkHeader(_ header: [UInt8]) throws {
        let object = try headerObject(header)
        guard let alg = object["alg"] as? String else { throw CryptoError.malformedJWSHeader }
        guard alg == algorithm else { throw CryptoError.unsupportedAlgorithm }
        // RFC 7515 §4.1.11: a recipient must reject extensions it does not understand; we know none.
        guard object["crit"] == nil else { throw CryptoError.unsupportedCriticalHeader }
    }
}

extension JWS {
    /// The three decoded segments of a compact JWS.
    private struct Parts {
        let header: [UInt8]
        let payload: [UInt8]
        let signature: [UInt8]
        /// ASCII of `base64url(header) "." base64url(payload)`, the bytes that were signed.
        let signingInput: [UInt8]

        init(_ compact: String) throws {
            let segments = compact.split(separator: ".", omittingEmptySubsequences: false)
            guard segments.count == 3 else { throw CryptoError.malformedJWS }
            header = try Base64URL.decode(String(segments[0]))
            payload = try Base64URL.decode(String(segments[1]))
            signature = try Base64URL.decode(String(segments[2]))
            signingInput = Array(segments[0].utf8) + [UInt8(ascii: ".")] + Array(segments[1].utf8)
        }
    }
}
