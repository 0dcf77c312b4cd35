import PhoneNumbers
import XCTest

final class AsYouTypeTests: XCTestCase {
    private let formatter = PhoneNumberFormatter()

    /// The text after each keystroke of `digits`.
    private func keystrokes(_ digits: String, region code: String) throws -> [String] {
        let region = try region(code)
        return try digits.indices.map { end throws(PhoneNumberError) in
            try formatter.asYouType(String(digits[...end]), region: region)
        }
    }

    func testSwissNumberIsGroupedAfterEachKeystroke() throws {
        XCTAssertEqual(
            try keystrokes("0446681800", region: "CH"),
            [
                "0", "04", "044", "044 6", "044 66", "044 668", "044 668 1", "044 668 18", "044 668 18 0",
                "044 668 18 00",
            ])
    }

    func testGermanMobileAndBerlinNumbersAreGroupedAfterEachKeystroke() throws {
        XCTAssertEqual(
            try keystrokes("015123456789", region: "DE"),
            [
                "0", "01", "015", "0151", "01512", "01512 3", "01512 34", "01512 345", "01512 3456", "01512 34567",
                "01512 345678", "01512 3456789",
            ])
        XCTAssertEqual(try formatter.asYouType("030123456", region: try region("DE")), "030 123456")
    }

    func testUSNumberGetsItsParenthesesOnceTheNumberIsLongEnough() throws {
        XCTAssertEqual(
            try keystrokes("6502530000", region: "US"),
            [
                "6", "65", "650", "650-2", "650-25", "650-253", "650-2530", "(650) 253-00", "(650) 253-000",
                "(650) 253-0000",
            ])
        XCTAssertEqual(try formatter.asYouType("16502530000", region: try region("US")), "1 (650) 253-0000")
    }

    func testBritishLondonAndMobileNumbersAreGrouped() throws {
        let britain = try region("GB")
        XCTAssertEqual(
            try keystrokes("02079460000", region: "GB"),
            [
                "0", "02", "020", "020 7", "020 79", "020 794", "020 7946", "020 7946 0", "020 7946 00",
                "020 7946 000", "020 7946 0000",
            ])
        XCTAssertEqual(try formatter.asYouType("07400123456", region: britain), "07400 123456")
    }

    func testFormattedTextFedBackWithTheNextDigitFormatsLikeTheDigitsAlone() throws {
        let switzerland = try region("CH")
        var shown = ""
        for digit in "0791234567" {
            shown = try formatter.asYouType(shown + String(digit), region: switzerland)
        }
        XCTAssertEqual(shown, "079 123 45 67")
        let us = try region("US")
        XCTAssertEqual(try formatter.asYouType("(650) 253-000" + "0", region: us), "(650) 253-0000")
    }

    func testSpacesDashesDotsSlashesAndParenthesesTypedByThePersonAreIgnored() throws {
        let switzerland = try region("CH")
        for typed in [
            "044 668 18 00", "044-668-18-00", "044.668.18.00", "044/668 18 00", "(044) 668 18 00", " 0446681800 ",
        ] {
            XCTAssertEqual(try formatter.asYouType(typed, region: switzerland), "044 668 18 00", typed)
        }
        XCTAssertEqual(
            try formatter.asYouType("044\u{00A0}668\u{2013}18\u{2009}00", region: switzerland), "044 668 18 00")
    }

    func testDigitsOfOtherScriptsCountAsDigits() throws {
        let switzerland = try region("CH")
        XCTAssertEqual(try formatter.asYouType("０４４６６８１８００", region: switzerland), "044 668 18 00")
        XCTAssertEqual(try formatter.asYouType("٠٤٤٦٦٨١٨٠٠", region: switzerland), "044 668 18 00")
    }

    func testLettersPlusSignsAndOtherSymbolsAreRejectedWithTheCharacter() throws {
        let switzerland = try region("CH")
        XCTAssertEqual(
            assertThrows(try formatter.asYouType("044a", region: switzerland), .invalidCharacter)?.character, "a")
        XCTAssertEqual(
            assertThrows(try formatter.asYouType("+41 44", region: switzerland), .invalidCharacter)?.character, "+")
        XCTAssertEqual(
            assertThrows(try formatter.asYouType("044#", region: switzerland), .invalidCharacter)?.character, "#")
        XCTAssertEqual(
            assertThrows(try formatter.asYouType("04\u{0}4", region: switzerland), .invalidCharacter)?.character,
            "\u{0}")
        XCTAssertEqual(
            assertThrows(try formatter.asYouType("²", region: switzerland), .invalidCharacter)?.character, "²")
        let error = assertThrows(try formatter.asYouType("0\u{7}", region: switzerland), .invalidCharacter)
        XCTAssertEqual(error?.description, "phone number input has U+0007, which is neither a digit nor a separator")
    }

    func testEmptyInputOrSeparatorsAloneShowNothing() throws {
        let switzerland = try region("CH")
        XCTAssertEqual(try formatter.asYouType("", region: switzerland), "")
        XCTAssertEqual(try formatter.asYouType(" - ( ) ", region: switzerland), "")
    }

    func testInputIsBoundedAtSixtyFourCharactersWithAClearError() throws {
        let switzerland = try region("CH")
        let longest = String(repeating: "1", count: PhoneNumberFormatter.maxInputLength)
        XCTAssertEqual(PhoneNumberFormatter.maxInputLength, 64)
        XCTAssertEqual(
            try formatter.asYouType(longest, region: switzerland), longest, "digits no pattern fits stay as typed")
        let error = assertThrows(try formatter.asYouType(longest + "1", region: switzerland), .inputTooLong)
        XCTAssertEqual(error?.description, "phone number input longer than 64 characters")
        assertThrows(try formatter.asYouType(String(repeating: " ", count: 65), region: switzerland), .inputTooLong)
    }

    func testHugeInputFailsWithoutCrashing() throws {
        let huge = String(repeating: "0123456789", count: 1_000_000)
        assertThrows(try formatter.asYouType(huge, region: try region("DE")), .inputTooLong)
        assertThrows(try formatter.asYouType(huge + "x", region: try region("DE")), .inputTooLong)
    }

    func testSwissNumberWithoutItsNationalPrefixStaysUnformatted() throws {
        // libphonenumber applies the Swiss patterns only after the national prefix 0.
        XCTAssertEqual(try formatter.asYouType("446681800", region: try region("CH")), "446681800")
    }

    func testInternationalPrefixSwitchesToTheDialledCountry() throws {
        XCTAssertEqual(try formatter.asYouType("0049301234567", region: try region("CH")), "00 49 30 1234567")
        XCTAssertEqual(try formatter.asYouType("011 41 446681800", region: try region("US")), "011 41 44 668 18 00")
    }
}
