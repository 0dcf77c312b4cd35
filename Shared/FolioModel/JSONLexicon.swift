/// The lexical rules of JSON (RFC 8259) that ``JSONParser`` and ``JSONScanner`` share: whitespace, literals,
/// `\u` escapes and the syntax of numbers, each read from `index` in a buffer and leaving `index` after it.
enum JSONLexicon {
    static func skipWhitespace(_ buffer: UnsafeBufferPointer<UInt8>, _ index: inout Int) {
        while index < buffer.count {
            switch buffer[index] {
            case 0x20, 0x09, 0x0A, 0x0D: index += 1
            default: return
            }
        }
    }

    static func expectLiteral(_ literal: StaticString, _ buffer: UnsafeBufferPointer<UInt8>, _ index: inout Int)
        throws(JSONParseError)
    {
        let count = literal.utf8CodeUnitCount
        guard index + count <= buffer.count else { throw failure("unexpected end of input", at: index) }
        let start = literal.utf8Start
        for offset in 0..<count where buffer[index + offset] != start[offset] {
            throw failure("invalid literal", at: index)
        }
        index += count
    }

    /// The scalar of a `\u` escape whose `\u` is read already, a surrogate pair's second half included.
    static func unicodeEscape(_ buffer: UnsafeBufferPointer<UInt8>, _ index: inout Int) throws(JSONParseError)
        -> UInt32
    {
        let first = try hex4(buffer, &index)
        switch first {
        case 0xD800...0xDBFF:
            guard index + 2 <= buffer.count, buffer[index] == UInt8(ascii: "\\"), buffer[index + 1] == UInt8(ascii: "u")
            else { throw failure("unpaired surrogate", at: index) }
            index += 2
            let second = try hex4(buffer, &index)
            guard (0xDC00...0xDFFF).contains(second) else { throw failure("unpaired surrogate", at: index) }
            return 0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00)
        case 0xDC00...0xDFFF:
            throw failure("unpaired surrogate", at: index)
        default:
            return first
        }
    }

    private static func hex4(_ buffer: UnsafeBufferPointer<UInt8>, _ index: inout Int) throws(JSONParseError) -> UInt32
    {
        guard index + 4 <= buffer.count else { throw failure("truncated \\u escape", at: index) }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = buffer[index]
            let digit: UInt32
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - UInt8(ascii: "A") + 10)
            default: throw failure("invalid \\u escape", at: index)
            }
            value = value << 4 | digit
            index += 1
        }
        return value
    }

    /// The syntax of a number starting at `index` (a `-` or a digit); what it says of the number's form.
    static func number(_ buffer: UnsafeBufferPointer<UInt8>, _ index: inout Int) throws(JSONParseError)
        -> (isInteger: Bool, hasExponent: Bool)
    {
        if buffer[index] == UInt8(ascii: "-") { index += 1 }
        guard index < buffer.count else { throw failure("invalid number", at: index) }
        if buffer[index] == UInt8(ascii: "0") {
            index += 1
        } else if (UInt8(ascii: "1")...UInt8(ascii: "9")).contains(buffer[index]) {
            skipDigitRun(buffer, &index)
        } else {
            throw failure("invalid number", at: index)
        }
        var isInteger = true
        if index < buffer.count, buffer[index] == UInt8(ascii: ".") {
            isInteger = false
            index += 1
            try skipDigits(buffer, &index)
        }
        var hasExponent = false
        if index < buffer.count, buffer[index] == UInt8(ascii: "e") || buffer[index] == UInt8(ascii: "E") {
            isInteger = false
            hasExponent = true
            index += 1
            if index < buffer.count, buffer[index] == UInt8(ascii: "+") || buffer[index] == UInt8(ascii: "-") {
                index += 1
            }
            try skipDigits(buffer, &index)
        }
        return (isInteger, hasExponent)
    }

    private static func skipDigitRun(_ buffer: UnsafeBufferPointer<UInt8>, _ index: inout Int) {
        while index < buffer.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(buffer[index]) { index += 1 }
    }

    private static func skipDigits(_ buffer: UnsafeBufferPointer<UInt8>, _ index: inout Int) throws(JSONParseError) {
        let start = index
        skipDigitRun(buffer, &index)
        guard index > start else { throw failure("invalid number", at: index) }
    }

    private static func failure(_ reason: String, at index: Int) -> JSONParseError {
        JSONParseError(offset: index, reason: reason)
    }
}
