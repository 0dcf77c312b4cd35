/// Why a JSON text was refused.
public struct JSONParseError: Error, Sendable, Equatable, CustomStringConvertible {
    public let offset: Int
    public let reason: String
    public var description: String { "invalid JSON at byte \(offset): \(reason)" }
}

/// A strict RFC 8259 parser over UTF-8 bytes with a nesting limit, so a hostile document cannot exhaust
/// the stack.
public struct JSONParser {
    public static let defaultMaxDepth = 64

    public static func parse(_ text: String, maxDepth: Int = defaultMaxDepth) throws(JSONParseError) -> JSONValue {
        try parse(Array(text.utf8), maxDepth: maxDepth)
    }

    public static func parse(_ bytes: [UInt8], maxDepth: Int = defaultMaxDepth) throws(JSONParseError) -> JSONValue {
        let result: Result<JSONValue, JSONParseError> = bytes.withUnsafeBufferPointer { buffer in
            var parser = JSONParser(buffer: buffer, maxDepth: maxDepth)
            do throws(JSONParseError) {
                parser.skipWhitespace()
                let value = try parser.parseValue(depth: 0)
                parser.skipWhitespace()
                guard parser.index == buffer.count else { throw parser.failure("trailing characters") }
                return .success(value)
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }

    private let buffer: UnsafeBufferPointer<UInt8>
    private let maxDepth: Int
    private var index = 0

    private init(buffer: UnsafeBufferPointer<UInt8>, maxDepth: Int) {
        self.buffer = buffer
        self.maxDepth = maxDepth
    }

    private func failure(_ reason: String) -> JSONParseError { JSONParseError(offset: index, reason: reason) }

    private mutating func skipWhitespace() { JSONLexicon.skipWhitespace(buffer, &index) }

    private mutating func parseValue(depth: Int) throws(JSONParseError) -> JSONValue {
        guard index < buffer.count else { throw failure("unexpected end of input") }
        switch buffer[index] {
        case UInt8(ascii: "{"): return try parseObject(depth: depth + 1)
        case UInt8(ascii: "["): return try parseArray(depth: depth + 1)
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"): try expectLiteral("true"); return .bool(true)
        case UInt8(ascii: "f"): try expectLiteral("false"); return .bool(false)
        case UInt8(ascii: "n"): try expectLiteral("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try parseNumber()
        default: throw failure("unexpected character")
        }
    }

    private mutating func expectLiteral(_ literal: StaticString) throws(JSONParseError) {
        try JSONLexicon.expectLiteral(literal, buffer, &index)
    }

    private mutating func parseObject(depth: Int) throws(JSONParseError) -> JSONValue {
        guard depth <= maxDepth else { throw failure("nesting deeper than \(maxDepth)") }
        index += 1
        skipWhitespace()
        if index < buffer.count, buffer[index] == UInt8(ascii: "}") {
            index += 1
            return .object(JSONObject())
        }
        // Room for the members of most objects at once: `JSONObject` keeps a copy of its own, of their count.
        var members: [(String, JSONValue)] = []
        members.reserveCapacity(8)
        while true {
            skipWhitespace()
            guard index < buffer.count, buffer[index] == UInt8(ascii: "\"") else {
                throw failure("expected a member name")
            }
            let key = try parseString()
            skipWhitespace()
            guard index < buffer.count, buffer[index] == UInt8(ascii: ":") else { throw failure("expected ':'") }
            index += 1
            skipWhitespace()
            members.append((key, try parseValue(depth: depth)))
            skipWhitespace()
            guard index < buffer.count else { throw failure("unexpected end of input") }
            switch buffer[index] {
            case UInt8(ascii: ","): index += 1
            case UInt8(ascii: "}"): index += 1; return .object(JSONObject(members))
            default: throw failure("expected ',' or '}'")
            }
        }
    }

    private mutating func parseArray(depth: Int) throws(JSONParseError) -> JSONValue {
        guard depth <= maxDepth else { throw failure("nesting deeper than \(maxDepth)") }
        index += 1
        var elements: [JSONValue] = []
        skipWhitespace()
        if index < buffer.count, buffer[index] == UInt8(ascii: "]") {
            index += 1
            return .array(elements)
        }
        while true {
            skipWhitespace()
            elements.append(try parseValue(depth: depth))
            skipWhitespace()
            guard index < buffer.count else { throw failure("unexpected end of input") }
            switch buffer[index] {
            case UInt8(ascii: ","): index += 1
            case UInt8(ascii: "]"): index += 1; return .array(elements)
            default: throw failure("expected ',' or ']'")
            }
        }
    }

    private mutating func parseString() throws(JSONParseError) -> String {
        index += 1
        let start = index
        // Fast path: no escapes.
        index = JSONStringScan.plainEnd(buffer, from: start)
        if index < buffer.count {
            let byte = buffer[index]
            if byte == UInt8(ascii: "\"") {
                let slice = UnsafeBufferPointer(rebasing: buffer[start..<index])
                index += 1
                return try validUTF8(slice)
            }
            if byte < 0x20 { throw failure("control character in string") }
        }
        var bytes = Array(UnsafeBufferPointer(rebasing: buffer[start..<index]))
        while index < buffer.count {
            let byte = buffer[index]
            switch byte {
            case UInt8(ascii: "\""):
                index += 1
                return try bytes.withUnsafeBufferPointer { pointer throws(JSONParseError) in try validUTF8(pointer) }
            case UInt8(ascii: "\\"):
                index += 1
                guard index < buffer.count else { throw failure("unexpected end of input") }
                let escape = buffer[index]
                index += 1
                switch escape {
                case UInt8(ascii: "\""): bytes.append(0x22)
                case UInt8(ascii: "\\"): bytes.append(0x5C)
                case UInt8(ascii: "/"): bytes.append(0x2F)
                case UInt8(ascii: "b"): bytes.append(0x08)
                case UInt8(ascii: "f"): bytes.append(0x0C)
                case UInt8(ascii: "n"): bytes.append(0x0A)
                case UInt8(ascii: "r"): bytes.append(0x0D)
                case UInt8(ascii: "t"): bytes.append(0x09)
                case UInt8(ascii: "u"): appendUTF8(of: try JSONLexicon.unicodeEscape(buffer, &index), to: &bytes)
                default: throw failure("invalid escape")
                }
            default:
                if byte < 0x20 { throw failure("control character in string") }
                // A payload that is itself JSON has an escaped quote every few bytes: copy the runs between.
                let end = JSONStringScan.plainEnd(buffer, from: index)
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[index..<end]))
                index = end
            }
        }
        throw failure("unterminated string")
    }

    /// `UTF8Span`'s check rather than `String(validating:as:)`, which is generic over the encoding and looked up
    /// its metadata for every string (measured at three times the cost).
    private func validUTF8(_ bytes: UnsafeBufferPointer<UInt8>) throws(JSONParseError) -> String {
        guard let span = try? UTF8Span(validating: bytes.span) else { throw failure("invalid UTF-8") }
        return String(copying: span)
    }

    private func appendUTF8(of scalar: UInt32, to bytes: inout [UInt8]) {
        guard let unicode = Unicode.Scalar(scalar) else { return }
        bytes.append(contentsOf: Array(String(Character(unicode)).utf8))
    }

    private mutating func parseNumber() throws(JSONParseError) -> JSONValue {
        let start = index
        let form = try JSONLexicon.number(buffer, &index)
        let text = String(decoding: UnsafeBufferPointer(rebasing: buffer[start..<index]), as: UTF8.self)
        if form.isInteger, let value = Int64(text) { return .int(value) }
        guard let value = Double(text), value.isFinite else {
            throw JSONParseError(offset: start, reason: "number out of range")
        }
        return .double(value)
    }
}
