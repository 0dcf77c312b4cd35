import Crypto
import FolioClient
import FolioEmulator
import FolioModel
import XCTest

final class AuthPasswordTests: AuthTestCase {
    func testPasswordProofSignsIn() async throws {
        let harness = try await startEmulator()
        let ceremony = try await signIn(harness, email: "CHEN.WEI@example.net")
        let done = try await answer(harness, ceremony, passwordAnswer(Self.chenPassword, for: ceremony))
        let completion = try XCTUnwrap(done.completion, "\(done.step)")
        XCTAssertEqual(completion.identity, .authenticated(userId: "acct_chen", email: "chen.wei@example.net"))
        XCTAssertEqual(completion.session.status, .active)
        XCTAssertEqual(completion.session.deviceId, Self.device.id)
        XCTAssertNil(completion.recoveryCode)
        XCTAssertNil(completion.verification)
        // The session token is an EdDSA JWT from the emulator's published key.
        let token = try XCTUnwrap(completion.sessionToken)
        let jwks = try await harness.client.jwks()
        let key = try XCTUnwrap(jwks.key(withID: try XCTUnwrap(JWS.unverifiedKeyID(of: token))))
        let claims = try JSONParser.parse(try JWS.verify(token, publicKey: key.publicKey()).payload)
        XCTAssertEqual(claims["sub"], "acct_chen")
        XCTAssertEqual(claims["sid"]?.stringValue, completion.session.id)
    }

    func testWrongPasswordIsRefusedAndTheStepStaysOpen() async throws {
        let harness = try await startEmulator()
        let ceremony = try await signIn(harness, email: "chen.wei@example.net")
        let wrong = try await passwordAnswer("not-chens-password", for: ceremony)
        let error = await authError { () async throws(FolioAuthError) in
            try await harness.client.answer(ceremonyId: ceremony.id, wrong, idempotencyKey: self.key())
        }
        XCTAssertEqual(error?.code, .wrongPassword)
        XCTAssertEqual(error?.status, 422)
        XCTAssertEqual(error?.failure?.attemptsLeft, 4)
        XCTAssertEqual(error?.isRetryable, false)
        let again = try await harness.client.ceremony(id: ceremony.id)
        XCTAssertEqual(again.step, ceremony.step)
        let done = try await answer(harness, ceremony, passwordAnswer(Self.chenPassword, for: ceremony))
        XCTAssertNotNil(done.completion)
    }

    func testTheEmulatorNeverTakesAPassword() async throws {
        let harness = try await startEmulator()
        let ceremony = try await signIn(harness, email: "chen.wei@example.net")
        var headers = harness.apiAuth
        headers["Content-Type"] = "application/json"
        headers["Idempotency-Key"] = "plain"
        let plain = try await harness.raw(
            "POST", "/v1/auth/ceremonies/\(ceremony.id)/answer", headers: headers,
            body: #"{"answer": {"type": "PASSWORD", "value": {"password": "chen-Password-1"}}}"#)
        XCTAssertEqual(plain.status, 400)
        XCTAssertEqual(plain.json["error"]?["code"], "PLAIN_PASSWORD_REJECTED")

        // A proof that is not the derivation's length (e.g. the password itself) is no proof.
        headers["Idempotency-Key"] = "not-a-proof"
        let raw = Base64URL.encode(Array(Self.chenPassword.utf8))
        let notProof = try await harness.raw(
            "POST", "/v1/auth/ceremonies/\(ceremony.id)/answer", headers: headers,
            body: #"{"answer": {"type": "PASSWORD", "value": {"proof": "\#(raw)"}}}"#)
        XCTAssertEqual(notProof.status, 400)
        XCTAssertEqual(notProof.json["error"]?["code"], "INVALID_REQUEST")

        let start = try await harness.raw(
            "POST", "/v1/auth/ceremonies", headers: headers.merging(["Idempotency-Key": "start-plain"]) { $1 },
            body: #"{"organizationId": "org_bluebank", "password": "x"}"#)
        XCTAssertEqual(start.json["error"]?["code"], "PLAIN_PASSWORD_REJECTED")
    }

    func testPasswordAndTotpInOneAnswer() async throws {
        let harness = try await startEmulator()
        let ceremony = try await signIn(harness, email: "dana@example.org")
        let step = try awaiting(ceremony)
        XCTAssertEqual(step.phase.method, .password)
        XCTAssertEqual(step.secondInput, .totp(FolioTotpPhase(length: 6)))
        let password = try await passwordAnswer(Self.danaPassword, for: ceremony)

        // The password alone is not an answer to this step.
        let alone = await authError { () async throws(FolioAuthError) in
            try await harness.client.answer(ceremonyId: ceremony.id, password, idempotencyKey: self.key())
        }
        XCTAssertEqual(alone?.code, .invalidState)

        let now = try await harness.admin.now()
        let wrongCode = await authError { () async throws(FolioAuthError) in
            try await harness.client.answer(
                ceremonyId: ceremony.id, password, secondAnswer: .totp(code: "000000"), idempotencyKey: self.key())
        }
        XCTAssertEqual(wrongCode?.code, .wrongCode)

        let done = try await answer(
            harness, ceremony, password, second: .totp(code: totpCode(Self.danaTotpSecret, at: now)))
        XCTAssertEqual(done.completion?.identity, .authenticated(userId: "acct_dana", email: "dana@example.org"))
    }

    func testAnswerForAnotherPhaseIsInvalidState() async throws {
        let harness = try await startEmulator()
        let ceremony = try await signIn(harness, email: "chen.wei@example.net")
        for wrong: FolioCeremonyAnswer in [
            .otp(code: "123456"), .totp(code: "123456"), .socialCallback(code: "c", state: "s"),
        ] {
            let error = await authError { () async throws(FolioAuthError) in
                try await harness.client.answer(ceremonyId: ceremony.id, wrong, idempotencyKey: self.key())
            }
            XCTAssertEqual(error?.code, .invalidState, "\(wrong)")
            XCTAssertEqual(error?.status, 409)
        }
        // A second answer for a one-input step is refused too.
        let password = try await passwordAnswer(Self.chenPassword, for: ceremony)
        let extra = await authError { () async throws(FolioAuthError) in
            try await harness.client.answer(
                ceremonyId: ceremony.id, password, secondAnswer: .totp(code: "1"), idempotencyKey: self.key())
        }
        XCTAssertEqual(extra?.code, .invalidState)
        // Selecting a method that is not an alternative is refused.
        let select = await authError { () async throws(FolioAuthError) in
            try await harness.client.selectAlternative(ceremonyId: ceremony.id, .totp, idempotencyKey: self.key())
        }
        XCTAssertEqual(select?.code, .invalidState)
    }

    func testRetriedAnswerIsReplayedNotCountedTwice() async throws {
        let harness = try await startEmulator()
        let ceremony = try await signIn(harness, email: "chen.wei@example.net")
        let answer = try await passwordAnswer(Self.chenPassword, for: ceremony)
        let first = try await harness.client.answer(ceremonyId: ceremony.id, answer, idempotencyKey: "once")
        let replay = try await harness.client.answer(ceremonyId: ceremony.id, answer, idempotencyKey: "once")
        XCTAssertEqual(first, replay)
        let session = try XCTUnwrap(first.completion?.session)
        // A new key for the finished ceremony is refused.
        let ended = await authError { () async throws(FolioAuthError) in
            try await harness.client.answer(ceremonyId: ceremony.id, answer, idempotencyKey: "twice")
        }
        XCTAssertEqual(ended?.code, .ceremonyEnded)
        let stored = try await harness.client.session(id: session.id)
        XCTAssertEqual(stored, session)
        let missing = await authError { () async throws(FolioAuthError) in
            try await harness.client.answer(ceremonyId: "cer_nope", answer, idempotencyKey: "nope")
        }
        XCTAssertEqual(missing?.code, .ceremonyNotFound)
    }

    func testStartValidatesItsBody() async throws {
        let harness = try await startEmulator()
        let unknownOrganization = await authError { () async throws(FolioAuthError) in
            try await harness.client.startCeremony(
                FolioCeremonyStart(
                    organizationId: "org_nope", kind: .signIn(identifier: nil), device: Self.device,
                    supportsPasskeys: true), idempotencyKey: "org")
        }
        XCTAssertEqual(unknownOrganization?.code, .other("ORGANIZATION_NOT_FOUND"))
        let badEmail = await authError { () async throws(FolioAuthError) in
            try await harness.client.startCeremony(
                FolioCeremonyStart(
                    organizationId: "org_bluebank", kind: .signIn(identifier: .email("nobody")), device: Self.device,
                    supportsPasskeys: false), idempotencyKey: "email")
        }
        XCTAssertEqual(badEmail?.code, .other("INVALID_REQUEST"))
        let noKey = try await harness.raw(
            "POST", "/v1/auth/ceremonies",
            headers: harness.apiAuth.merging(["Content-Type": "application/json"]) { $1 },
            body:
                #"{"organizationId": "org_bluebank", "kind": {"type": "SIGN_IN"}, "device": {"id": "d", "platform": {"type": "WEB"}, "fingerprint": "f"}, "supportsPasskeys": false}"#
        )
        XCTAssertEqual(noKey.json["error"]?["code"], "IDEMPOTENCY_KEY_REQUIRED")
    }

    func testALostAnswerIsRetriedWithTheSameKey() async throws {
        let harness = try await startEmulator()
        let ceremony = try await signIn(harness, email: "chen.wei@example.net")
        let answer = try await passwordAnswer(Self.chenPassword, for: ceremony)
        // Folio completes the ceremony but the answer is lost on the way back.
        try await harness.admin.injectFault(
            EmulatorFault(route: "POST /v1/auth/ceremonies/{ceremonyId}/answer", status: 503, afterHandler: true))
        let lost = await authError { () async throws(FolioAuthError) in
            try await harness.client.answer(ceremonyId: ceremony.id, answer, idempotencyKey: "lost")
        }
        XCTAssertEqual(lost?.status, 503)
        XCTAssertEqual(lost?.isRetryable, true)
        XCTAssertEqual(lost?.code, .other("UNAVAILABLE"))
        let retried = try await harness.client.answer(ceremonyId: ceremony.id, answer, idempotencyKey: "lost")
        XCTAssertNotNil(retried.completion)
        let read = try await harness.client.ceremony(id: ceremony.id)
        XCTAssertEqual(read.completion?.session, retried.completion?.session)
    }
}
