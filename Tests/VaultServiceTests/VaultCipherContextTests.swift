import XCTest

@testable import VaultService

/// What a seal binds the ciphertext to (its additional data): stored vaults were sealed with these bytes, so they
/// must not change.
final class VaultCipherContextTests: XCTestCase {
    func testEachPartIsItsUTF8LengthAColonAndItsBytesInOrder() {
        let bytes = VaultCipher.additionalData(["folio-vault-body", "acct_1", "", "note", "12", "ü"])
        XCTAssertEqual(String(decoding: bytes, as: UTF8.self), "16:folio-vault-body6:acct_10:4:note2:122:ü")
    }

    func testPartListsThatJoinToTheSameTextBindToDifferentBytes() {
        XCTAssertNotEqual(VaultCipher.additionalData(["ab", "c"]), VaultCipher.additionalData(["a", "bc"]))
        XCTAssertEqual(VaultCipher.additionalData([]), [])
    }
}
