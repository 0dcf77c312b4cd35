import Crypto
import XCTest

final class AEADTests: XCTestCase {
    private let plaintext = Array("account 42: balance 1000".utf8)
    private let recordOne = Array("documents/record/1".utf8)
    private let recordTwo = Array("documents/record/2".utf8)

    func testSealOpenRoundTripAddsNonceAndTag() throws {
        let key = SymmetricKey.random()
        let sealed = try AEAD.seal(plaintext, additionalData: recordOne, key: key)
        XCTAssertEqual(sealed.count, plaintext.count + 24 + 16)
        XCTAssertEqual(AEAD.overhead, 40)
        XCTAssertEqual(try AEAD.open(sealed, additionalData: recordOne, key: key), plaintext)
    }

    func testEmptyPlaintextAndEmptyAdditionalDataRoundTrip() throws {
        let key = SymmetricKey.random()
        let sealed = try AEAD.seal([], additionalData: [], key: key)
        XCTAssertEqual(sealed.count, AEAD.overhead)
        XCTAssertEqual(try AEAD.open(sealed, additionalData: [], key: key), [])
    }

    func testOpenStringReadsThePlaintextAsStringDecodingDoesAndRefusesWhatOpenRefuses() throws {
        let key = SymmetricKey.random()
        let illFormed: [UInt8] = [0x61, 0xFF, 0x62]
        let sealed = try AEAD.seal(illFormed, additionalData: recordOne, key: key)
        XCTAssertEqual(try AEAD.openString(sealed, additionalData: recordOne, key: key), "a\u{FFFD}b")
        XCTAssertEqual(
            try AEAD.openString(try AEAD.seal(plaintext, additionalData: [], key: key), additionalData: [], key: key),
            String(decoding: plaintext, as: UTF8.self))
        XCTAssertThrowsError(try AEAD.openString(sealed, additionalData: recordTwo, key: key)) { error in
            XCTAssertEqual(error as? CryptoError, .authenticationFailed)
        }
        XCTAssertThrowsError(try AEAD.openString(Array(sealed.prefix(39)), additionalData: recordOne, key: key)) {
            error in XCTAssertEqual(error as? CryptoError, .invalidCiphertext)
        }
    }

    func testEachSealUsesAFreshNonce() throws {
        let key = SymmetricKey.random()
        let first = try AEAD.seal(plaintext, additionalData: recordOne, key: key)
        let second = try AEAD.seal(plaintext, additionalData: recordOne, key: key)
        XCTAssertNotEqual(Array(first.prefix(24)), Array(second.prefix(24)))
        XCTAssertNotEqual(first, second)
    }

    func testOpenWithWrongKeyFailsAuthentication() throws {
        let sealed = try AEAD.seal(plaintext, additionalData: recordOne, key: SymmetricKey.random())
        assertThrows(
            try AEAD.open(sealed, additionalData: recordOne, key: SymmetricKey.random()),
            .authenticationFailed)
    }

    func testSwappedRecordBindingFailsAuthentication() throws {
        let key = SymmetricKey.random()
        let sealedOne = try AEAD.seal(Array("one".utf8), additionalData: recordOne, key: key)
        let sealedTwo = try AEAD.seal(Array("two".utf8), additionalData: recordTwo, key: key)
        // An attacker swapping two stored ciphertexts between rows must be detected.
        assertThrows(
            try AEAD.open(sealedTwo, additionalData: recordOne, key: key), .authenticationFailed)
        assertThrows(
            try AEAD.open(sealedOne, additionalData: recordTwo, key: key), .authenticationFailed)
        assertThrows(try AEAD.open(sealedOne, additionalData: [], key: key), .authenticationFailed)
    }

    func testAnyTamperedByteFailsAuthentication() throws {
        let key = SymmetricKey.random()
        let sealed = try AEAD.seal(plaintext, additionalData: recordOne, key: key)
        // One byte in the nonce, the ciphertext body and the tag.
        for index in [0, 23, 24, 30, sealed.count - 1] {
            assertThrows(
                try AEAD.open(flippingBit(sealed, at: index), additionalData: recordOne, key: key),
                .authenticationFailed)
        }
    }

    func testTruncatedInputFails() throws {
        let key = SymmetricKey.random()
        let sealed = try AEAD.seal(plaintext, additionalData: recordOne, key: key)
        assertThrows(
            try AEAD.open(Array(sealed.dropLast()), additionalData: recordOne, key: key),
            .authenticationFailed)
        assertThrows(
            try AEAD.open(Array(sealed.prefix(39)), additionalData: recordOne, key: key),
            .invalidCiphertext)
        assertThrows(try AEAD.open([], additionalData: recordOne, key: key), .invalidCiphertext)
    }

    func testKeyWrappingIsSealOfTheKeyBytes() throws {
        let master = SymmetricKey.random()
        let dataKey = SymmetricKey.random()
        let wrapped = try AEAD.seal(dataKey.bytes, additionalData: Array("dek:v1".utf8), key: master)
        let unwrapped = try SymmetricKey(
            bytes: AEAD.open(wrapped, additionalData: Array("dek:v1".utf8), key: master))
        XCTAssertEqual(unwrapped.bytes, dataKey.bytes)
    }

    func testSymmetricKeyRequires32BytesAndHidesItsBytes() throws {
        assertThrows(try SymmetricKey(bytes: [UInt8](repeating: 1, count: 31)), .invalidKeyLength)
        assertThrows(try SymmetricKey(bytes: [UInt8](repeating: 1, count: 33)), .invalidKeyLength)
        let key = try SymmetricKey(bytes: [UInt8](repeating: 0xab, count: 32))
        XCTAssertEqual(key.bytes.count, SymmetricKey.length)
        XCTAssertFalse(String(describing: key).lowercased().contains("abab"))
        XCTAssertNotEqual(SymmetricKey.random().bytes, SymmetricKey.random().bytes)
    }
}
