import Crypto
import XCTest

final class SHA1Tests: XCTestCase {
    func testFIPSVectors() throws {
        XCTAssertEqual(SHA1.hash(Array("abc".utf8)), try hex("a9993e364706816aba3e25717850c26c9cd0d89d"))
        XCTAssertEqual(SHA1.hash([]), try hex("da39a3ee5e6b4b0d3255bfef95601890afd80709"))
        XCTAssertEqual(
            SHA1.hash(Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8)),
            try hex("84983e441c3bd26ebaae4aa1f95129e5e54670f1"))
    }

    func testOneMillionAs() throws {
        let data = [UInt8](repeating: UInt8(ascii: "a"), count: 1_000_000)
        XCTAssertEqual(SHA1.hash(data), try hex("34aa973cd4c4daa4f61eeb2bdbad27316534016f"))
    }

    func testPaddingBoundaryLengthsGiveDistinctTwentyByteDigests() throws {
        // 55, 56 and 64 bytes straddle the point where the length no longer fits in the last block.
        let digests = [55, 56, 63, 64, 65].map { SHA1.hash([UInt8](repeating: 0x61, count: $0)) }
        XCTAssertTrue(digests.allSatisfy { $0.count == SHA1.digestLength })
        XCTAssertEqual(Set(digests.map(Hex.encode)).count, digests.count)
        // RFC 3174 test 4: "01234567" repeated 80 times (640 bytes, ten full blocks).
        let repeated = Array(
            String(repeating: "0123456701234567012345670123456701234567012345670123456701234567", count: 10).utf8)
        XCTAssertEqual(SHA1.hash(repeated), try hex("dea356a2cddd90c7a7ecedc5ebb563934f460452"))
    }
}
