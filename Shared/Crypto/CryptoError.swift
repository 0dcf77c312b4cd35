/// An error thrown by the Crypto module.
///
/// Compare against the static members, e.g. `error as? CryptoError == .authenticationFailed`.
public struct CryptoError: Error, Equatable, Sendable, CustomStringConvertible {
    private enum Code: Equatable, Sendable {
        case invalidKeyLength
        case invalidLength
        case invalidContext
        case invalidSalt
        case invalidLimits
        case invalidSeed
        case invalidPublicKey
        case invalidCiphertext
        case authenticationFailed
        case signatureInvalid
        case malformedBase64URL
        case malformedBase64
        case malformedHex
        case malformedBase32
        case malformedJWS
        case malformedJWSHeader
        case unsupportedAlgorithm
        case unsupportedCriticalHeader
        case unsupportedKeyType
        case outOfMemory
        case operationFailed
    }

    private let code: Code

    private init(_ code: Code) {
        self.code = code
    }

    /// A key (or key-like input such as a BLAKE2b key) has the wrong number of bytes.
    public static let invalidKeyLength = CryptoError(.invalidKeyLength)
    /// A requested output length is outside the range the primitive supports.
    public static let invalidLength = CryptoError(.invalidLength)
    /// A KDF context is not exactly 8 bytes of UTF-8.
    public static let invalidContext = CryptoError(.invalidContext)
    /// A password-hash salt is not `PasswordHash.saltLength` bytes.
    public static let invalidSalt = CryptoError(.invalidSalt)
    /// Argon2id ops/mem limits are outside libsodium's accepted range.
    public static let invalidLimits = CryptoError(.invalidLimits)
    /// An Ed25519 seed is not 32 bytes.
    public static let invalidSeed = CryptoError(.invalidSeed)
    /// A public key has the wrong length or is not a valid curve point.
    public static let invalidPublicKey = CryptoError(.invalidPublicKey)
    /// Sealed input is too short to hold its nonce and authentication tag.
    public static let invalidCiphertext = CryptoError(.invalidCiphertext)
    /// Decryption failed: wrong key, wrong additional data, or tampered ciphertext.
    public static let authenticationFailed = CryptoError(.authenticationFailed)
    /// A signature did not verify (or had the wrong length).
    public static let signatureInvalid = CryptoError(.signatureInvalid)
    /// Text is not canonical unpadded base64url.
    public static let malformedBase64URL = CryptoError(.malformedBase64URL)
    /// Text is not canonical padded standard base64.
    public static let malformedBase64 = CryptoError(.malformedBase64)
    /// Text is not an even-length string of hex digits.
    public static let malformedHex = CryptoError(.malformedHex)
    /// Text is not canonical unpadded RFC 4648 base32 (e.g. a TOTP secret).
    public static let malformedBase32 = CryptoError(.malformedBase32)
    /// A JWS compact serialization does not have exactly three segments.
    public static let malformedJWS = CryptoError(.malformedJWS)
    /// A JWS protected header is not a JSON object with a string "alg".
    public static let malformedJWSHeader = CryptoError(.malformedJWSHeader)
    /// A JWS uses an "alg" other than "EdDSA".
    public static let unsupportedAlgorithm = CryptoError(.unsupportedAlgorithm)
    /// A JWS header lists "crit" extensions, none of which this module understands.
    public static let unsupportedCriticalHeader = CryptoError(.unsupportedCriticalHeader)
    /// A JWK is not an OKP / Ed25519 key.
    public static let unsupportedKeyType = CryptoError(.unsupportedKeyType)
    /// Argon2id could not allocate its memory.
    public static let outOfMemory = CryptoError(.outOfMemory)
    /// libsodium reported an unexpected failure.
    public static let operationFailed = CryptoError(.operationFailed)

    public var description: String {
        switch code {
        case .invalidKeyLength: "invalid key length"
        case .invalidLength: "invalid output length"
        case .invalidContext: "KDF context must be exactly 8 bytes"
        case .invalidSalt: "invalid password hash salt length"
        case .invalidLimits: "password hash limits out of range"
        case .invalidSeed: "Ed25519 seed must be 32 bytes"
        case .invalidPublicKey: "invalid public key"
        case .invalidCiphertext: "ciphertext too short"
        case .authenticationFailed:
            "authentication failed: wrong key, wrong additional data or tampered data"
        case .signatureInvalid: "signature invalid"
        case .malformedBase64URL: "malformed base64url"
        case .malformedBase64: "malformed base64"
        case .malformedHex: "malformed hex"
        case .malformedBase32: "malformed base32"
        case .malformedJWS: "malformed JWS: expected three dot-separated segments"
        case .malformedJWSHeader: "malformed JWS protected header"
        case .unsupportedAlgorithm: "unsupported JWS algorithm (only EdDSA)"
        case .unsupportedCriticalHeader: "unsupported critical JWS header parameter"
        case .unsupportedKeyType: "unsupported JWK key type (only OKP Ed25519)"
        case .outOfMemory: "out of memory in password hashing"
        case .operationFailed: "libsodium operation failed"
        }
    }
}
