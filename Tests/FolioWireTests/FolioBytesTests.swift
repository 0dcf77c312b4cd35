import Crypto
import FolioModel
import FolioWire
import XCTest

/// Bytes travel as canonical unpadded base64url (RFC 4648 §5): the same text libsodium writes and reads.
final class FolioBytesTests: XCTestCase {
    private func decode(_ text: String) throws -> FolioBytes {
        try FolioWireJSON.decode(FolioBytes.self, from: .string(text))
    }

    func testBytesOfEveryLengthWriteWhatLibsodiumWritesAndReadBack() throws {
        var generator = SystemRandomNumberGenerator()
        for length in 0..<70 {
            let bytes = (0..<length).map { _ in UInt8.random(in: 0...255, using: &generator) }
            let text = FolioBytes(bytes).base64URL
            XCTAssertEqual(text, Base64URL.encode(bytes), "length \(length)")
            XCTAssertEqual(try decode(text).bytes, bytes, "length \(length)")
        }
    }

    func testTheRfc4648VectorsInTheUrlAlphabet() throws {
        let vectors = [
            "": "", "f": "Zg", "fo": "Zm8", "foo": "Zm9v", "foob": "Zm9vYg", "fooba": "Zm9vYmE", "foobar": "Zm9vYmFy",
        ]
        for (plain, encoded) in vectors {
            XCTAssertEqual(FolioBytes(Array(plain.utf8)).base64URL, encoded)
            XCTAssertEqual(try decode(encoded).bytes, Array(plain.utf8))
        }
        XCTAssertEqual(FolioBytes([0xFB, 0xFF]).base64URL, "-_8", "- and _ instead of + and /")
    }

    func testPaddingOtherAlphabetsWhitespaceImpossibleLengthsAndNonCanonicalTrailingBitsAreRefused() {
        for text in ["Zg==", "+/8", "-_8=", "Zm 9v", "Z", "Zm9vY", "Zh", "Zm9", "Zm-", "Zm9v\n", "é"] {
            XCTAssertThrowsError(try decode(text), text)
            XCTAssertThrowsError(try Base64URL.decode(text), "libsodium refuses \(text) too")
        }
    }

    func testTheTextInitializerReadsWhatTheDecoderReadsAndRefusesWhatItRefuses() throws {
        XCTAssertEqual(FolioBytes(base64URL: "-_8")?.bytes, [0xFB, 0xFF])
        XCTAssertEqual(FolioBytes(base64URL: "")?.bytes, [])
        for text in ["Zg==", "+/8", "Zm 9v", "Z", "Zh", "é"] {
            XCTAssertNil(FolioBytes(base64URL: text), text)
        }
    }
}
