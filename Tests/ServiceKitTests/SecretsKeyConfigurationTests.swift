import Crypto
import Foundation
import Lifecycle
import ServiceKit
import XCTest

/// `FOLIO_SECRETS_KEY`, `FOLIO_SECRETS_KEY_FILE` and `FOLIO_SECRETS_PREVIOUS_KEYS`.
final class SecretsKeyConfigurationTests: XCTestCase {
    private let keyText = "AQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQE"  // 32 bytes of 0x01
    private let otherKeyText = "AgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgI"  // 32 bytes of 0x02

    func testServiceConfigurationWithoutASecretsKeyFailsToStartNamingTheVariables() {
        XCTAssertThrowsError(try ServiceConfiguration.fromEnvironment(Environment([:]))) { error in
            let text = String(describing: error)
            XCTAssertTrue(text.contains("FOLIO_SECRETS_KEY") && text.contains("FOLIO_SECRETS_KEY_FILE"), text)
        }
    }

    func testSecretsKeyThatIsNotThirtyTwoBytesOfBase64URLFailsToStart() {
        for text in ["short", keyText + "AA", "not base64url!"] {
            XCTAssertThrowsError(try SecretsKeyConfiguration.sealer(Environment(["FOLIO_SECRETS_KEY": text])), text)
        }
    }

    func testSecretsKeyFromTheVariableSealsWithThatKeysId() throws {
        let sealer = try SecretsKeyConfiguration.sealer(Environment(["FOLIO_SECRETS_KEY": keyText]))
        XCTAssertEqual(sealer.currentKeyID, SecretSealer.keyID(try SymmetricKey(bytes: Array(repeating: 1, count: 32))))
    }

    func testSecretsKeyFileIsReadWhenTheVariableIsUnsetAndAMissingFileFailsNamingIt() throws {
        let path = NSTemporaryDirectory() + "folio-secrets-key-\(UUID().uuidString)"
        try (keyText + "\n").write(toFile: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let sealer = try SecretsKeyConfiguration.sealer(Environment(["FOLIO_SECRETS_KEY_FILE": path]))
        XCTAssertEqual(sealer.currentKeyID, SecretSealer.keyID(try SymmetricKey(bytes: Array(repeating: 1, count: 32))))
        XCTAssertThrowsError(
            try SecretsKeyConfiguration.sealer(Environment(["FOLIO_SECRETS_KEY_FILE": path + ".missing"]))
        ) { error in
            XCTAssertTrue(String(describing: error).contains(path + ".missing"), "\(error)")
        }
    }

    func testPreviousKeysOpenWhatTheySealed() throws {
        let old = try SecretsKeyConfiguration.sealer(Environment(["FOLIO_SECRETS_KEY": keyText]))
        let sealed = try old.seal("recovery-code", context: "c")
        let rotated = try SecretsKeyConfiguration.sealer(
            Environment(["FOLIO_SECRETS_KEY": otherKeyText, "FOLIO_SECRETS_PREVIOUS_KEYS": " \(keyText) "]))
        XCTAssertEqual(try rotated.openString(sealed, context: "c"), "recovery-code")
    }
}
