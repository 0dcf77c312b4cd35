import FolioModel
import XCTest

/// The SDK's own texts (DESIGN §3, Localization): English and German for every key, chosen by the SDK
/// locale's language, falling back to English.
final class TextCatalogTests: XCTestCase {
    func testEveryKeyHasAnEnglishAndAGermanText() {
        for key in TextKey.allCases {
            for language in TextLanguage.allCases {
                let text = TextCatalog.entry(key, language: language)
                XCTAssertNotNil(text, "\(key.rawValue) has no \(language.rawValue) text")
                XCTAssertFalse(text?.isEmpty ?? true, "\(key.rawValue) has an empty \(language.rawValue) text")
            }
        }
    }

    func testDataRegionTitles() throws {
        XCTAssertEqual(TextCatalog.text(.dataRegionEuropeanUnion, locale: .english), "European Union")
        XCTAssertEqual(TextCatalog.text(.dataRegionUnitedStates, locale: .english), "United States")
        let german = try XCTUnwrap(LocaleTag("de"))
        XCTAssertEqual(TextCatalog.text(.dataRegionEuropeanUnion, locale: german), "Europäische Union")
        XCTAssertEqual(TextCatalog.text(.dataRegionUnitedStates, locale: german), "Vereinigte Staaten")
    }

    func testTheLanguageSubtagDecidesAndRegionSubtagsAreIgnored() throws {
        let cases: [(String, TextLanguage)] = [
            ("en", .english), ("en-GB", .english), ("de", .german), ("de-CH", .german), ("de-AT", .german),
            ("DE-ch", .german), ("de-Latn-DE", .german), ("fr", .english), ("fr-CH", .english), ("gsw-CH", .english),
            ("zh-Hant-TW", .english),
        ]
        for (tag, language) in cases {
            let locale = try XCTUnwrap(LocaleTag(tag), tag)
            XCTAssertEqual(TextLanguage(locale: locale), language, tag)
            XCTAssertEqual(
                TextCatalog.text(.dataRegionUnitedStates, locale: locale),
                TextCatalog.text(.dataRegionUnitedStates, language: language), tag)
        }
    }

    func testAnUnsupportedLanguageFallsBackToEnglish() throws {
        for tag in ["fr", "it-CH", "ja"] {
            let locale = try XCTUnwrap(LocaleTag(tag))
            for key in TextKey.allCases {
                XCTAssertEqual(TextCatalog.text(key, locale: locale), TextCatalog.text(key, locale: .english), tag)
            }
        }
    }

    func testGermanIsGerman() throws {
        let german = try XCTUnwrap(LocaleTag("de-CH"))
        let differing = TextKey.allCases.filter {
            TextCatalog.text($0, locale: german) != TextCatalog.text($0, locale: .english)
        }
        XCTAssertEqual(differing.count, TextKey.allCases.count, "every German text is translated")
    }

    func testKeysHaveStableDistinctNames() {
        XCTAssertEqual(Set(TextKey.allCases.map(\.rawValue)).count, TextKey.allCases.count)
        XCTAssertEqual(TextKey.dataRegionEuropeanUnion.rawValue, "dataRegion.eu")
        XCTAssertEqual(TextKey(rawValue: "authError.wrongPassword"), .authErrorWrongPassword)
    }
}
