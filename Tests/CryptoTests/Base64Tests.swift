import Crypto
import XCTest

final class Base64Tests: XCTestCase {
    // RFC 4648 §10.
    private let rfc4648 = [
        ("", ""), ("f", "Zg=="), ("fo", "Zm8="), ("foo", "Zm9v"),
        ("foob", "Zm9vYg=="), ("fooba", "Zm9vYmE="), ("foobar", "Zm9vYmFy"),
    ]

    func testRFC4648VectorsEncodeWithPaddingAndDecodeBack() throws {
        for (plain, encoded) in rfc4648 {
            XCTAssertEqual(Base64.encode(Array(plain.utf8)), encoded)
            XCTAssertEqual(try Base64.decode(encoded), Array(plain.utf8), encoded)
        }
    }

    func testUsesTheStandardAlphabetAndAllBytesRoundTrip() throws {
        XCTAssertEqual(Base64.encode([0xfb, 0xff, 0xbf]), "+/+/")
        XCTAssertEqual(try Base64.decode("+/+/"), [0xfb, 0xff, 0xbf])
        let all = [UInt8](0...255)
        XCTAssertEqual(try Base64.decode(Base64.encode(all)), all)
    }

    func testDecodeRejectsURLSafeCharactersWhitespaceAndNonASCII() {
        for text in ["-/+/", "+_+/", "Zm 9v", "Zm9v\n", "Zm9é"] {
            assertThrows(try Base64.decode(text), .malformedBase64)
        }
    }

    func testDecodeRejectsMissingOrMisplacedPaddingAndNonCanonicalTrailingBits() {
        for text in ["Zg", "Zm8", "Z=9v", "=Zm9", "Zg=", "Zm9v=", "Zh=="] {
            assertThrows(try Base64.decode(text), .malformedBase64)
        }
    }
}
