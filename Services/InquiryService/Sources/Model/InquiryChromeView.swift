import Bus
import FolioModel
import WireModel

/// The texts a UI needs outside a step, in the inquiry's language (spec "Chrome texts"). Wire:
/// `{title, close, back, loading, error: {title, description, close, retry}}`.
public struct InquiryChromeView: Hashable, Sendable, WireDescribed {
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

    public static var wireSchema: JSONSchema {
        .closedObject(
            [
                "title": .string, "close": .string, "back": .string, "loading": .string,
                "error": .closedObject(
                    [
                        "title": .string,
                        "description": JSONSchema.string.described("The text of a LINK_REFUSED banner."),
                        "close": JSONSchema.string.described("Labels the control that leaves after it."),
                        "retry": .string,
                    ], required: ["title", "description", "close", "retry"]),
            ], required: ["title", "close", "back", "loading", "error"],
            description: "Texts outside a step, in the inquiry's language.")
    }
}
