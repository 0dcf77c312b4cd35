/// A member of a JSON object that ``JSONScanner`` read: its name, and its value as the bytes it took.
public struct JSONMember: Sendable, Hashable {
    public let name: String
    public let value: JSONText
}

/// Checks JSON as strictly as ``JSONParser`` (RFC 8259, UTF-8, the same nesting limit, numbers a Double can
/// hold) without building values: it only finds where each value starts and ends. Its loop keeps its own
/// stack of open containers, so no input can exhaust the thread's stack.
public struct JSONScanner {
    /// Checks that `bytes` is one JSON object and returns its members in the order they came; only the names
    /// are read, each value is left as its bytes.
    public static func members(of bytes: [UInt8], maxDepth: Int = JSONParser.defaultMaxDepth) throws(JSONParseError)
        -> [JSONMember]
    {
        // Anything but an object (a batch, say) is refused before its bytes are all read.
        let start = bytes.firstIndex { !isWhitespace($0) } ?? bytes.count
        guard start < bytes.count, bytes[start] == UInt8(ascii: "{") else {
            throw JSONParseError(offset: start, reason: "expected an object")
        }
        do throws(UTF8.ValidationError) {
            _ = try UTF8Span(validating: bytes.span)
        } catch {
            throw JSONParseError(offset: error.byteOffsets.lowerBound, reason: "invalid UTF-8")
        }
        return try members(ofValid: bytes[...], maxDepth: maxDepth)
    }

    /// The members of bytes whose UTF-8 is known to be valid.
    static func members(ofValid bytes: ArraySlice<UInt8>, maxDepth: Int) throws(JSONParseError) -> [JSONMember] {
        let ranges: Result<[(name: Range<Int>, value: Range<Int>)], JSONParseError> = bytes.withUnsafeBufferPointer {
            buffer in
            var scanner = JSONScanner(buffer: buffer, maxDepth: maxDepth)
            do throws(JSONParseError) {
                return .success(try scanner.topLevelMembers())
            } catch {
                return .failure(error)
            }
        }
        // The scan counts from the slice's first byte; a slice's indices count from its array's.
        let base = bytes.startIndex
        var members: [JSONMember] = []
        for range in try ranges.get() {
            let name = (base + range.name.lowerBound)..<(base + range.name.upperBound)
            let value = (base + range.value.lowerBound)..<(base + range.value.upperBound)
            members.append(JSONMember(name: try memberName(bytes, name), value: JSONText(checked: bytes[value])))
        }
        return members
    }

    private static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }

    /// The name of a member from its quoted bytes, which the scan has checked.
    private static func memberName(_ bytes: ArraySlice<UInt8>, _ range: Range<Int>) throws(JSONParseError) -> String {
        let inner = bytes[(range.lowerBound + 1)..<(range.upperBound - 1)]
        guard inner.contains(UInt8(ascii: "\\")) else { return String(decoding: inner, as: UTF8.self) }
        guard case .string(let name) = try JSONParser.parse(Array(bytes[range])) else {
            throw JSONParseError(offset: range.lowerBound, reason: "expected a member name")
        }
        return name
    }

    private let buffer: UnsafeBufferPointer<UInt8>
    private let maxDepth: Int
    private var index = 0

    private init(buffer: UnsafeBufferPointer<UInt8>, maxDepth: Int) {
        self.buffer = buffer
        self.maxDepth = maxDepth
    }

    private func failure(_ reason: String) -> JSONParseError { JSONParseError(offset: index, reason: reason) }

    private mutating func topLevelMembers() throws(JSONParseError) -> [(name: Range<Int>, value: Range<Int>)] {
        skipWhitespace()
        guard index < buffer.count, buffer[index] == UInt8(ascii: "{") else { throw failure("expected an object") }
        guard maxDepth >= 1 else { throw failure("nesting deeper than \(maxDepth)") }
        index += 1
        var members: [(name: Range<Int>, value: Range<Int>)] = []
        skipWhitespace()
        if index < buffer.count, buffer[index] == UInt8(ascii: "}") {
            index += 1
        } else {
            while true {
                let name = try skipMemberName()
                let start = index
                try skipValue(depth: 1)
                members.append((name, start..<index))
                skipWhitespace()
                guard index < buffer.count else { throw failure("unexpected end of input") }
                if buffer[index] == UInt8(ascii: "}") {
                    index += 1
                    break
                }
                guard buffer[index] == UInt8(ascii: ",") else { throw failure("expected ',' or '}'") }
                index += 1
            }
        }
        skipWhitespace()
        guard index == buffer.count else { throw failure("trailing characters") }
        return members
    }

    private mutating func skipWhitespace() { JSONLexicon.skipWhitespace(buffer, &index) }

    /// Skips `"name" :` and the whitespace around it; returns the range of the quoted name.
    private mutating func skipMemberName() throws(JSONParseError) -> Range<Int> {
        skipWhitespace()
        guard index < buffer.count, buffer[index] == UInt8(ascii: "\"") else { throw failure("expected a member name") }
        let start = index
        try skipString()
        let name = start..<index
        skipWhitespace()
        guard index < buffer.count, buffer[index] == UInt8(ascii: ":") else { throw failure("expected ':'") }
        index += 1
        skipWhitespace()
        return name
    }

    /// Skips one value (leading whitespace is already skipped) that sits inside `depth` containers.
    private mutating func skipValue(depth: Int) throws(JSONParseError) {
        // The open containers inside the value: true for an object, false for an array.
        var open: [Bool] = []
        while true {
            guard index < buffer.count else { throw failure("unexpected end of input") }
            switch buffer[index] {
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                let isObject = buffer[index] == UInt8(ascii: "{")
                guard depth + open.count + 1 <= maxDepth else { throw failure("nesting deeper than \(maxDepth)") }
                index += 1
                skipWhitespace()
                if index < buffer.count, buffer[index] == (isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) {
                    index += 1
                } else {
                    open.append(isObject)
                    if isObject { _ = try skipMemberName() } else { skipWhitespace() }
                    continue
                }
            case UInt8(ascii: "\""): try skipString()
            case UInt8(ascii: "t"): try skipLiteral("true")
            case UInt8(ascii: "f"): try skipLiteral("false")
            case UInt8(ascii: "n"): try skipLiteral("null")
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): try skipNumber()
            default: throw failure("unexpected character")
            }
            // A value ended: close the containers it ends, then go on to the next element or member.
            while let isObject = open.last {
                skipWhitespace()
                guard index < buffer.count else { throw failure("unexpected end of input") }
                let byte = buffer[index]
                if byte == UInt8(ascii: ",") {
                    index += 1
                    if isObject { _ = try skipMemberName() } else { skipWhitespace() }
                    break
                }
                guard byte == (isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) else {
                    throw failure(isObject ? "expected ',' or '}'" : "expected ',' or ']'")
                }
                index += 1
                open.removeLast()
            }
            if open.isEmpty { return }
        }
    }

    private mutating func skipLiteral(_ literal: StaticString) throws(JSONParseError) {
        try JSONLexicon.expectLiteral(literal, buffer, &index)
    }

    /// Skips a string from its opening quote; its bytes are valid UTF-8 already (checked once for the whole
    /// text), so only escapes and control characters are looked at.
    private mutating func skipString() throws(JSONParseError) {
        index += 1
        while true {
            index = JSONStringScan.plainEnd(buffer, from: index)
            guard index < buffer.count else { throw failure("unterminated string") }
            switch buffer[index] {
            case UInt8(ascii: "\""):
                index += 1
                return
            case UInt8(ascii: "\\"):
                index += 1
                guard index < buffer.count else { throw failure("unexpected end of input") }
                let escape = buffer[index]
                index += 1
                switch escape {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"), UInt8(ascii: "f"),
                    UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
                    break
                case UInt8(ascii: "u"): _ = try JSONLexicon.unicodeEscape(buffer, &index)
                default: throw failure("invalid escape")
                }
            default:
                throw failure("control character in string")
            }
        }
    }

    private mutating func skipNumber() throws(JSONParseError) {
        let start = index
        let form = try JSONLexicon.number(buffer, &index)
        // Only an exponent or more than 300 digits can take a number past Double's range, which the parser
        // refuses; everything shorter is held exactly or rounded.
        if form.hasExponent || index - start > 300 {
            let text = String(decoding: UnsafeBufferPointer(rebasing: buffer[start..<index]), as: UTF8.self)
            guard let value = Double(text), value.isFinite else {
                throw JSONParseError(offset: start, reason: "number out of range")
            }
        }
    }
}
