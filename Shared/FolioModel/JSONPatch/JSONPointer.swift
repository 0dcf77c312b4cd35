/// A JSON Pointer (RFC 6901): the path of one value inside a document, `""` for the whole document.
public struct JSONPointer: Sendable, Hashable, CustomStringConvertible {
    /// The reference tokens, unescaped (`~1` is `/`, `~0` is `~`).
    public let tokens: [String]

    public init(tokens: [String]) { self.tokens = tokens }

    /// Reads a pointer's text; nil when it is neither empty nor starts with `/`, or holds a `~` not followed by
    /// `0` or `1`.
    public init?(_ text: String) {
        if text.isEmpty {
            tokens = []
            return
        }
        guard text.hasPrefix("/") else { return nil }
        var tokens: [String] = []
        for raw in text.dropFirst().split(separator: "/", omittingEmptySubsequences: false) {
            guard let token = Self.unescape(raw) else { return nil }
            tokens.append(token)
        }
        self.tokens = tokens
    }

    public var description: String {
        var text = ""
        for token in tokens {
            text.append("/")
            Self.escape(token, into: &text)
        }
        return text
    }

    /// `~` as `~0`, `/` as `~1`; a token with neither (nearly all) is appended as it is.
    private static func escape(_ token: String, into text: inout String) {
        guard token.utf8.contains(where: { $0 == UInt8(ascii: "~") || $0 == UInt8(ascii: "/") }) else {
            return text.append(token)
        }
        for character in token.unicodeScalars {
            switch character {
            case "~": text.append("~0")
            case "/": text.append("~1")
            default: text.unicodeScalars.append(character)
            }
        }
    }

    /// The pointer to the member `token` of the value this one points to.
    public func appending(_ token: String) -> JSONPointer { JSONPointer(tokens: tokens + [token]) }

    /// Whether `other` points to this value or inside it.
    public func isPrefix(of other: JSONPointer) -> Bool {
        other.tokens.count >= tokens.count && Array(other.tokens.prefix(tokens.count)) == tokens
    }

    private static func unescape(_ raw: Substring) -> String? {
        var token = ""
        var escaping = false
        for character in raw {
            if escaping {
                switch character {
                case "0": token.append("~")
                case "1": token.append("/")
                default: return nil
                }
                escaping = false
            } else if character == "~" {
                escaping = true
            } else {
                token.append(character)
            }
        }
        return escaping ? nil : token
    }

    /// An array index token: digits without a leading zero (`0` itself allowed), nil otherwise.
    static func index(_ token: String) -> Int? {
        guard !token.isEmpty, token.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { return nil }
        guard token == "0" || !token.hasPrefix("0") else { return nil }
        return Int(token)
    }
}
