/// The URL Standard's IPv4 parser: one to four dot-separated numbers in decimal, octal (a leading `0`) or hex
/// (`0x`), each but the last at most 255 and the last filling the remaining bytes, with one trailing dot allowed.
enum IPv4Address {
    /// Whether the last label of a domain is a number, which makes the whole host an IPv4 address or invalid.
    static func endsInNumber(_ host: String) -> Bool {
        var parts = host.split(separator: ".", omittingEmptySubsequences: false)
        if parts.last?.isEmpty == true {
            guard parts.count > 1 else { return false }
            parts.removeLast()
        }
        guard let last = parts.last else { return false }
        if !last.isEmpty, last.unicodeScalars.allSatisfy(\.isASCIIDigit) { return true }
        return number(last) != nil
    }

    static func parse(_ host: String) throws(LinkPartError) -> UInt32 {
        var parts = host.split(separator: ".", omittingEmptySubsequences: false)
        if parts.last?.isEmpty == true, parts.count > 1 { parts.removeLast() }
        guard parts.count <= 4 else { throw .badHost }
        var numbers: [UInt64] = []
        for part in parts {
            guard let number = number(part) else { throw .badHost }
            numbers.append(number)
        }
        guard let last = numbers.last, numbers.dropLast().allSatisfy({ $0 <= 255 }),
            last < 1 << (8 * (5 - UInt64(numbers.count)))
        else { throw .badHost }
        var address = UInt32(last)
        for (index, number) in numbers.dropLast().enumerated() {
            address += UInt32(number) << (8 * (3 - index))
        }
        return address
    }

    static func serialize(_ address: UInt32) -> String {
        [24, 16, 8, 0].map { String(address >> $0 & 0xFF) }.joined(separator: ".")
    }

    /// A part's value, `nil` when it has a digit its radix does not; values of 2^32 and more are all 2^32, which
    /// no part may reach.
    private static func number(_ part: Substring) -> UInt64? {
        guard !part.isEmpty else { return nil }
        var digits = part.unicodeScalars[...]
        var radix: UInt64 = 10
        if part.hasPrefix("0x") || part.hasPrefix("0X") {
            digits = digits.dropFirst(2)
            radix = 16
        } else if part.count > 1, part.hasPrefix("0") {
            digits = digits.dropFirst()
            radix = 8
        }
        var value: UInt64 = 0
        for scalar in digits {
            guard let digit = hexValue(scalar), digit < radix else { return nil }
            value = min(value * radix + digit, 1 << 32)
        }
        return value
    }

    private static func hexValue(_ scalar: Unicode.Scalar) -> UInt64? {
        switch scalar {
        case "0"..."9": UInt64(scalar.value - 48)
        case "a"..."f": UInt64(scalar.value - 87)
        case "A"..."F": UInt64(scalar.value - 55)
        default: nil
        }
    }
}
