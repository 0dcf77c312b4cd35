import CSodium

/// XChaCha20-Poly1305 (IETF) authenticated encryption with a random 24-byte nonce.
///
/// Sealed layout: `nonce (24) || ciphertext || tag (16)`. Wrap a key by sealing its bytes.
public enum AEAD {
    /// Bytes added to the plaintext by `seal`: nonce plus tag.
    public static var overhead: Int { nonceLength + tagLength }

    static var nonceLength: Int { crypto_aead_xchacha20poly1305_ietf_npubbytes() }
    static var tagLength: Int { crypto_aead_xchacha20poly1305_ietf_abytes() }

    /// Encrypts `plaintext`, binding it to `additionalData`, under a fresh random nonce.
    public static func seal(_ plaintext: [UInt8], additionalData: [UInt8], key: SymmetricKey) throws
        -> [UInt8]
    {
        Sodium.ensureInitialized()
        let nonce = Random.bytes(nonceLength)
        let capacity = plaintext.count + tagLength
        var ciphertext = [UInt8](repeating: 0, count: capacity)
        var written: UInt64 = 0
        let rc = crypto_aead_xchacha20poly1305_ietf_encrypt(
            &ciphertext, &written,
            plaintext, UInt64(plaintext.count),
            additionalData, UInt64(additionalData.count),
            nil, nonce, key.bytes)
        guard rc == 0, written == UInt64(capacity) else { throw CryptoError.operationFailed }
        return nonce + ciphertext
    }

    /// Decrypts the output of `seal`. Throws `.invalidCiphertext` if the input is too short and
    /// `.authenticationFailed` on a wrong key, wrong additional data or any modified byte.
    public static func open(_ sealed: [UInt8], additionalData: [UInt8], key: SymmetricKey) throws
        -> [UInt8]
    {
        Sodium.ensureInitialized()
        guard sealed.count >= overhead else { throw CryptoError.invalidCiphertext }
        let nonce = Array(sealed.prefix(nonceLength))
        let ciphertext = Array(sealed.dropFirst(nonceLength))
        let capacity = ciphertext.count - tagLength
        var plaintext = [UInt8](repeating: 0, count: capacity)
        var written: UInt64 = 0
        let rc = crypto_aead_xchacha20poly1305_ietf_decrypt(
            &plaintext, &written,
            nil,
            ciphertext, UInt64(ciphertext.count),
            additionalData, UInt64(additionalData.count),
            nonce, key.bytes)
        guard rc == 0 else { throw CryptoError.authenticationFailed }
        guard written == UInt64(capacity) else { throw CryptoError.operationFailed }
        return plaintext
    }
}
