import CSodium

/// libsodium's base64 in one of its variants: what Base64 and Base64URL share.
enum SodiumBase64 {
    static func encode(_ bytes: [UInt8], variant: Int32) -> String {
        Sodium.ensureInitialized()
        let capacity = sodium_base64_encoded_len(bytes.count, variant)
        // sodium_bin2base64 cannot fail with an output buffer of sodium_base64_encoded_len bytes (the text and
        // its NUL).
        return String(unsafeUninitializedCapacity: capacity) { buffer in
            buffer.withMemoryRebound(to: CChar.self) { chars in
                guard let start = chars.baseAddress else { return 0 }
                _ = sodium_bin2base64(start, capacity, bytes, bytes.count, variant)
                return capacity - 1
            }
        }
    }

    /// The decoded bytes; nil unless libsodium consumed every character as canonical text of the variant.
    static func decode(_ text: String, variant: Int32) -> [UInt8]? {
        var text = text
        return text.withUTF8 { decode($0, variant: variant) }
    }

    private static func decode(_ input: UnsafeBufferPointer<UInt8>, variant: Int32) -> [UInt8]? {
        Sodium.ensureInitialized()
        let capacity = input.count / 4 * 3 + 3
        var failed = false
        let bytes = [UInt8](unsafeUninitializedCapacity: capacity) { out, written in
            // A NULL end pointer makes libsodium fail unless it consumed every input character.
            guard let start = out.baseAddress else {
                failed = true
                return
            }
            let rc = input.withMemoryRebound(to: CChar.self) { chars in
                sodium_base642bin(start, capacity, chars.baseAddress, chars.count, nil, &written, nil, variant)
            }
            if rc != 0 || written > capacity {
                written = 0
                failed = true
            }
        }
        return failed ? nil : bytes
    }
}
