import PhoneNumbers
import XCTest

final class PhoneRegionTests: XCTestCase {
    func testRegionCodeIsUpperCasedAndCarriesItsCountryCallingCode() throws {
        let switzerland = try region("ch")
        XCTAssertEqual(switzerland.code, "CH")
        XCTAssertEqual(switzerland.description, "CH")
        XCTAssertEqual(switzerland.countryCode, 41)
        XCTAssertEqual(try region("DE").countryCode, 49)
        XCTAssertEqual(try region("Gb").countryCode, 44)
        XCTAssertEqual(try region("US").countryCode, 1)
        XCTAssertEqual(try region("CA").countryCode, 1, "NANPA regions share the calling code 1")
    }

    func testFormatterReportsTheCountryCallingCodeOfARegion() throws {
        XCTAssertEqual(PhoneNumberFormatter().countryCode(region: try region("CH")), 41)
        XCTAssertEqual(PhoneNumberFormatter().countryCode(region: try region("LI")), 423)
    }

    func testRegionsWithoutNumberingDataOrNotTwoLettersAreUnknown() {
        for code in ["XX", "ZZ", "001", "", "C", "CHE", "C1", "Ç", "ÇH", "C H", "CH\0", "\u{1F1E8}\u{1F1ED}"] {
            assertThrows(try PhoneRegion(code), .unknownRegion)
            XCTAssertFalse(PhoneRegion.isSupported(code), "\(code)")
        }
        XCTAssertTrue(PhoneRegion.isSupported("ch"))
        XCTAssertTrue(PhoneRegion.isSupported("DE"))
    }

    func testUnknownRegionErrorNamesTheCodeButStaysShortForHugeCodes() {
        let named = assertThrows(try PhoneRegion("xx"), .unknownRegion)
        XCTAssertEqual(named?.description, "unknown phone region \"XX\"")
        let huge = assertThrows(try PhoneRegion(String(repeating: "A", count: 100_000)), .unknownRegion)
        XCTAssertEqual(huge?.description, "unknown phone region \"AAAAAAAA\"")
    }

    func testEqualCodesInAnyCaseAreTheSameRegion() throws {
        XCTAssertEqual(try region("de"), try region("DE"))
        XCTAssertNotEqual(try region("US"), try region("CA"))
    }
}
