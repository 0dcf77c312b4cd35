import Crypto
import FolioClient
import FolioModel
import Foundation
import XCTest

/// The JSON shapes of the FolioClient authentication types (docs/folio-api.md).
final class AuthWireTests: XCTestCase {
    private func json(_ value: some Encodable) throws -> JSONValue {
        try JSONValue(encoding: value)
    }

    func testEnumsAreTaggedObjects() throws {
        XCTAssertEqual(try json(FolioAuthMethod.recoveryCode), ["type": "RECOVERY_CODE"])
        XCTAssertEqual(try json(FolioDevicePlatform.web), ["type": "WEB"])
        XCTAssertEqual(
            try json(FolioAuthIdentifier.phone("+14155550101")), ["type": "PHONE", "value": ["value": "+14155550101"]])
        XCTAssertEqual(
            try json(FolioCeremonyKind.recoveryContinuing(ceremonyId: "cer_1")),
            ["type": "RECOVERY", "value": ["continuesCeremonyId": "cer_1"]])
        XCTAssertEqual(
            try json(FolioIdentity.transient(guestId: "gst_1")), ["type": "TRANSIENT", "value": ["guestId": "gst_1"]])
        let method = try JSONValue.object(["type": "PASSKEY"]).decode(FolioAuthMethod.self)
        XCTAssertEqual(method, .passkey)
        XCTAssertThrowsError(try JSONValue.object(["type": "CARRIER_PIGEON"]).decode(FolioAuthMethod.self))
        XCTAssertEqual(try JSONValue.object(["type": "KIOSK"]).decode(FolioDevicePlatform.self).rawValue, "KIOSK")
    }

    func testEveryValueRoundTrips() throws {
        let derivation = FolioKeyDerivation(salt: "AAAAAAAAAAAAAAAAAAAAAA", opsLimit: 1, memLimit: 8192, length: 32)
        let phases: [FolioAuthPhase] = [
            .password(.init(derivation: derivation)),
            .otp(.init(channel: .sms, destination: "*****0101", length: 6, canResend: true, expiresInSeconds: 600)),
            .totp(.init(length: 6)), .recoveryCode(.init(derivation: derivation)),
            .newPassword(.init(derivation: derivation, policy: .init(minLength: 10, minCharacterClasses: 2))),
            .socialRedirect(.init(provider: .github, authorizationUrl: "http://x/oauth", state: "s")),
            .socialCallback(
                .init(provider: .apple, authorizationUrl: "http://x/oauth", state: "s", redirectUri: "app://cb")),
            .integratorAttestation(.init(nonce: "n", integratorId: "int_1")),
            .passkey(
                .init(
                    challenge: "c", rpId: "localhost", allowCredentials: [.init(type: "public-key", id: "pk")],
                    timeout: 120_000, userVerification: "preferred")),
            .deviceApproval(
                .init(
                    challengeId: "dac_1", freshDeviceFingerprint: "fp", freshDevicePlatform: .ios, expiresInSeconds: 300
                )),
        ]
        for phase in phases {
            let encoded = try json(phase)
            XCTAssertEqual(encoded["type"]?.stringValue, phase.method.rawValue)
            XCTAssertEqual(try encoded.decode(FolioAuthPhase.self), phase)
        }
        let answers: [FolioCeremonyAnswer] = [
            .password(proof: "p"), .otp(code: "123456"), .totp(code: "654321"), .recoveryCode(proof: "r"),
            .newPassword(proof: "n", strength: .init(length: 12, characterClasses: 3)),
            .socialRedirect(provider: .google, redirectUri: "app://cb"), .socialCallback(code: "c", state: "s"),
            .integratorAttestation(jwt: "a.b.c"),
            .passkey(.init(credentialId: "pk", clientDataJSON: "cd", authenticatorData: "ad", signature: "sig")),
        ]
        for answer in answers {
            let encoded = try json(answer)
            XCTAssertEqual(encoded["type"]?.stringValue, answer.method.rawValue)
            XCTAssertEqual(try encoded.decode(FolioCeremonyAnswer.self), answer)
        }
        let session = FolioSession(
            id: "ses_1", organizationId: "org_a", identity: .authenticated(userId: "acct_1", email: "a@b.c"),
            deviceId: "dev", status: .active, createdAt: Date(timeIntervalSince1970: 0),
            expiresAt: Date(timeIntervalSince1970: 60))
        let steps: [FolioCeremonyStep] = [
            .awaitingInput(.init(phase: .totp(.init(length: 6)), alternatives: [.recoveryCode])),
            .completed(.init(identity: session.identity, session: session, sessionToken: "t", recoveryCode: "R")),
            .failed(.init(code: .locked(until: 1_735_690_500), message: "locked")),
            .failed(.init(code: .unsupported(capability: "PASSKEY"), message: "no passkeys")),
        ]
        let encoder = JSONEncoder()
        let decoder = JSONDecoder()
        for step in steps {
            XCTAssertEqual(try decoder.decode(FolioCeremonyStep.self, from: encoder.encode(step)), step)
        }
    }

    func testAnswersCarryProofsNeverPasswords() async throws {
        let derivation = FolioKeyDerivation(
            salt: Base64URL.encode([UInt8](repeating: 7, count: PasswordHash.saltLength)), opsLimit: 1, memLimit: 8192,
            length: 32)
        let password = "correct horse battery staple"
        let proof = try await FolioAuthProof.password(password, derivation: derivation)
        XCTAssertEqual(try Base64URL.decode(proof).count, 32)
        let encoded = try JSONEncoder().encode(FolioCeremonyAnswer.password(proof: proof))
        let body = String(decoding: encoded, as: UTF8.self)
        XCTAssertFalse(body.contains(password))
        XCTAssertEqual(try JSONParser.parse(Array(encoded)), ["type": "PASSWORD", "value": ["proof": .string(proof)]])
        // The proof is Argon2id of the password with the phase's salt and limits.
        let expected = try await PasswordHash.derive(
            password: Array(password.utf8), salt: Base64URL.decode(derivation.salt), length: 32,
            limits: derivation.limits)
        XCTAssertEqual(proof, Base64URL.encode(expected))
        // Composed and decomposed forms of the same password give the same proof (NFC).
        let composed = try await FolioAuthProof.password("caf\u{E9}", derivation: derivation)
        let decomposed = try await FolioAuthProof.password("cafe\u{301}", derivation: derivation)
        XCTAssertEqual(composed, decomposed)
        let recovery = try await FolioAuthProof.recoveryCode("k7qd 2m9x-aaaa-bbbb", derivation: derivation)
        let normalized = try await FolioAuthProof.recoveryCode("K7QD2M9XAAAABBBB", derivation: derivation)
        XCTAssertEqual(recovery, normalized)
    }

    func testErrorCodesMapToTypedValues() throws {
        XCTAssertEqual(FolioAuthErrorCode(code: "LOCKED", until: 42), .locked(until: 42))
        XCTAssertEqual(
            FolioAuthErrorCode(code: "RATE_LIMITED", retryAfterSeconds: 5), .rateLimited(retryAfterSeconds: 5))
        XCTAssertEqual(
            FolioAuthErrorCode(code: "UNSUPPORTED", capability: "PASSKEY"), .unsupported(capability: "PASSKEY"))
        XCTAssertEqual(FolioAuthErrorCode(code: "IDEMPOTENCY_KEY_REUSED"), .other("IDEMPOTENCY_KEY_REUSED"))
        for code in [
            "WRONG_PASSWORD", "WRONG_CODE", "WRONG_RECOVERY_CODE", "WEAK_PASSWORD", "UNKNOWN_ACCOUNT", "ACCOUNT_EXISTS",
            "INVALID_STATE", "PASSKEY_FAILED", "SOCIAL_STATE_MISMATCH", "SOCIAL_CODE_INVALID",
            "REDIRECT_URI_NOT_ALLOWED",
            "ATTESTATION_INVALID", "CHALLENGE_EXPIRED", "TRANSFER_ACK_INVALID", "CEREMONY_NOT_FOUND",
            "CEREMONY_EXPIRED",
            "CEREMONY_ENDED", "CANCELLED", "SESSION_NOT_FOUND", "SESSION_EXPIRED", "PLAIN_PASSWORD_REJECTED",
        ] {
            let typed = FolioAuthErrorCode(code: code)
            XCTAssertNotEqual(typed, .other(code), code)
            XCTAssertEqual(typed.rawValue, code)
        }
        XCTAssertTrue(FolioAuthErrorCode.cancelled.endsCeremony)
        XCTAssertFalse(FolioAuthErrorCode.wrongPassword.endsCeremony)
        let failure = try JSONValue.object([
            "code": "WRONG_CODE", "message": "wrong", "attemptsLeft": 2,
        ]).decode(FolioAuthFailure.self)
        XCTAssertEqual(failure, FolioAuthFailure(code: .wrongCode, message: "wrong", attemptsLeft: 2))
    }

    func testPasswordStrengthIsMeasuredOnTheClient() {
        XCTAssertEqual(FolioPasswordStrength(measuring: "abc"), .init(length: 3, characterClasses: 1))
        XCTAssertEqual(FolioPasswordStrength(measuring: "Abc-1234 é"), .init(length: 10, characterClasses: 4))
    }
}
