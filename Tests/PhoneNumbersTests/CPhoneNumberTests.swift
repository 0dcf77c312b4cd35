import CPhoneNumber
import XCTest

/// The contract of the C API itself (cphonenumber.h), for C callers that skip the Swift module.
final class CPhoneNumberTests: XCTestCase {
    private func asYouType(_ region: String?, _ input: [UInt8], size: Int = 64) -> (
        status: Int32, text: String, length: Int
    ) {
        var out = [CChar](repeating: 0x7F, count: size)
        var length = -1
        let status = input.withUnsafeBufferPointer { bytes in
            bytes.withMemoryRebound(to: CChar.self) { input in
                out.withUnsafeMutableBufferPointer { buffer in
                    if let region {
                        cphone_as_you_type(
                            region, input.baseAddress, input.count, buffer.baseAddress, buffer.count, &length)
                    } else {
                        cphone_as_you_type(
                            nil, input.baseAddress, input.count, buffer.baseAddress, buffer.count, &length)
                    }
                }
            }
        }
        let end = out.firstIndex(of: 0) ?? 0
        return (status, String(decoding: out[..<end].map { UInt8(bitPattern: $0) }, as: UTF8.self), length)
    }

    func testTextIsWrittenNulTerminatedWithItsLength() {
        let result = asYouType("CH", Array("0446681800".utf8))
        XCTAssertEqual(result.status, CPHONE_OK)
        XCTAssertEqual(result.text, "044 668 18 00")
        XCTAssertEqual(result.length, 13)
    }

    func testBufferTooSmallReportsTheLengthNeededAndWritesNothingPartial() {
        let tooSmall = asYouType("CH", Array("0446681800".utf8), size: 13)
        XCTAssertEqual(tooSmall.status, CPHONE_BUFFER_TOO_SMALL)
        XCTAssertEqual(tooSmall.length, 13, "the length without the NUL")
        let exact = asYouType("CH", Array("0446681800".utf8), size: 14)
        XCTAssertEqual(exact.status, CPHONE_OK)
        XCTAssertEqual(exact.text, "044 668 18 00")
    }

    func testRegionMustBeASupportedUpperCaseCode() {
        XCTAssertEqual(asYouType("ch", Array("044".utf8)).status, CPHONE_UNKNOWN_REGION)
        XCTAssertEqual(asYouType("XX", Array("044".utf8)).status, CPHONE_UNKNOWN_REGION)
        XCTAssertEqual(asYouType("CHE", Array("044".utf8)).status, CPHONE_UNKNOWN_REGION)
        XCTAssertEqual(asYouType(nil, Array("044".utf8)).status, CPHONE_UNKNOWN_REGION)
        XCTAssertEqual(cphone_is_supported_region("CH"), 1)
        XCTAssertEqual(cphone_is_supported_region("ch"), 0)
        XCTAssertEqual(cphone_is_supported_region(nil), 0)
        var code: Int32 = -1
        XCTAssertEqual(cphone_country_code("001", &code), CPHONE_UNKNOWN_REGION)
        XCTAssertEqual(cphone_country_code("CH", &code), CPHONE_OK)
        XCTAssertEqual(code, 41)
    }

    func testInputAcceptsAsciiDigitsAndSeparatorsOnly() {
        XCTAssertEqual(asYouType("CH", Array("(044) 668-18.00/".utf8)).text, "044 668 18 00")
        XCTAssertEqual(asYouType("CH", Array("+41".utf8)).status, CPHONE_INVALID_CHARACTER)
        XCTAssertEqual(asYouType("CH", [0x30, 0x00, 0x34]).status, CPHONE_INVALID_CHARACTER, "an embedded NUL")
        XCTAssertEqual(asYouType("CH", Array("０".utf8)).status, CPHONE_INVALID_CHARACTER, "non-ASCII digits")
        XCTAssertEqual(asYouType("CH", [0xFF]).status, CPHONE_INVALID_CHARACTER, "bytes that are not UTF-8")
    }

    func testInputIsBoundedInBytes() {
        XCTAssertEqual(
            asYouType("CH", Array(repeating: 0x31, count: Int(CPHONE_MAX_INPUT_LENGTH)), size: 128).status, CPHONE_OK)
        XCTAssertEqual(
            asYouType("CH", Array(repeating: 0x31, count: Int(CPHONE_MAX_INPUT_LENGTH) + 1)).status,
            CPHONE_INPUT_TOO_LONG)
    }

    func testNullPointersAndUnknownConstantsAreInvalidArguments() {
        var out = [CChar](repeating: 0, count: 32)
        var length = 0
        XCTAssertEqual(cphone_country_code("CH", nil), CPHONE_INVALID_ARGUMENT)
        XCTAssertEqual(cphone_as_you_type("CH", nil, 3, &out, out.count, &length), CPHONE_INVALID_ARGUMENT)
        XCTAssertEqual(
            cphone_as_you_type("CH", nil, 0, &out, out.count, &length), CPHONE_OK, "no input at all is empty")
        XCTAssertEqual(cphone_format("CH", "0446681800", 10, 99, &out, out.count, &length), CPHONE_INVALID_ARGUMENT)
        XCTAssertEqual(cphone_check("CH", "0446681800", 10, nil), CPHONE_INVALID_ARGUMENT)
        XCTAssertEqual(
            cphone_example_number("CH", 99, CPHONE_FORMAT_E164, &out, out.count, &length), CPHONE_INVALID_ARGUMENT)
        XCTAssertEqual(
            cphone_example_number("CH", CPHONE_TYPE_MOBILE, -1, &out, out.count, &length), CPHONE_INVALID_ARGUMENT)
        XCTAssertEqual(
            cphone_format("CH", "0446681800", 10, CPHONE_FORMAT_E164, nil, 0, &length), CPHONE_BUFFER_TOO_SMALL)
        XCTAssertEqual(length, 12, "the length needed, even without a buffer")
    }

    func testFormatsAndChecksThroughTheCApi() {
        var out = [CChar](repeating: 0, count: 64)
        var length = 0
        XCTAssertEqual(
            cphone_format("CH", "0446681800", 10, CPHONE_FORMAT_RFC3966, &out, out.count, &length), CPHONE_OK)
        XCTAssertEqual(
            String(decoding: out.prefix(length).map { UInt8(bitPattern: $0) }, as: UTF8.self), "tel:+41-44-668-18-00")
        var validity = cphone_validity()
        XCTAssertEqual(cphone_check("CH", "0791234567", 10, &validity), CPHONE_OK)
        XCTAssertEqual(validity.country_code, 41)
        XCTAssertEqual(validity.possible, CPHONE_POSSIBLE)
        XCTAssertEqual(validity.valid, 1)
        XCTAssertEqual(validity.valid_for_region, 1)
        XCTAssertEqual(validity.type, CPHONE_TYPE_MOBILE)
        XCTAssertEqual(cphone_check("CH", "7", 1, &validity), CPHONE_TOO_SHORT)
        XCTAssertEqual(cphone_check("CH", "  ", 2, &validity), CPHONE_NOT_A_NUMBER)
        XCTAssertEqual(
            cphone_example_number("CH", CPHONE_TYPE_VOIP, CPHONE_FORMAT_E164, &out, out.count, &length),
            CPHONE_NO_EXAMPLE)
    }
}
