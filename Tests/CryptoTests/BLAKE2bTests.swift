import Crypto
import XCTest

final class BLAKE2bTests: XCTestCase {
    func testEmptyInputWith64ByteOutputMatchesKnownAnswer() throws {
        let expected = try hex(
            "786a02f742015903c6c6fd852552d272912f4740e15847618a86e217f71f5419d25e1031afee585313896444934eb04b903a685b1448b755d56f701afe9be2ce"
        )
        XCTAssertEqual(try BLAKE2b.hash([], length: 64), expected)
    }

    func testABCWith64ByteOutputMatchesRFC7693() throws {
        let expected = try hex(
            "ba80a53f981c4d0d6a2797b69f12f6e94c212f14685ac4b74b12bb6fdbffa2d17d87c5392aab792dc252d5de4533cc9518d38aa8dbf1925ab92386edd4009923"
        )
        XCTAssertEqual(try BLAKE2b.hash(Array("abc".utf8), length: 64), expected)
    }

    func testKeyedHashDiffersFromUnkeyedAndBetweenKeys() throws {
        let data = Array("document body".utf8)
        let plain = try BLAKE2b.hash(data)
        let keyedA = try BLAKE2b.hash(data, key: [UInt8](repeating: 1, count: 32))
        let keyedB = try BLAKE2b.hash(data, key: [UInt8](repeating: 2, count: 32))
        XCTAssertEqual(plain.count, 32)
        XCTAssertNotEqual(plain, keyedA)
        XCTAssertNotEqual(keyedA, keyedB)
        XCTAssertEqual(keyedA, try BLAKE2b.hash(data, key: [UInt8](repeating: 1, count: 32)))
    }

    func testOutputAndKeyLengthsAreBounded() {
        assertThrows(try BLAKE2b.hash([], length: 15), .invalidLength)
        assertThrows(try BLAKE2b.hash([], length: 65), .invalidLength)
        assertThrows(try BLAKE2b.hash([], key: [UInt8](repeating: 1, count: 8)), .invalidKeyLength)
        assertThrows(try BLAKE2b.hash([], key: [UInt8](repeating: 1, count: 65)), .invalidKeyLength)
    }
}

final class BLAKE2bHasherTests: XCTestCase {
    func testInputGivenInPiecesHashesAsTheWholeInputHashedAtOnce() throws {
        let data = (0..<10_000).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) }
        for pieceSize in [1, 7, 128, 129, 4_096, 10_000] {
            let hasher = try BLAKE2b.Hasher(length: 64)
            var start = 0
            while start < data.count {
                let end = min(start + pieceSize, data.count)
                try hasher.update(Array(data[start..<end]))
                start = end
            }
            XCTAssertEqual(try hasher.finalize(), try BLAKE2b.hash(data, length: 64), "pieces of \(pieceSize)")
        }
    }

    func testNoInputGivesTheKnownAnswerOfTheEmptyInput() throws {
        let expected = try hex(
            "786a02f742015903c6c6fd852552d272912f4740e15847618a86e217f71f5419d25e1031afee585313896444934eb04b903a685b1448b755d56f701afe9be2ce"
        )
        XCTAssertEqual(try BLAKE2b.Hasher(length: 64).finalize(), expected)
    }

    func testAHasherGivesOneDigestAndTakesNoInputAfterIt() throws {
        let hasher = try BLAKE2b.Hasher()
        try hasher.update(Array("abc".utf8))
        XCTAssertEqual(try hasher.finalize(), try BLAKE2b.hash(Array("abc".utf8)))
        assertThrows(try hasher.update([1]), .operationFailed)
        assertThrows(try hasher.finalize(), .operationFailed)
    }

    func testItsOutputLengthIsBounded() {
        assertThrows(try BLAKE2b.Hasher(length: 15), .invalidLength)
        assertThrows(try BLAKE2b.Hasher(length: 65), .invalidLength)
    }
}
