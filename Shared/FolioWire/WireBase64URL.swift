/// Canonical unpadded base64url (RFC 4648 §5), the form Folio sends bytes in. Works on the UTF-8 bytes with
/// lookup tables: a record's ciphertext passes through here on every push and fetch.
enum WireBase64URL {
    struct Malformed: Error {}

    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)

    /// The 6-bit value of each byte, 0xFF for a byte outside the alphabet.
    private static let values: [UInt8] = {
        var table = [UInt8](repeating: 0xFF, count: 256)
        for (index, byte) in alphabet.enumerated() { table[Int(byte)] = UInt8(index) }
        return table
    }()

    static func encode(_ bytes: [UInt8]) -> String {
        let count = (bytes.count * 4 + 2) / 3
        guard count > 0 else { return "" }
        return String(unsafeUninitializedCapacity: count) { out in
            alphabet.withUnsafeBufferPointer { table in
                bytes.withUnsafeBufferPointer { input in
                    var index = 0
                    var written = 0
                    while index + 3 <= input.count {
                        let group =
                            UInt32(input[index]) << 16 | UInt32(input[index + 1]) << 8 | UInt32(input[index + 2])
                        out[written] = table[Int(group >> 18 & 0x3F)]
                        out[written + 1] = table[Int(group >> 12 & 0x3F)]
                        out[written + 2] = table[Int(group >> 6 & 0x3F)]
                        out[written + 3] = table[Int(group & 0x3F)]
                        index += 3
                        written += 4
                    }
                    if index < input.count {
                        let second = index + 1 < input.count ? UInt32(input[index + 1]) : 0
                        let group = UInt32(input[index]) << 16 | second << 8
                        out[written] = table[Int(group >> 18 & 0x3F)]
                        out[written + 1] = table[Int(group >> 12 & 0x3F)]
                        written += 2
                        if index + 1 < input.count {
                            out[written] = table[Int(group >> 6 & 0x3F)]
                            written += 1
                        }
                    }
                    return written
                }
            }
        }
    }

    /// Refuses any character outside `A-Z a-z 0-9 - _` (padding and whitespace too), an impossible length and
    /// non-zero unused trailing bits (a second spelling of the same bytes), like Crypto's `Base64URL`.
    static func decode(_ text: String) throws(Malformed) -> [UInt8] {
        var text = text
        guard let bytes = text.withUTF8({ decode(utf8: $0) }) else { throw Malformed() }
        return bytes
    }

    private static func decode(utf8: UnsafeBufferPointer<UInt8>) -> [UInt8]? {
        let remainder = utf8.count % 4
        guard remainder != 1 else { return nil }
        let count = utf8.count / 4 * 3 + (remainder == 0 ? 0 : remainder - 1)
        var valid = true
        let bytes = [UInt8](unsafeUninitializedCapacity: count) { out, initialized in
            values.withUnsafeBufferPointer { table in
                // A value outside the alphabet is 0xFF: its top bits are set, those of any 6-bit value are not.
                func value(_ index: Int) -> UInt32 { UInt32(table[Int(utf8[index])]) }
                var index = 0
                var written = 0
                while index + 4 <= utf8.count {
                    let (a, b, c, d) = (value(index), value(index + 1), value(index + 2), value(index + 3))
                    guard (a | b | c | d) & 0xC0 == 0 else {
                        valid = false
                        return
                    }
                    let group = a << 18 | b << 12 | c << 6 | d
                    out[written] = UInt8(truncatingIfNeeded: group >> 16)
                    out[written + 1] = UInt8(truncatingIfNeeded: group >> 8)
                    out[written + 2] = UInt8(truncatingIfNeeded: group)
                    index += 4
                    written += 3
                }
                if remainder > 0 {
                    let (a, b) = (value(index), value(index + 1))
                    let c = remainder == 3 ? value(index + 2) : 0
                    // The unused trailing bits must be zero.
                    let unused = remainder == 2 ? b & 0x0F : c & 0x03
                    guard (a | b | c) & 0xC0 == 0, unused == 0 else {
                        valid = false
                        return
                    }
                    let group = a << 18 | b << 12 | c << 6
                    out[written] = UInt8(truncatingIfNeeded: group >> 16)
                    written += 1
                    if remainder == 3 {
                        out[written] = UInt8(truncatingIfNeeded: group >> 8)
                        written += 1
                    }
                }
                initialized = written
            }
        }
        return valid ? bytes : nil
    }
}
