/// The few texts the SDK itself puts on a document, by language (English for any other).
public enum DocumentTexts {
    /// The value of a required field the issuer did not fill in.
    public static func missingValue(language: String) -> String {
        switch language {
        case "de": "Nicht angegeben"
        default: "Not provided"
        }
    }

    /// A translation of `text` into `language` when `translations` has one.
    static func translated(_ text: String, _ translations: [String: String], language: String) -> String {
        translations[language] ?? text
    }
}
