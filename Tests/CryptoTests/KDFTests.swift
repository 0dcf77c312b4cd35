import Crypto
import XCTest

final class KDFTests: XCTestCase {
    private let master = SymmetricKey.random()

    func testDerivationIsDeterministic() throws {
        let first = try KDF.deriveKey(from: master, subkeyID: 1, context: "vaultkey")
        let second = try KDF.deriveKey(from: master, subkeyID: 1, context: "vaultkey")
        XCTAssertEqual(first, second)
        XCTAssertEqual(first.count, 32)
    }

    func testContextSubkeyIDAndMasterSeparateKeys() throws {
        let base = try KDF.deriveKey(from: master, subkeyID: 1, context: "vaultkey")
        XCTAssertNotEqual(base, try KDF.deriveKey(from: master, subkeyID: 1, context: "authsign"))
        XCTAssertNotEqual(base, try KDF.deriveKey(from: master, subkeyID: 2, context: "vaultkey"))
        XCTAssertNotEqual(
            base, try KDF.deriveKey(from: SymmetricKey.random(), subkeyID: 1, context: "vaultkey"))
    }

    func testLengthChangesOutputAndIsBounded() throws {
        let short = try KDF.deriveKey(from: master, subkeyID: 1, context: "vaultkey", length: 16)
        let long = try KDF.deriveKey(from: master, subkeyID: 1, context: "vaultkey", length: 64)
        XCTAssertEqual(short.count, 16)
        XCTAssertEqual(long.count, 64)
        // BLAKE2b personalises on output length, so a shorter key is not a prefix of a longer one.
        XCTAssertNotEqual(Array(long.prefix(16)), short)
        assertThrows(
            try KDF.deriveKey(from: master, subkeyID: 1, context: "vaultkey", length: 15), .invalidLength)
        assertThrows(
            try KDF.deriveKey(from: master, subkeyID: 1, context: "vaultkey", length: 65), .invalidLength)
    }

    func testContextMustBeExactlyEightBytes() {
        assertThrows(try KDF.deriveKey(from: master, subkeyID: 1, context: "short"), .invalidContext)
        assertThrows(
            try KDF.deriveKey(from: master, subkeyID: 1, context: "ninechars"), .invalidContext)
        assertThrows(try KDF.deriveKey(from: master, subkeyID: 1, context: ""), .invalidContext)
        // "é" is two UTF-8 bytes: seven characters, eight bytes, accepted.
        XCTAssertNoThrow(try KDF.deriveKey(from: master, subkeyID: 1, context: "clé-key"))
    }
}
