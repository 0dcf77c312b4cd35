import PhoneNumbers
import XCTest

final class ExampleNumberTests: XCTestCase {
    private let formatter = PhoneNumberFormatter()

    func testExampleMobileNumbersAreValidMobileNumbersOfTheirRegion() throws {
        let expected = ["CH": "078 123 45 67", "DE": "01512 3456789", "GB": "07400 123456", "US": "(201) 555-0123"]
        for (code, national) in expected {
            let region = try region(code)
            let example = try XCTUnwrap(try formatter.exampleNumber(region: region), code)
            XCTAssertEqual(example.national, national)
            XCTAssertEqual(example.region, region)
            XCTAssertTrue(example.validity.isValidForRegion, code)
            XCTAssertTrue([.mobile, .fixedLineOrMobile].contains(example.validity.type), code)
        }
    }

    func testEveryExampleNumberFormatsAsYouTypeToItsNationalFormat() throws {
        for code in ["CH", "DE", "US", "GB"] {
            let region = try region(code)
            for type in PhoneNumberType.allCases {
                guard let example = try formatter.exampleNumber(region: region, type: type) else { continue }
                XCTAssertEqual(
                    try formatter.asYouType(example.national, region: region), example.national, "\(code) \(type)")
                XCTAssertEqual(
                    try formatter.e164(national: example.national, region: region), example.e164, "\(code) \(type)")
                XCTAssertTrue(
                    Self.types(matching: type).contains(example.validity.type),
                    "\(code) \(type): \(example.validity.type)")
            }
        }
    }

    /// The types libphonenumber may report for an example of `type`: regions such as US cannot tell
    /// fixed-line from mobile numbers apart, and an example of either stands for both.
    private static func types(matching type: PhoneNumberType) -> Set<PhoneNumberType> {
        switch type {
        case .fixedLine: [.fixedLine, .fixedLineOrMobile]
        case .mobile: [.mobile, .fixedLineOrMobile]
        case .fixedLineOrMobile: [.fixedLine, .mobile, .fixedLineOrMobile]
        default: [type]
        }
    }

    func testTypeWithoutExampleInTheRegionGivesNil() throws {
        XCTAssertNil(try formatter.exampleNumber(region: try region("CH"), type: .voip))
        XCTAssertNil(try formatter.exampleNumber(region: try region("US"), type: .pager))
        XCTAssertNil(try formatter.exampleNumber(region: try region("GB"), type: .unknown))
    }
}
