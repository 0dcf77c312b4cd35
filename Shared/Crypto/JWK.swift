/// A JSON Web Key for an Ed25519 public key (RFC 8037: `kty` "OKP", `crv` "Ed25519").
public struct JWK: Codable, Sendable, Hashable {
    /// Key type; "OKP" for Ed25519.
    public var kty: String
    /// Curve; "Ed25519".
    public var crv: String
    /// Base64url of the 32 public key bytes.
    public var x: String
    /// Optional key ID, matched against a JWS header's "kid".
    public var kid: String?

    /// The JWK form of `publicKey`.
    public init(publicKey: Ed25519.PublicKey, kid: String? = nil) {
        self.kty = "OKP"
        self.crv = "Ed25519"
        self.x = Base64URL.encode(publicKey.bytes)
        self.kid = kid
    }

    /// The Ed25519 key this JWK describes. Throws `.unsupportedKeyType` for another kty/crv,
    /// `.malformedBase64URL` or `.invalidPublicKey` for a bad "x".
    public func publicKey() throws -> Ed25519.PublicKey {
        guard kty == "OKP", crv == "Ed25519" else { throw CryptoError.unsupportedKeyType }
        return try Ed25519.PublicKey(bytes: Base64URL.decode(x))
    }
}
