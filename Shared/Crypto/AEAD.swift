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
        let nonceLength = nonceLength
        let capacity = plaintext.count + tagLength
        var status: Int32 = -1
        // Nonce and ciphertext go straight into the sealed bytes: no copy of either.
        let sealed = [UInt8](unsafeUninitializedCapacity: nonceLength + capacity) { output, initialized in
            guard let base = output.baseAddress else { return }
            randombytes_buf(base, nonceLength)
            var written: UInt64 = 0
            status = crypto_aead_xchacha20poly1305_ietf_encrypt(
                base + nonceLength, &written,
                plaintext, UInt64(plaintext.count),
                additionalData, UInt64(additionalData.count),
                nil, base, key.bytes)
            if status == 0, written != UInt64(capacity) { status = -1 }
            initialized = status == 0 ? nonceLength + capacity : 0
        }
        guard status == 0 else { throw CryptoError.operationFailed }
        return sealed
    }

    /// Decrypts the output of `seal`. Throws `.invalidCiphertext` if the input is too short and
    /// `.authenticationFailed` on a wrong key, wrong additional data or any modified byte.
    public static func open(_ sealed: [UInt8], additionalData: [UInt8], key: SymmetricKey) throws
        -> [UInt8]
    {
        let capacity = try plaintextCount(of: sealed)
        var failure: CryptoError?
        let plaintext = sealed.withUnsafeBufferPointer { input in
            [UInt8](unsafeUninitializedCapacity: capacity) { output, initialized in
                failure = decrypt(input, additionalData, key, into: output.baseAddress)
                initialized = failure == nil ? capacity : 0
            }
        }
        if let failure { throw failure }
        return plaintext
    }

    /// Decrypts the output of `seal` straight into a string, read as `String(decoding:as:)` reads UTF-8 (ill-formed
    /// sequences repaired), with no plaintext array between. Throws as ``open(_:additionalData:key:)``.
    public static func openString(_ sealed: [UInt8], additionalData: [UInt8], key: SymmetricKey) throws -> String {
        let capacity = try plaintextCount(of: sealed)
        var failure: CryptoError?
        let text = sealed.withUnsafeBufferPointer { input in
            String(unsafeUninitializedCapacity: capacity) { output in
                failure = decrypt(input, additionalData, key, into: output.baseAddress)
                return failure == nil ? capacity : 0
            }
        }
        if let failure { throw failure }
        return text
    }

    private static func plaintextCount(of sealed: [UInt8]) throws -> Int {
        Sodium.ensureInitialized()
        guard sealed.count >= overhead else { throw CryptoError.invalidCiphertext }
        return sealed.count - overhead
    }

    /// Decrypts `input` (at least `overhead` bytes) into `output`, which has room for its plaintext: the nonce and
    /// the ciphertext are read in place and the plaintext is written once, not zeroed first. Nil when it opened.
    private static func decrypt(
        _ input: UnsafeBufferPointer<UInt8>, _ additionalData: [UInt8], _ key: SymmetricKey,
        into output: UnsafeMutablePointer<UInt8>?
    ) -> CryptoError? {
        guard let nonce = input.baseAddress else { return .authenticationFailed }
        var written: UInt64 = 0
        let status = crypto_aead_xchacha20poly1305_ietf_decrypt(
            output, &written,
            nil,
            nonce + nonceLength, UInt64(input.count - nonceLength),
            additionalData, UInt64(additionalData.count),
            nonce, key.bytes)
        guard status == 0 else { return .authenticationFailed }
        return written == UInt64(input.count - overhead) ? nil : .operationFailed
    }
}
