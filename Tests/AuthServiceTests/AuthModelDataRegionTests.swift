import AuthService
import FolioModel
import XCTest

/// The data region options (spec "Data region"): European Union first, then United States, titled in the
/// SDK locale.
final class AuthModelDataRegionTests: XCTestCase {
    func testOptionsInDisplayOrderWithLocalizedTitles() throws {
        let cases: [(String, [String])] = [
            ("en", ["European Union", "United States"]),
            ("en-US", ["European Union", "United States"]),
            ("de", ["Europäische Union", "Vereinigte Staaten"]),
            ("de-CH", ["Europäische Union", "Vereinigte Staaten"]),
            ("fr", ["European Union", "United States"]),
        ]
        for (tag, titles) in cases {
            let options = AuthUiModel.dataRegions(locale: try XCTUnwrap(LocaleTag(tag)), selected: nil)
            XCTAssertEqual(options.map(\.region), [.eu, .us], tag)
            XCTAssertEqual(options.map(\.title), titles, tag)
            XCTAssertEqual(options.map(\.selected), [false, false], tag)
        }
    }

    func testSelectedMarksTheRegionPickedSoFar() {
        XCTAssertEqual(AuthUiModel.dataRegions(locale: .english, selected: .eu).map(\.selected), [true, false])
        XCTAssertEqual(AuthUiModel.dataRegions(locale: .english, selected: .us).map(\.selected), [false, true])
        let model = AuthUiModel(flow: .idle, dataRegion: .us, locale: .english)
        XCTAssertEqual(model.dataRegion, .us)
        XCTAssertEqual(model.dataRegions, AuthUiModel.dataRegions(locale: .english, selected: .us))
    }

    func testOptionShape() throws {
        try assertWire(
            DataRegionOption(region: .eu, title: "Europäische Union", selected: true),
            #"{"region":{"type":"EU"},"title":"Europäische Union","selected":true}"#)
        XCTAssertNil(AuthUiModel(locale: .english).json["dataRegion"], "no region picked: the field is left out")
    }
}
