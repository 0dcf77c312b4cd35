import PhoneNumbers
import XCTest

final class ValidityTests: XCTestCase {
    private let formatter = PhoneNumberFormatter()

    func testValidNumbersReportTheirCountryAndLineType() throws {
        let cases: [(region: String, national: String, countryCode: Int, type: PhoneNumberType)] = [
            ("CH", "044 668 18 00", 41, .fixedLine),
            ("CH", "079 123 45 67", 41, .mobile),
            ("CH", "0800 123 456", 41, .tollFree),
            ("CH", "0900 123 456", 41, .premiumRate),
            ("DE", "01512 3456789", 49, .mobile),
            ("US", "(650) 253-0000", 1, .fixedLineOrMobile),
            ("GB", "07400 123456", 44, .mobile),
        ]
        for (code, national, countryCode, type) in cases {
            let validity = try formatter.validity(national: national, region: try region(code))
            XCTAssertTrue(validity.isValid, "\(code) \(national)")
            XCTAssertTrue(validity.isValidForRegion, "\(code) \(national)")
            XCTAssertTrue(validity.isPossible, "\(code) \(national)")
            XCTAssertEqual(validity.possibility, .possible, "\(code) \(national)")
            XCTAssertEqual(validity.countryCode, countryCode, "\(code) \(national)")
            XCTAssertEqual(validity.type, type, "\(code) \(national)")
        }
    }

    func testNumberOfPossibleLengthOutsideAllocatedRangesIsPossibleButInvalid() throws {
        let validity = try formatter.validity(national: "012 345 67 89", region: try region("CH"))
        XCTAssertTrue(validity.isPossible)
        XCTAssertFalse(validity.isValid)
        XCTAssertFalse(validity.isValidForRegion)
        XCTAssertEqual(validity.type, .unknown)
        XCTAssertEqual(
            try formatter.e164(national: "012 345 67 89", region: try region("CH")), "+41123456789",
            "E.164 checks the length only")
    }

    func testLengthReasonsAreReported() throws {
        let switzerland = try region("CH")
        XCTAssertEqual(try formatter.validity(national: "044", region: switzerland).possibility, .tooShort)
        XCTAssertEqual(try formatter.validity(national: "04466818001", region: switzerland).possibility, .invalidLength)
        XCTAssertEqual(
            try formatter.validity(national: "044668180012345678", region: switzerland).possibility, .tooLong)
        XCTAssertEqual(
            try formatter.validity(national: "2530000", region: try region("US")).possibility, .possibleLocalOnly)
        XCTAssertFalse(try formatter.validity(national: "044", region: switzerland).isPossible)
    }

    func testCanadianNumberTypedForUSIsValidButNotForUS() throws {
        let validity = try formatter.validity(national: "204 234 5678", region: try region("US"))
        XCTAssertTrue(validity.isValid)
        XCTAssertFalse(validity.isValidForRegion)
        XCTAssertTrue(try formatter.validity(national: "204 234 5678", region: try region("CA")).isValidForRegion)
    }
}
