import Crypto
import XCTest

final class SealedBoxTests: XCTestCase {
    private let message = Array("upload token 7f3a".utf8)

    func testSealOpenRoundTrip() throws {
        let recipient = BoxKeyPair.generate()
        let sealed = try SealedBox.seal(message, to: recipient.publicKey)
        XCTAssertEqual(sealed.count, message.count + SealedBox.overhead)
        XCTAssertEqual(SealedBox.overhead, 48)
        XCTAssertEqual(try SealedBox.open(sealed, keyPair: recipient), message)
        XCTAssertEqual(
            try SealedBox.open(SealedBox.seal([], to: recipient.publicKey), keyPair: recipient), [])
    }

    func testOpenWithWrongKeyPairFails() throws {
        let sealed = try SealedBox.seal(message, to: BoxKeyPair.generate().publicKey)
        assertThrows(try SealedBox.open(sealed, keyPair: BoxKeyPair.generate()), .authenticationFailed)
    }

    func testTamperedOrTruncatedBoxFails() throws {
        let recipient = BoxKeyPair.generate()
        let sealed = try SealedBox.seal(message, to: recipient.publicKey)
        assertThrows(
            try SealedBox.open(flippingBit(sealed, at: 0), keyPair: recipient), .authenticationFailed)
        assertThrows(
            try SealedBox.open(flippingBit(sealed, at: sealed.count - 1), keyPair: recipient),
            .authenticationFailed)
        assertThrows(
            try SealedBox.open(Array(sealed.dropLast()), keyPair: recipient), .authenticationFailed)
        assertThrows(
            try SealedBox.open(Array(sealed.prefix(47)), keyPair: recipient), .invalidCiphertext)
    }

    func testPublicKeyMustBe32Bytes() {
        assertThrows(
            try SealedBox.seal(message, to: [UInt8](repeating: 9, count: 31)), .invalidKeyLength)
    }

    func testKeyPairRestoresFromItsSecretKey() throws {
        let original = BoxKeyPair.generate()
        let restored = try BoxKeyPair(secretKey: original.secretKey)
        XCTAssertEqual(restored.publicKey, original.publicKey)
        let sealed = try SealedBox.seal(message, to: original.publicKey)
        XCTAssertEqual(try SealedBox.open(sealed, keyPair: restored), message)
        assertThrows(try BoxKeyPair(secretKey: [1, 2, 3]), .invalidKeyLength)
        XCTAssertFalse(String(describing: original).contains(Hex.encode(original.secretKey)))
    }
}
