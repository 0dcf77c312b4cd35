import Crypto
import XCTest

final class SecretSealerTests: XCTestCase {
    private func key(_ byte: UInt8) throws -> SymmetricKey {
        try SymmetricKey(bytes: Array(repeating: byte, count: 32))
    }

    func testSealedTextOpensToThePlaintextForTheSameContextAndHoldsNoPlaintext() throws {
        let sealer = SecretSealer(key: try key(1))
        let sealed = try sealer.seal("itk_secret_token", context: "row/1")
        XCTAssertTrue(sealed.hasPrefix("fsk1.\(sealer.currentKeyID)."), sealed)
        XCTAssertFalse(sealed.contains("itk_secret_token"))
        XCTAssertEqual(try sealer.openString(sealed, context: "row/1"), "itk_secret_token")
    }

    func testSealedTextDoesNotOpenForAnotherContext() throws {
        let sealer = SecretSealer(key: try key(1))
        let sealed = try sealer.seal("itk_secret_token", context: "row/1")
        XCTAssertThrowsError(try sealer.open(sealed, context: "row/2"))
    }

    func testPreviousKeyOpensWhatItSealedAndUnknownKeyIsNamedInTheError() throws {
        let old = SecretSealer(key: try key(1))
        let sealed = try old.seal("code", context: "c")
        let rotated = SecretSealer(key: try key(2), previousKeys: [try key(1)])
        XCTAssertEqual(try rotated.openString(sealed, context: "c"), "code")
        XCTAssertTrue(rotated.needsResealing(sealed))
        XCTAssertFalse(rotated.needsResealing(try rotated.seal("code", context: "c")))
        XCTAssertThrowsError(try SecretSealer(key: try key(3)).open(sealed, context: "c")) { error in
            XCTAssertTrue(String(describing: error).contains(old.currentKeyID), "\(error)")
        }
    }

    func testTextThatIsNotSealedIsRefused() throws {
        XCTAssertFalse(SecretSealer.isSealed("itk_plain"))
        XCTAssertThrowsError(try SecretSealer(key: try key(1)).open("itk_plain", context: "c"))
        XCTAssertThrowsError(try SecretSealer(key: try key(1)).open("fsk1.nobody", context: "c"))
    }
}
