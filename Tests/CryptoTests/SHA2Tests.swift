import Crypto
import XCTest

/// FIPS 180-4 example vectors for SHA-256 and SHA-512.
final class SHA2Tests: XCTestCase {
    func testSHA256FIPSVectors() {
        XCTAssertEqual(Hex.encode(SHA256.hash(Array("abc".utf8))), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        XCTAssertEqual(Hex.encode(SHA256.hash([])), "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
    }

    func testSHA512FIPSVectors() {
        XCTAssertEqual(
            Hex.encode(SHA512.hash(Array("abc".utf8))),
            "ddaf35a193617abacc417349ae20413112e6fa4e89a97ea20a9eeee64b55d39a2192992a274fc1a836ba3c23a3feebbd454d4423643ce80e2a9ac94fa54ca49f")
    }
}
