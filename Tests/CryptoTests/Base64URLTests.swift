import Crypto
import XCTest

final class Base64URLTests: XCTestCase {
    // RFC 4648 §10, without padding.
    private let rfc4648 = [
        ("", ""), ("f", "Zg"), ("fo", "Zm8"), ("foo", "Zm9v"),
        ("foob", "Zm9vYg"), ("fooba", "Zm9vYmE"), ("foobar", "Zm9vYmFy"),
    ]

    func testRFC4648VectorsEncodeWithoutPaddingAndDecodeBack() throws {
        for (plain, encoded) in rfc4648 {
            XCTAssertEqual(Base64URL.encode(Array(plain.utf8)), encoded)
            XCTAssertEqual(try Base64URL.decode(encoded), Array(plain.utf8), encoded)
        }
    }

    func testUsesTheURLSafeAlphabet() throws {
        XCTAssertEqual(Base64URL.encode([0xfb, 0xff, 0xbf]), "-_-_")
        XCTAssertEqual(try Base64URL.decode("-_-_"), [0xfb, 0xff, 0xbf])
        let all = [UInt8](0...255)
        XCTAssertEqual(try Base64URL.decode(Base64URL.encode(all)), all)
    }

    func testRejectsCharactersOutsideTheURLSafeAlphabet() {
        for text in ["+_-_", "-/-_", "Zm 9v", "Zm9v\n", "Zm9é", "Zm.v"] {
            assertThrows(try Base64URL.decode(text), .malformedBase64URL)
        }
    }

    func testRejectsPaddingAnywhere() {
        for text in ["Zg=v", "Z=9v", "Zg==", "Zm8=", "=Zm9"] {
            assertThrows(try Base64URL.decode(text), .malformedBase64URL)
        }
    }

    func testRejectsImpossibleLengthAndNonCanonicalTrailingBits() {
        assertThrows(try Base64URL.decode("Z"), .malformedBase64URL)
        assertThrows(try Base64URL.decode("Zm9vY"), .malformedBase64URL)
        // "Zh" would decode to "f" but leaves non-zero unused bits.
        assertThrows(try Base64URL.decode("Zh"), .malformedBase64URL)
    }
}
