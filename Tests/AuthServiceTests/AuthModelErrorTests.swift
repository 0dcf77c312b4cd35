import AuthService
import FolioModel
import XCTest

/// AuthError: its wire shapes, where each case is reported, the wrong-input rule, and its messages.
final class AuthModelErrorTests: XCTestCase {
    static let every: [(AuthError, String)] = [
        (.wrongPassword, #"{"type":"WRONG_PASSWORD"}"#),
        (.wrongCode, #"{"type":"WRONG_CODE"}"#),
        (.wrongRecoveryCode, #"{"type":"WRONG_RECOVERY_CODE"}"#),
        (.weakPassword, #"{"type":"WEAK_PASSWORD"}"#),
        (.rateLimited(retryAfter: 30), #"{"type":"RATE_LIMITED","value":{"retryAfter":30}}"#),
        (.rateLimited(retryAfter: nil), #"{"type":"RATE_LIMITED","value":{}}"#),
        (.locked(until: 1_767_225_600), #"{"type":"LOCKED","value":{"until":1767225600}}"#),
        (.locked(until: nil), #"{"type":"LOCKED","value":{}}"#),
        (.passkeyCancelled, #"{"type":"PASSKEY_CANCELLED"}"#),
        (.passkeyFailed, #"{"type":"PASSKEY_FAILED"}"#),
        (.unsupported(capability: "passkey"), #"{"type":"UNSUPPORTED","value":{"capability":"passkey"}}"#),
        (.sessionUnavailable, #"{"type":"SESSION_UNAVAILABLE"}"#),
        (.accountNotFound, #"{"type":"ACCOUNT_NOT_FOUND"}"#),
        (.notSignedIn, #"{"type":"NOT_SIGNED_IN"}"#),
        (.expired, #"{"type":"EXPIRED"}"#),
        (.socialStateMismatch, #"{"type":"SOCIAL_STATE_MISMATCH"}"#),
        (.socialRejected, #"{"type":"SOCIAL_REJECTED"}"#),
        (.attestationRejected, #"{"type":"ATTESTATION_REJECTED"}"#),
        (.deviceLinkRejected, #"{"type":"DEVICE_LINK_REJECTED"}"#),
        (.network, #"{"type":"NETWORK"}"#),
        (
            .unknown(message: "answer for another phase"),
            #"{"type":"UNKNOWN","value":{"message":"answer for another phase"}}"#
        ),
        (.unknown(message: nil), #"{"type":"UNKNOWN","value":{}}"#),
    ]

    func testEveryErrorHasItsWireShape() throws {
        for (error, json) in Self.every { try assertWire(error, json) }
        XCTAssertEqual(Set(Self.every.map(\.0.wireType)).count, 19, "every case is covered")
        // Optional fields may also arrive without a value object.
        XCTAssertEqual(try AuthError(json: ["type": "RATE_LIMITED"]), .rateLimited(retryAfter: nil))
        assertRejected(
            AuthError.self, #"{"type":"LOCKED","value":{"until":"soon"}}"#, "$.value.until: must be an integer")
    }

    func testUnclassifiedFailureDuringPasswordOtpTotpRecoveryCodeOrNewPasswordIsThatPhasesWrongInputError() {
        let rule: [(AuthPhase, AuthError?)] = [
            (.password, .wrongPassword),
            (.otp(channel: .email, destination: "p***@example.com", length: 6, canResend: true), .wrongCode),
            (.totp, .wrongCode),
            (.recoveryCode, .wrongRecoveryCode),
            (.newPassword, .weakPassword),
            (.socialRedirect(provider: .google, authorizationUrl: "https://a.example", state: "s"), nil),
            (.socialCallback(provider: nil), nil),
            (.integratorAttestation(nonce: "n"), nil),
            (
                .deviceApproval(
                    challengeId: "c", freshDeviceFingerprint: "f", freshDevicePlatform: Platform(os: "WEB"),
                    expiresInSeconds: 60), nil
            ),
        ]
        for (phase, expected) in rule {
            XCTAssertEqual(phase.wrongInputError, expected, "\(phase)")
            XCTAssertEqual(
                AuthError.unclassified(message: "HTTP 500", during: phase), expected ?? .unknown(message: "HTTP 500"))
        }
        XCTAssertEqual(AuthError.unclassified(message: nil, during: nil), .unknown(message: nil))
    }

    func testAnErrorThatLeavesTheStepOpenIsReportedInAwaitingInput() {
        let open: [AuthError] = [
            .wrongPassword, .wrongCode, .wrongRecoveryCode, .weakPassword, .rateLimited(retryAfter: 5),
            .passkeyCancelled, .passkeyFailed, .socialStateMismatch, .socialRejected, .attestationRejected,
            .deviceLinkRejected, .network, .unknown(message: nil),
        ]
        for error in open {
            XCTAssertFalse(error.endsCeremony, "\(error)")
            XCTAssertEqual(
                AuthFlowStep.afterError(error, phase: .password, alternatives: [.passkey]),
                .awaitingInput(phase: .password, alternatives: [.passkey], error: error))
        }
    }

    func testAnErrorWithNoStepToGoBackToIsReportedInFailed() {
        // For example when Start itself fails.
        XCTAssertEqual(
            AuthFlowStep.afterError(.rateLimited(retryAfter: 5), phase: nil, alternatives: []),
            .failed(error: .rateLimited(retryAfter: 5)))
        XCTAssertEqual(AuthFlowStep.afterError(.network, phase: nil, alternatives: []), .failed(error: .network))
    }

    func testAnErrorThatEndsTheCeremonyIsReportedInFailed() {
        let ending: [AuthError] = [
            .locked(until: nil), .unsupported(capability: "passkey"), .sessionUnavailable, .accountNotFound,
            .notSignedIn, .expired,
        ]
        for error in ending {
            XCTAssertTrue(error.endsCeremony, "\(error)")
            XCTAssertEqual(AuthFlowStep.afterError(error, phase: .totp, alternatives: []), .failed(error: error))
        }
    }

    func testEveryErrorHasAMessageInEnglishAndGerman() throws {
        let german = try XCTUnwrap(LocaleTag("de-CH"))
        XCTAssertEqual(Set(Self.every.map(\.0.messageKey)).count, 19, "one message per case")
        for (error, _) in Self.every {
            let english = error.message(locale: .english)
            XCTAssertFalse(english.isEmpty)
            XCTAssertNotEqual(error.message(locale: german), english, "\(error)")
            XCTAssertEqual(
                error.message(locale: try XCTUnwrap(LocaleTag("fr"))), english, "French falls back to English")
        }
        XCTAssertEqual(AuthError.wrongPassword.message(locale: .english), "The password is not correct.")
        XCTAssertEqual(AuthError.wrongPassword.message(locale: german), "Das Passwort ist nicht korrekt.")
    }
}
