import FolioModel
import WireModel

/// The texts a UI needs outside a step, in the inquiry's language (spec "Chrome texts"). Wire:
/// `{title, close, back, loading, error: {title, description, close, retry}}`.
public struct InquiryChromeView: Hashable, Sendable {
    public var locale: LocaleTag

    public var json: JSONValue {
        func text(_ key: TextKey) -> JSONValue { .string(TextCatalog.text(key, locale: locale)) }
        return [
            "title": text(.inquiryChromeTitle), "close": text(.inquiryChromeClose), "back": text(.inquiryChromeBack),
            "loading": text(.inquiryChromeLoading),
            "error": [
                "title": text(.inquiryChromeErrorTitle), "description": text(.inquiryChromeErrorDescription),
                "close": text(.inquiryChromeErrorClose), "retry": text(.inquiryChromeErrorRetry),
            ],
        ]
    }
}
