import PhoneNumbers
import XCTest

final class E164Tests: XCTestCase {
    private let formatter = PhoneNumberFormatter()

    func testNationalNumbersOfSeveralRegionsBecomeE164() throws {
        let cases: [(region: String, national: String, e164: String)] = [
            ("CH", "044 668 18 00", "+41446681800"),
            ("CH", "079 123 45 67", "+41791234567"),
            ("DE", "030 123456", "+4930123456"),
            ("DE", "01512 3456789", "+4915123456789"),
            ("US", "(650) 253-0000", "+16502530000"),
            ("GB", "020 7946 0000", "+442079460000"),
            ("GB", "07400 123456", "+447400123456"),
        ]
        for (code, national, e164) in cases {
            XCTAssertEqual(
                try formatter.e164(national: national, region: try region(code)), e164, "\(code) \(national)")
        }
    }

    func testLeadingNationalPrefixIsOptional() throws {
        let switzerland = try region("CH")
        XCTAssertEqual(try formatter.e164(national: "0446681800", region: switzerland), "+41446681800")
        XCTAssertEqual(try formatter.e164(national: "446681800", region: switzerland), "+41446681800")
        let germany = try region("DE")
        XCTAssertEqual(try formatter.e164(national: "030 123456", region: germany), "+4930123456")
        XCTAssertEqual(try formatter.e164(national: "30 123456", region: germany), "+4930123456")
        let us = try region("US")
        XCTAssertEqual(try formatter.e164(national: "1 650 253 0000", region: us), "+16502530000")
    }

    func testNumberTypedWithSpacesDashesAndParenthesesGivesTheSameNumber() throws {
        let switzerland = try region("CH")
        for typed in [
            "0446681800", "044 668 18 00", "044-668-18-00", "(044) 668 18 00", "044.668.18.00", "044/6681800",
        ] {
            XCTAssertEqual(try formatter.e164(national: typed, region: switzerland), "+41446681800", typed)
        }
    }

    func testParseGivesInternationalAndNationalFormatsToo() throws {
        let number = try formatter.parse(national: "0446681800", region: try region("CH"))
        XCTAssertEqual(number.region, try region("CH"))
        XCTAssertEqual(number.e164, "+41446681800")
        XCTAssertEqual(number.international, "+41 44 668 18 00")
        XCTAssertEqual(number.national, "044 668 18 00")
        XCTAssertEqual(number.countryCode, 41)
        XCTAssertTrue(number.validity.isValid)
        let us = try formatter.parse(national: "6502530000", region: try region("US"))
        XCTAssertEqual(us.international, "+1 650-253-0000")
        XCTAssertEqual(us.national, "(650) 253-0000")
    }

    func testNumbersTooShortForTheirCountryAreRejected() throws {
        let switzerland = try region("CH")
        assertThrows(try formatter.e164(national: "1", region: switzerland), .tooShort)
        assertThrows(try formatter.e164(national: "0", region: switzerland), .tooShort)
        assertThrows(try formatter.e164(national: "044", region: switzerland), .tooShort)
        assertThrows(try formatter.e164(national: "044 668", region: switzerland), .tooShort)
        assertThrows(try formatter.e164(national: "00 1", region: switzerland), .tooShort)
    }

    func testLocalNumberWithoutAreaCodeIsTooShortForE164ButParses() throws {
        let us = try region("US")
        assertThrows(try formatter.e164(national: "253-0000", region: us), .tooShort)
        XCTAssertEqual(try formatter.parse(national: "253-0000", region: us).validity.possibility, .possibleLocalOnly)
    }

    func testNumbersTooLongOrOfNoValidLengthAreRejected() throws {
        let switzerland = try region("CH")
        assertThrows(try formatter.e164(national: "04466818001", region: switzerland), .invalidLength)
        assertThrows(try formatter.e164(national: "044 668 18 00 12345678", region: switzerland), .tooLong)
        assertThrows(try formatter.e164(national: "01512345678901234", region: try region("DE")), .tooLong)
        let fortyDigits = String(repeating: "0123456789", count: 4)
        assertThrows(try formatter.e164(national: fortyDigits, region: switzerland), .tooLong)
        assertThrows(try formatter.parse(national: fortyDigits, region: switzerland), .tooLong)
    }

    func testInputWithoutDigitsIsNotANumber() throws {
        let switzerland = try region("CH")
        assertThrows(try formatter.e164(national: "", region: switzerland), .notANumber)
        assertThrows(try formatter.e164(national: " ( ) - ", region: switzerland), .notANumber)
        assertThrows(try formatter.parse(national: "", region: switzerland), .notANumber)
        assertThrows(try formatter.validity(national: "", region: switzerland), .notANumber)
    }

    func testNonDigitsAndOverlongInputAreRejectedBeforeParsing() throws {
        let switzerland = try region("CH")
        XCTAssertEqual(
            assertThrows(try formatter.e164(national: "+41446681800", region: switzerland), .invalidCharacter)?
                .character, "+")
        assertThrows(try formatter.e164(national: "044 668 18 OO", region: switzerland), .invalidCharacter)
        assertThrows(try formatter.parse(national: "tel:0446681800", region: switzerland), .invalidCharacter)
        assertThrows(
            try formatter.e164(national: String(repeating: "4", count: 65), region: switzerland), .inputTooLong)
        assertThrows(
            try formatter.validity(national: String(repeating: "4", count: 500_000), region: switzerland), .inputTooLong
        )
    }

    func testInternationalPrefixDialsAnotherCountry() throws {
        let switzerland = try region("CH")
        XCTAssertEqual(try formatter.e164(national: "0041 44 668 18 00", region: switzerland), "+41446681800")
        let german = try formatter.parse(national: "0049 30 123456", region: switzerland)
        XCTAssertEqual(german.e164, "+4930123456")
        XCTAssertEqual(german.countryCode, 49)
        XCTAssertTrue(german.validity.isValid)
        XCTAssertFalse(german.validity.isValidForRegion, "a German number is not valid for CH")
    }

    func testInternationalPrefixWithoutACountryIsAnInvalidCountryCode() throws {
        let error = assertThrows(
            try formatter.e164(national: "00999 123456", region: try region("CH")), .invalidCountryCode)
        XCTAssertEqual(error?.description, "phone number dials a country calling code that does not exist")
    }
}
