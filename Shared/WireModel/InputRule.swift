/// How a string is checked: every string a client sends is bounded and free of control characters (except a
/// password, which is taken as typed); identifiers and codes get a light shape check.
public struct InputRule: Sendable {
    public enum Shape: Sendable {
        case email
        case phone
        case digits(ClosedRange<Int>)
        /// Letters and digits in groups separated by single spaces or dashes (a recovery code as it is shown).
        case groupedCode(ClosedRange<Int>)
        case base64URL
        /// base64url parts joined by dots: a bare signature, or a compact JWS that carries one.
        case signature
        case jwt
        case absoluteURI
        /// Printable ASCII without spaces (ids that Folio or the service handed out).
        case token
    }

    public var length: ClosedRange<Int>
    public var allowsControlCharacters = false
    public var shape: Shape?
    /// A bound on the UTF-8 size besides the character count.
    public var maxBytes: Int?

    public init(
        length: ClosedRange<Int>, allowsControlCharacters: Bool = false, shape: Shape? = nil, maxBytes: Int? = nil
    ) {
        self.length = length
        self.allowsControlCharacters = allowsControlCharacters
        self.shape = shape
        self.maxBytes = maxBytes
    }

    /// A text field such as a binding or a display text.
    public static let text = InputRule(length: 1...1024)
    public static let email = InputRule(length: 3...254, shape: .email)
    public static let phone = InputRule(length: 6...32, shape: .phone)
    public static let jwt = InputRule(length: 5...16_384, shape: .jwt)
    public static let identifier = InputRule(length: 1...256, shape: .token)
    public static let base64URL = InputRule(length: 1...16_384, shape: .base64URL)
    public static let shortText = InputRule(length: 1...256)
    /// A string of the model (read back from a snapshot): any text, even empty.
    public static let modelText = InputRule(length: 0...Int.max, allowsControlCharacters: true)

    /// Why `text` breaks the rule, or nil when it keeps it.
    public func violation(_ text: String) -> String? {
        if text.isEmpty, length.lowerBound > 0 { return "must not be empty" }
        if let maxBytes, text.utf8.count > maxBytes { return "must be at most \(maxBytes) bytes of UTF-8" }
        // Lengths count Unicode scalars. A scalar takes at most four UTF-8 bytes, so the byte count bounds a
        // huge string before its scalars are counted.
        if length.upperBound < Int.max / 4,
            text.utf8.count > length.upperBound * 4 || text.unicodeScalars.count > length.upperBound
        {
            return "must be at most \(length.upperBound) characters"
        }
        if !allowsControlCharacters, text.unicodeScalars.contains(where: Self.isControl) {
            return "must not contain control characters"
        }
        if let shape, let violation = Self.violation(of: shape, in: text) { return violation }
        if text.unicodeScalars.count < length.lowerBound { return "must be at least \(length.lowerBound) characters" }
        return nil
    }

    private static func violation(of shape: Shape, in text: String) -> String? {
        switch shape {
        case .email:
            return isEmail(text) ? nil : "must be an email address"
        case .phone:
            return isPhone(text) ? nil : "must be a phone number: 6 to 15 digits, optionally starting with +"
        case .digits(let count):
            return text.utf8.allSatisfy(isDigit) && count.contains(text.utf8.count)
                ? nil : "must be \(count.lowerBound) to \(count.upperBound) digits"
        case .groupedCode(let count):
            guard let code = groupedCode(text), count.contains(code.count) else {
                return
                    "must be \(count.lowerBound) to \(count.upperBound) letters or digits, optionally grouped by spaces or dashes"
            }
            return nil
        case .base64URL:
            return isBase64URL(text) ? nil : "must be base64url (A-Z a-z 0-9 - _, without padding)"
        case .signature:
            let parts = text.split(separator: ".", omittingEmptySubsequences: false)
            return parts.count <= 3 && parts.allSatisfy({ !$0.isEmpty && isBase64URL(Substring($0)) })
                ? nil : "must be base64url, or up to three base64url parts separated by dots (a compact JWS)"
        case .jwt:
            let parts = text.split(separator: ".", omittingEmptySubsequences: false)
            return parts.count == 3 && parts.allSatisfy({ isBase64URL(Substring($0)) })
                ? nil : "must be a JWT: three base64url parts separated by dots"
        case .absoluteURI:
            return isAbsoluteURI(text) ? nil : "must be an absolute URI (scheme:rest, no spaces)"
        case .token:
            return text.utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7F }) ? nil : "must be printable ASCII without spaces"
        }
    }

    /// The digits of a grouped code (`1234-5678 9012` → `123456789012`), or nil when it is not one.
    /// The code without its separators, letters in upper case (Folio's normal form of a recovery code).
    public static func groupedCode(_ text: String) -> String? {
        var code = ""
        var previousWasSeparator = true
        for byte in text.utf8 {
            let isLower = (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
            if isDigit(byte) || isLower || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) {
                code.unicodeScalars.append(Unicode.Scalar(isLower ? byte - 32 : byte))
                previousWasSeparator = false
            } else if byte == UInt8(ascii: " ") || byte == UInt8(ascii: "-") {
                guard !previousWasSeparator else { return nil }
                previousWasSeparator = true
            } else {
                return nil
            }
        }
        return previousWasSeparator ? nil : code
    }

    /// C0 and C1 control characters and DEL.
    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
    }

    private static func isDigit(_ byte: UInt8) -> Bool { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) }

    private static func isBase64URL<S: StringProtocol>(_ text: S) -> Bool {
        !text.isEmpty && text.utf8.count % 4 != 1
            && text.utf8.allSatisfy { byte in
                isDigit(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
                    || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || byte == UInt8(ascii: "-")
                    || byte == UInt8(ascii: "_")
            }
    }

    /// Light: one `@` between a local part of 1–64 characters and a dotted domain, no spaces.
    private static func isEmail(_ text: String) -> Bool {
        let parts = text.split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count == 2, (1...64).contains(parts[0].count), !text.contains(where: \.isWhitespace) else {
            return false
        }
        let labels = parts[1].split(separator: ".", omittingEmptySubsequences: false)
        return labels.count >= 2
            && labels.allSatisfy { !$0.isEmpty && $0.first != "-" && $0.last != "-" }
    }

    /// Light: an optional leading `+`, then 6–15 digits with spaces, dashes, dots or parentheses between them.
    private static func isPhone(_ text: String) -> Bool {
        var digits = 0
        for (offset, byte) in text.utf8.enumerated() {
            if isDigit(byte) {
                digits += 1
            } else if byte == UInt8(ascii: "+") {
                guard offset == 0 else { return false }
            } else if !" -.()".utf8.contains(byte) {
                return false
            }
        }
        return (6...15).contains(digits)
    }

    /// `scheme:rest` with a scheme of a letter then letters, digits, `+`, `-` or `.`, and no spaces.
    private static func isAbsoluteURI(_ text: String) -> Bool {
        guard let colon = text.firstIndex(of: ":"), colon != text.startIndex, text.index(after: colon) != text.endIndex
        else { return false }
        let scheme = text[..<colon]
        guard let first = scheme.first, first.isASCII, first.isLetter,
            scheme.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "+-.".contains($0)) })
        else { return false }
        return !text.contains(where: \.isWhitespace)
    }
}
