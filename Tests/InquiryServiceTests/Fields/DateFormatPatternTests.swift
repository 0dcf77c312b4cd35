import XCTest

@testable import InquiryService

final class DateFormatPatternTests: XCTestCase {
    private func date(_ iso: String) throws -> LocalDate { try XCTUnwrap(LocalDate(iso: iso)) }

    func testReadsEachFormatsOrder() throws {
        XCTAssertEqual(try XCTUnwrap(DateFormatPattern("DD.MM.YYYY")).read("12.03.2024"), .date(try date("2024-03-12")))
        XCTAssertEqual(try XCTUnwrap(DateFormatPattern("MM/DD/YYYY")).read("03/12/2024"), .date(try date("2024-03-12")))
        XCTAssertEqual(try XCTUnwrap(DateFormatPattern("YYYY-MM-DD")).read("2024-03-12"), .date(try date("2024-03-12")))
    }

    func testIncompleteTextIsIncompleteNotNonexistent() throws {
        let format = try XCTUnwrap(DateFormatPattern("DD.MM.YYYY"))
        for text in ["", "1", "12.", "12.03.", "12.03.202"] {
            XCTAssertEqual(format.read(text), .incomplete, text)
        }
    }

    func testACompleteDateThatDoesNotExist() throws {
        let format = try XCTUnwrap(DateFormatPattern("DD.MM.YYYY"))
        for text in ["31.02.2024", "29.02.2023", "01.13.2024", "00.01.2024", "01.00.2024", "01.01.0000"] {
            XCTAssertEqual(format.read(text), .doesNotExist, text)
        }
        XCTAssertEqual(format.read("29.02.2024"), .date(try date("2024-02-29")))
    }

    func testTextThatDoesNotFitTheFormatIsMalformed() throws {
        let format = try XCTUnwrap(DateFormatPattern("DD.MM.YYYY"))
        XCTAssertEqual(format.read("1a.03.2024"), .malformed)
        XCTAssertEqual(format.read("12303.2024"), .malformed)
        XCTAssertEqual(format.read("12.03.20245"), .malformed)
    }

    func testAnySeparatorIsAcceptedAtASeparatorPosition() throws {
        XCTAssertEqual(try XCTUnwrap(DateFormatPattern("DD.MM.YYYY")).read("12/03/2024"), .date(try date("2024-03-12")))
    }

    func testAFormatNeedsEachTokenOnce() {
        XCTAssertNil(DateFormatPattern("DD.MM"))
        XCTAssertNil(DateFormatPattern("DD.MM.YY"))
        XCTAssertNil(DateFormatPattern("DD.DD.YYYY"))
        XCTAssertNil(DateFormatPattern("D.MM.YYYY"))
        XCTAssertNotNil(DateFormatPattern("dd.mm.yyyy"))
    }

    /// Found by the date fuzz target (Fuzz/Corpus/date/regression-multi-character-upper-case): a format character
    /// whose upper case is more than one character (`ß` gives `SS`; U+FFFD with a combining ypogegrammeni gives
    /// two) stopped the process where the format was read.
    func testAFormatCharacterWhoseUpperCaseIsSeveralCharactersIsASeparator() throws {
        let sharpS = try XCTUnwrap(DateFormatPattern("DD.MM.YYYYß"))
        XCTAssertEqual(sharpS.maskPattern, "##.##.####ß")
        XCTAssertEqual(sharpS.read("12.03.2024x"), .date(try date("2024-03-12")))
        XCTAssertNil(DateFormatPattern("ßDD.MM"))
        let combining = try XCTUnwrap(DateFormatPattern("YYYY-MM-\u{FFFD}\u{345}DD"))
        XCTAssertEqual(combining.read("2024-03-x12"), .date(try date("2024-03-12")))
    }

    func testMaskPatternAndFormattingFollowTheFormat() throws {
        let format = try XCTUnwrap(DateFormatPattern("MM/DD/YYYY"))
        XCTAssertEqual(format.maskPattern, "##/##/####")
        XCTAssertEqual(format.format(try date("2026-03-01")), "03/01/2026")
    }

    func testMaskedTextReadsThroughTheMask() throws {
        let format = try XCTUnwrap(DateFormatPattern("DD.MM.YYYY"))
        let mask = MaskFormatter(pattern: format.maskPattern, maxLength: 10)
        XCTAssertEqual(format.read(mask.apply("01032026")), .date(try date("2026-03-01")))
    }
}
