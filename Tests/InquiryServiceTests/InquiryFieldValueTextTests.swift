import FolioModel
import XCTest

@testable import InquiryService

/// What a TEXT edit may carry (docs/inquiry-store.md "InquiryFieldValue": TEXT is taken by TEXT_AREA too).
final class InquiryFieldValueTextTests: XCTestCase {
    private func text(_ text: String) throws -> InquiryFieldValue {
        try InquiryFieldValue(json: ["type": "TEXT", "value": ["text": .string(text)]], path: "value")
    }

    func testRuleTypedTextKeepsTheLineBreaksAndTabsOfATextArea() throws {
        XCTAssertEqual(try text("Line one\nLine two\r\n\tindented"), .text(text: "Line one\nLine two\r\n\tindented"))
        XCTAssertEqual(try text(""), .text(text: ""), "a cleared field")
    }

    func testRuleTypedTextRefusesOtherControlCharactersWithThePath() {
        for refused in ["a\u{0}b", "bell\u{7}", "esc\u{1B}[0m", "del\u{7F}", "c1\u{85}"] {
            XCTAssertThrowsError(try text(refused), refused.debugDescription) {
                XCTAssertTrue(String(describing: $0).hasPrefix("value.value.text:"), "\($0)")
            }
        }
        XCTAssertThrowsError(try text(String(repeating: "x", count: 4097)), "still bounded")
    }
}
