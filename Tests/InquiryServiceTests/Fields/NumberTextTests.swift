import XCTest

@testable import InquiryService

final class NumberTextTests: XCTestCase {
    func testIntegersAndDecimalsParse() {
        XCTAssertEqual(NumberText.parse("12"), 12)
        XCTAssertEqual(NumberText.parse("-3.5"), -3.5)
        XCTAssertEqual(NumberText.parse("+7"), 7)
        XCTAssertEqual(NumberText.parse("0.25"), 0.25)
    }

    func testACommaIsADecimalSeparator() {
        XCTAssertEqual(NumberText.parse("1,5"), 1.5)
        XCTAssertEqual(NumberText.parse("-0,75"), -0.75)
    }

    func testASeparatorMayStartOrEndTheNumber() {
        XCTAssertEqual(NumberText.parse(".5"), 0.5)
        XCTAssertEqual(NumberText.parse("5."), 5)
    }

    func testSurroundingWhiteSpaceIsIgnored() {
        XCTAssertEqual(NumberText.parse("  42 "), 42)
    }

    func testTheUnicodeMinusAndOtherScriptsDigitsParse() {
        XCTAssertEqual(NumberText.parse("−2"), -2)
        XCTAssertEqual(NumberText.parse("٤٢"), 42)
    }

    func testTextThatIsNotANumberGivesNil() {
        for text in [
            "", " ", "-", ".", ",", "abc", "12a", "1,000.5", "1.2.3", "1 000", "1e5", "inf", "nan", "--1", "0x10",
        ] {
            XCTAssertNil(NumberText.parse(text), text)
        }
    }

    func testANumberTooLargeForADoubleGivesNil() {
        XCTAssertNil(NumberText.parse(String(repeating: "9", count: 400)))
    }
}
