/// The URL Standard's host parser. A special scheme's host is percent-decoded and converted to ASCII, then read
/// as an IPv4 address when its last label is a number; another scheme's host stays opaque, only percent-encoded.
/// Either kind may be an IPv6 address in `[…]`.
enum LinkHost {
    /// The serialized host.
    static func parse(_ input: ArraySlice<Unicode.Scalar>, special: Bool) throws(LinkPartError) -> String {
        if input.first == "[" {
            guard input.last == "]", input.count >= 2 else { throw .badHost }
            return "[" + IPv6Address.serialize(try IPv6Address.parse(input.dropFirst().dropLast())) + "]"
        }
        guard special else {
            guard !input.contains(where: isForbiddenHostCodePoint) else { throw .badHost }
            return PercentEncoding.encode(input, .c0Control)
        }
        let bytes = PercentEncoding.decode(String(String.UnicodeScalarView(input)).utf8)
        // Bytes that are not UTF-8 become U+FFFD, which UTS #46 refuses.
        let domain = String(decoding: bytes, as: UTF8.self)
        let ascii = try DomainToASCII.convert(domain)
        if IPv4Address.endsInNumber(ascii) {
            return IPv4Address.serialize(try IPv4Address.parse(ascii))
        }
        return ascii
    }

    static func isForbiddenHostCodePoint(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case "\u{0}", "\t", "\n", "\r", " ", "#", "/", ":", "<", ">", "?", "@", "[", "\\", "]", "^", "|": true
        default: false
        }
    }

    static func isForbiddenDomainCodePoint(_ scalar: Unicode.Scalar) -> Bool {
        isForbiddenHostCodePoint(scalar) || scalar.value <= 0x1F || scalar == "%" || scalar == "\u{7F}"
    }
}
