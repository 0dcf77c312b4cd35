import Crypto
import XCTest

final class HexTests: XCTestCase {
    func testEncodeIsLowerCaseAndDecodeAcceptsBothCases() throws {
        XCTAssertEqual(Hex.encode([0x00, 0x0f, 0xab, 0xff]), "000fabff")
        XCTAssertEqual(Hex.encode([]), "")
        XCTAssertEqual(try Hex.decode("000fABff"), [0x00, 0x0f, 0xab, 0xff])
        XCTAssertEqual(try Hex.decode(""), [])
    }

    func testDecodeRejectsOddLengthAndNonHexCharacters() {
        for text in ["abc", "zz", "0g", "00 ", " 00", "0x00"] {
            assertThrows(try Hex.decode(text), .malformedHex)
        }
    }
}
