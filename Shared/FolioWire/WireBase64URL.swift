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
        var out = [UInt8]()
        out.reserveCapacity((bytes.count * 4 + 2) / 3)
        var index = 0
        while index + 3 <= bytes.count {
            let group = UInt32(bytes[index]) << 16 | UInt32(bytes[index + 1]) << 8 | UInt32(bytes[index + 2])
            out.append(alphabet[Int(group >> 18 & 0x3F)])
            out.append(alphabet[Int(group >> 12 & 0x3F)])
            out.append(alphabet[Int(group >> 6 & 0x3F)])
            out.append(alphabet[Int(group & 0x3F)])
            index += 3
        }
        switch bytes.count - index {
        case 1:
            let group = UInt32(bytes[index]) << 16
            out.append(alphabet[Int(group >> 18 & 0x3F)])
            out.append(alphabet[Int(group >> 12 & 0x3F)])
        case 2:
            let group = UInt32(bytes[index]) << 16 | UInt32(bytes[index + 1]) << 8
            out.append(alphabet[Int(group >> 18 & 0x3F)])
            out.append(alphabet[Int(group >> 12 & 0x3F)])
            out.append(alphabet[Int(group >> 6 & 0x3F)])
        default:
            break
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// Refuses any character outside `A-Z a-z 0-9 - _` (padding and whitespace too), an impossible length and
    /// non-zero unused trailing bits (a second spelling of the same bytes), like Crypto's `Base64URL`.
    static func decode(_ text: String) throws(Malformed) -> [UInt8] {
        let utf8 = Array(text.utf8)
        let remainder = utf8.count % 4
        guard remainder != 1 else { throw Malformed() }
        var out = [UInt8]()
        out.reserveCapacity(utf8.count / 4 * 3 + 2)
        var index = 0
        while index + 4 <= utf8.count {
            let group = try group(utf8, index, 4)
            out.append(UInt8(group >> 16 & 0xFF))
            out.append(UInt8(group >> 8 & 0xFF))
            out.append(UInt8(group & 0xFF))
            index += 4
        }
        switch remainder {
        case 2:
            let group = try group(utf8, index, 2)
            guard group & 0xFFFF == 0 else { throw Malformed() }
            out.append(UInt8(group >> 16 & 0xFF))
        case 3:
            let group = try group(utf8, index, 3)
            guard group & 0xFF == 0 else { throw Malformed() }
            out.append(UInt8(group >> 16 & 0xFF))
            out.append(UInt8(group >> 8 & 0xFF))
        default:
            break
        }
        return out
    }

    /// `count` characters from `start` as the high bits of a 24-bit group.
    private static func group(_ utf8: [UInt8], _ start: Int, _ count: Int) throws(Malformed) -> UInt32 {
        var group: UInt32 = 0
        for offset in 0..<4 {
            var value: UInt8 = 0
            if offset < count {
                value = values[Int(utf8[start + offset])]
                guard value != 0xFF else { throw Malformed() }
            }
            group = group << 6 | UInt32(value)
        }
        return group
    }
}
