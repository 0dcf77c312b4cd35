/// A language the text catalog has texts for.
public enum TextLanguage: String, Sendable, Hashable, CaseIterable, Codable {
    case english = "en"
    case german = "de"

    /// The catalog language for an SDK locale: its primary language subtag decides (`de-CH` and `de-AT` are
    /// German); a language the catalog does not have falls back to English (`fr` → English).
    public init(locale: LocaleTag) {
        self = TextLanguage(rawValue: locale.language) ?? .english
    }
}
