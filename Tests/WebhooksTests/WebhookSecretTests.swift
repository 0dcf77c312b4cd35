import Crypto
import Webhooks
import XCTest

final class WebhookSecretTests: XCTestCase {
    private func assertRefused(_ text: String, _ expected: WebhookSecretError, line: UInt = #line) {
        XCTAssertThrowsError(try WebhookSecret(text), line: line) { error in
            XCTAssertEqual(error as? WebhookSecretError, expected, "\(text): \(error)", line: line)
        }
    }

    func testASecretWithAnotherPrefixOrNoneOrAnUpperCasePrefixIsRefusedAsMissingPrefix() {
        for text in [
            "MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw", "whsk_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw",
            "WHSEC_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw", " whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw", "whsec", "",
        ] {
            assertRefused(text, .missingPrefix)
        }
    }

    func testASecretWhoseKeyIsNotPaddedStandardBase64IsRefusedAsMalformedBase64() {
        let key = [UInt8](repeating: 0xfb, count: 32)
        let urlSafe = Base64URL.encode(key)
        XCTAssertTrue(urlSafe.contains("-") || urlSafe.contains("_"))
        for text in [
            "whsec_" + urlSafe, "whsec_" + Base64.encode(key).replacingOccurrences(of: "=", with: ""),
            "whsec_MfKQ9r8GKYqrTwjUPD8I LPZIo2LaLaSw", "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw\n",
        ] {
            assertRefused(text, .malformedBase64)
        }
    }

    func testAKeyOutside24To64BytesIsRefusedWithItsLengthAndBothEndsAreAccepted() throws {
        assertRefused("whsec_", .keyLength(0))
        assertRefused("whsec_" + Base64.encode([UInt8](repeating: 7, count: 23)), .keyLength(23))
        assertRefused("whsec_" + Base64.encode([UInt8](repeating: 7, count: 65)), .keyLength(65))
        XCTAssertNoThrow(try WebhookSecret("whsec_" + Base64.encode([UInt8](repeating: 7, count: 24))))
        XCTAssertNoThrow(try WebhookSecret("whsec_" + Base64.encode([UInt8](repeating: 7, count: 64))))
    }

    func testASecretsDescriptionDoesNotContainItsKey() throws {
        let secret = try WebhookSecret("whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw")
        XCTAssertEqual("\(secret)", "WebhookSecret(redacted)")
        XCTAssertFalse(String(reflecting: secret).contains("MfKQ"))
    }

    func testASignatureIsV1CommaAndTheBase64OfHMACSHA256OverIdDotTimestampDotBody() throws {
        let key = [UInt8](0..<32)
        let secret = try WebhookSecret("whsec_" + Base64.encode(key))
        let expected = HMAC.sha256(key: key, message: Array("msg_1.1700000000.{}".utf8))
        XCTAssertEqual(
            secret.signature(id: "msg_1", timestamp: 1_700_000_000, body: Array("{}".utf8)),
            "v1," + Base64.encode(expected))
    }
}
