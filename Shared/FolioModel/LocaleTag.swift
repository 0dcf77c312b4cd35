/// A BCP 47 language tag as the SDK locale (`en`, `de-CH`, `zh-Hant-TW`).
public struct LocaleTag: Sendable, Hashable, Codable, CustomStringConvertible {
    public let rawValue: String

    /// Accepts well-formed tags: a 2–3 or 5–8 letter language, then subtags of 1–8 letters or digits.
    public init?(_ rawValue: String) {
        let subtags = rawValue.split(separator: "-", omittingEmptySubsequences: false)
        guard let language = subtags.first, (2...8).contains(language.count), language != "",
            language.allSatisfy({ $0.isASCII && $0.isLetter }), language.count != 4,
            subtags.dropFirst().allSatisfy({
                (1...8).contains($0.count) && $0.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) }
            })
        else { return nil }
        self.rawValue = rawValue
    }

    public static let english = LocaleTag(unchecked: "en")

    private init(unchecked rawValue: String) { self.rawValue = rawValue }

    /// The primary language subtag, lower-cased (`de` for `de-CH`).
    public var language: String { String(rawValue.prefix { $0 != "-" }).lowercased() }

    public var description: String { rawValue }

    public init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        guard let tag = LocaleTag(text) else { throw JSONCodingError("not a BCP 47 language tag: \(text)") }
        self = tag
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
}
