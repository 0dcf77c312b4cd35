import CSodium
import Crypto
import XCTest

/// The sealed layout, `nonce (24) || ciphertext || tag (16)`, checked against libsodium's own calls: what is
/// already stored must keep opening.
final class AEADLayoutTests: XCTestCase {
    private let plaintext = Array("a record body of some length".utf8)
    private let context = Array("folio-vault-body".utf8)

    func testASealedTextIsItsNonceThenLibsodiumsCiphertextAndTagUnderThatNonce() throws {
        let key = SymmetricKey.random()
        let sealed = try AEAD.seal(plaintext, additionalData: context, key: key)
        let nonce = Array(sealed.prefix(24))
        let rest = Array(sealed.dropFirst(24))
        var opened = [UInt8](repeating: 0, count: rest.count - 16)
        var written: UInt64 = 0
        let status = crypto_aead_xchacha20poly1305_ietf_decrypt(
            &opened, &written, nil, rest, UInt64(rest.count), context, UInt64(context.count), nonce, key.bytes)
        XCTAssertEqual(status, 0)
        XCTAssertEqual(Array(opened.prefix(Int(written))), plaintext)
    }

    func testOpenTakesTheNonceFromTheFrontOfWhatLibsodiumSealed() throws {
        let key = SymmetricKey.random()
        let nonce = [UInt8](repeating: 7, count: 24)
        var ciphertext = [UInt8](repeating: 0, count: plaintext.count + 16)
        var written: UInt64 = 0
        let status = crypto_aead_xchacha20poly1305_ietf_encrypt(
            &ciphertext, &written, plaintext, UInt64(plaintext.count), context, UInt64(context.count), nil, nonce,
            key.bytes)
        XCTAssertEqual(status, 0)
        XCTAssertEqual(try AEAD.open(nonce + ciphertext, additionalData: context, key: key), plaintext)
        XCTAssertThrowsError(try AEAD.open(nonce + ciphertext, additionalData: Array("other".utf8), key: key))
    }
}
