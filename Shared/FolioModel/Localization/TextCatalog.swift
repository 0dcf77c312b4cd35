/// Every text the SDK itself chooses, in English and German (DESIGN §3, Localization).
///
/// The SDK locale of the runtime picks the language; a locale without a catalog language gets English, and a
/// key that a language lacks gets its English text.
public enum TextCatalog {
    /// The text for `key` in the language of `locale`, falling back to English.
    public static func text(_ key: TextKey, locale: LocaleTag) -> String {
        text(key, language: TextLanguage(locale: locale))
    }

    /// The text for `key` in `language`, falling back to English.
    public static func text(_ key: TextKey, language: TextLanguage) -> String {
        entry(key, language: language) ?? english[key] ?? key.rawValue
    }

    /// The text `language` itself has for `key`, without fallback (nil when the language lacks it).
    public static func entry(_ key: TextKey, language: TextLanguage) -> String? {
        switch language {
        case .english: english[key]
        case .german: german[key]
        }
    }
}
