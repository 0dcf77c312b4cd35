import CSodium

/// libsodium's base64 in one of its variants: what Base64 and Base64URL share.
enum SodiumBase64 {
    static func encode(_ bytes: [UInt8], variant: Int32) -> String {
        Sodium.ensureInitialized()
        var out = [CChar](repeating: 0, count: sodium_base64_encoded_len(bytes.count, variant))
        let capacity = out.count
        // sodium_bin2base64 cannot fail with an output buffer of sodium_base64_encoded_len bytes.
        _ = sodium_bin2base64(&out, capacity, bytes, bytes.count, variant)
        return CString.decode(out)
    }

    /// The decoded bytes; nil unless libsodium consumed every character as canonical text of the variant.
    static func decode(_ text: String, variant: Int32) -> [UInt8]? {
        Sodium.ensureInitialized()
        let input = text.utf8.map { CChar(bitPattern: $0) }
        var out = [UInt8](repeating: 0, count: input.count / 4 * 3 + 3)
        let capacity = out.count
        var written = 0
        // A NULL end pointer makes libsodium fail unless it consumed every input character.
        let rc = sodium_base642bin(&out, capacity, input, input.count, nil, &written, nil, variant)
        guard rc == 0, written <= capacity else { return nil }
        return Array(out.prefix(written))
    }
}
