/// Ed25519 signatures (RFC 8032) via libsodium's `crypto_sign_*`.
public enum Ed25519 {
    /// Seed (private key) length in bytes.
    public static let seedLength = 32
    /// Public key length in bytes.
    public static let publicKeyLength = 32
    /// Signature length in bytes.
    public static let signatureLength = 64
}
