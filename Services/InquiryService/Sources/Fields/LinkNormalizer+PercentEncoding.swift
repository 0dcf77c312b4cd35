/// The URL Standard's percent-encode sets and its UTF-8 percent-encoding: each byte of a character's UTF-8 in the
/// set becomes `%XX` (upper-case hex). `%` is in no set, so escapes stay as they are, valid or not.
struct PercentEncodeSet {
    /// One bit per ASCII byte; every byte from 0x7F up is always in the set.
    private var bits: (low: UInt64, high: UInt64)

    private init(bits: (low: UInt64, high: UInt64)) { self.bits = bits }

    func contains(_ byte: UInt8) -> Bool {
        if byte >= 0x7F { return true }
        return byte < 64 ? bits.low >> byte & 1 == 1 : bits.high >> (byte - 64) & 1 == 1
    }

    func adding(_ characters: String) -> PercentEncodeSet {
        var bits = bits
        for byte in characters.utf8 {
            if byte < 64 { bits.low |= 1 << byte } else { bits.high |= 1 << (byte - 64) }
        }
        return PercentEncodeSet(bits: bits)
    }

    /// C0 controls and everything above `~`.
    static let c0Control = PercentEncodeSet(bits: (low: 0xFFFF_FFFF, high: 0))
    static let fragment = c0Control.adding(" \"<>`")
    static let query = c0Control.adding(" \"#<>")
    static let specialQuery = query.adding("'")
    static let path = query.adding("?^`{}")
    static let userinfo = path.adding("/:;=@[\\]|")
}

enum PercentEncoding {
    static func encode(_ scalars: some Sequence<Unicode.Scalar>, _ set: PercentEncodeSet) -> String {
        var output = ""
        for scalar in scalars { encode(scalar, set, into: &output) }
        return output
    }

    static func encode(_ scalar: Unicode.Scalar, _ set: PercentEncodeSet, into output: inout String) {
        guard scalar.value >= 0x7F || set.contains(UInt8(scalar.value)) else {
            output.unicodeScalars.append(scalar)
            return
        }
        for byte in String(scalar).utf8 {
            output += "%"
            output.unicodeScalars.append(hexDigit(byte >> 4))
            output.unicodeScalars.append(hexDigit(byte & 0xF))
        }
    }

    /// The bytes of `bytes` with every `%XX` of two hex digits replaced by its byte; other `%` stay.
    static func decode(_ bytes: some Collection<UInt8>) -> [UInt8] {
        let bytes = Array(bytes)
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "%"), index + 2 < bytes.count,
                let high = hexValue(bytes[index + 1]), let low = hexValue(bytes[index + 2])
            {
                output.append(high << 4 | low)
                index += 3
            } else {
                output.append(bytes[index])
                index += 1
            }
        }
        return output
    }

    private static func hexDigit(_ value: UInt8) -> Unicode.Scalar {
        Unicode.Scalar(value < 10 ? 48 + value : 55 + value)
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - 48
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - 87
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - 55
        default: nil
        }
    }
}
