import CSodium

/// Anonymous public-key encryption (`crypto_box_seal`): anyone with the public key can seal,
/// only the key pair's owner can open. The sender is not authenticated.
public enum SealedBox {
    /// Bytes added to the message by `seal`.
    public static var overhead: Int { crypto_box_sealbytes() }

    /// Encrypts `message` to a 32-byte X25519 public key.
    public static func seal(_ message: [UInt8], to publicKey: [UInt8]) throws -> [UInt8] {
        Sodium.ensureInitialized()
        guard publicKey.count == BoxKeyPair.keyLength else { throw CryptoError.invalidKeyLength }
        var out = [UInt8](repeating: 0, count: message.count + overhead)
        // Fails only for a degenerate (small-order) public key.
        guard crypto_box_seal(&out, message, UInt64(message.count), publicKey) == 0 else {
            throw CryptoError.invalidPublicKey
        }
        return out
    }

    /// Decrypts the output of `seal`; throws `.authenticationFailed` for the wrong key pair or
    /// modified input.
    public static func open(_ sealed: [UInt8], keyPair: BoxKeyPair) throws -> [UInt8] {
        Sodium.ensureInitialized()
        guard sealed.count >= overhead else { throw CryptoError.invalidCiphertext }
        var out = [UInt8](repeating: 0, count: sealed.count - overhead)
        let rc = crypto_box_seal_open(
            &out, sealed, UInt64(sealed.count), keyPair.publicKey, keyPair.secretKey)
        guard rc == 0 else { throw CryptoError.authenticationFailed }
        return out
    }
}
