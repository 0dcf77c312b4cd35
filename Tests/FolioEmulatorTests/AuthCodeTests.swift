import FolioClient
import FolioEmulator
import XCTest

final class AuthCodeTests: AuthTestCase {
    func testOneTimeCodeFromTheMailboxSignsIn() async throws {
        let harness = try await startEmulator()
        let ceremony = try await signIn(harness, email: "emil.larsen@example.dk", organization: "org_civic")
        guard case .otp(let otp) = try awaiting(ceremony).phase else { return XCTFail("\(ceremony.step)") }
        XCTAssertEqual(otp.channel, .email)
        XCTAssertEqual(otp.destination, "e***n@example.dk")
        XCTAssertEqual(otp.length, 6)
        XCTAssertTrue(otp.canResend)
        XCTAssertEqual(otp.expiresInSeconds, 600)
        let messages = try await harness.admin.mailbox(to: "Emil.Larsen@example.dk")
        XCTAssertEqual(messages.count, 1)
        XCTAssertEqual(messages.first?.ceremonyId, ceremony.id)
        XCTAssertEqual(messages.first?.channel, "EMAIL")
        let code = try XCTUnwrap(messages.first?.code)
        XCTAssertEqual(code.count, 6)

        let wrong = await authError { () async throws(FolioAuthError) in
            try await harness.client.answer(
                ceremonyId: ceremony.id, .otp(code: code == "000000" ? "111111" : "000000"), idempotencyKey: self.key())
        }
        XCTAssertEqual(wrong?.code, .wrongCode)
        XCTAssertEqual(wrong?.failure?.attemptsLeft, 4)
        let done = try await answer(harness, ceremony, .otp(code: code))
        XCTAssertEqual(done.completion?.identity, .authenticated(userId: "acct_emil", email: "emil.larsen@example.dk"))
    }

    func testResendIssuesANewCodeAndTheOldOneFails() async throws {
        let harness = try await startEmulator()
        let ceremony = try await signIn(harness, email: "emil.larsen@example.dk", organization: "org_civic")
        let first = try await harness.admin.lastCode(to: "emil.larsen@example.dk")
        let resent = try await harness.client.resendOtp(ceremonyId: ceremony.id, idempotencyKey: key())
        XCTAssertEqual(resent.awaitingInput?.phase.method, .otp)
        let messages = try await harness.admin.mailbox(to: "emil.larsen@example.dk")
        XCTAssertEqual(messages.count, 2)
        let second = try XCTUnwrap(messages.last?.code)
        XCTAssertNotEqual(first, second)
        let stale = await authError { () async throws(FolioAuthError) in
            try await harness.client.answer(ceremonyId: ceremony.id, .otp(code: first), idempotencyKey: self.key())
        }
        XCTAssertEqual(stale?.code, .wrongCode)
        let done = try await answer(harness, ceremony, .otp(code: second))
        XCTAssertNotNil(done.completion)
    }

    func testPhoneSignInSendsAnSMSAndThenAsksForTheAuthenticatorCode() async throws {
        let harness = try await startEmulator()
        let ceremony = try await start(harness, .signIn(identifier: .phone("+447700900123")))
        let step = try awaiting(ceremony)
        guard case .otp(let otp) = step.phase else { return XCTFail("\(ceremony.step)") }
        XCTAssertEqual(otp.channel, .sms)
        XCTAssertEqual(otp.destination, "*********0123")
        XCTAssertEqual(step.alternatives, [.password])
        let code = try await harness.admin.lastCode(to: "+447700900123")
        let totp = try await answer(harness, ceremony, .otp(code: code))
        XCTAssertEqual(try awaiting(totp).phase, .totp(FolioTotpPhase(length: 6)))

        // The code of five minutes ago is stale; the current one is accepted.
        let now = try await harness.admin.now()
        let staleCode = try totpCode(Self.danaTotpSecret, at: now - 300)
        let stale = await authError { () async throws(FolioAuthError) in
            try await harness.client.answer(ceremonyId: ceremony.id, .totp(code: staleCode), idempotencyKey: self.key())
        }
        XCTAssertEqual(stale?.code, .wrongCode)
        let done = try await answer(harness, ceremony, .totp(code: totpCode(Self.danaTotpSecret, at: now)))
        XCTAssertEqual(done.completion?.identity, .authenticated(userId: "acct_dana", email: "dana@example.org"))
    }

    func testTotpFollowsTheTestClock() async throws {
        let harness = try await startEmulator()
        try await harness.admin.advanceClock(seconds: 86_400 * 30 + 17)
        let ceremony = try await start(harness, .signIn(identifier: .phone("+447700900123")))
        let code = try await harness.admin.lastCode(to: "+447700900123")
        _ = try await answer(harness, ceremony, .otp(code: code))
        let now = try await harness.admin.now()
        // The code of the emulator clock's time works, the code of the real time does not.
        let real = try totpCode(Self.danaTotpSecret, at: Date())
        if real != (try totpCode(Self.danaTotpSecret, at: now)) {
            let error = await authError { () async throws(FolioAuthError) in
                try await harness.client.answer(ceremonyId: ceremony.id, .totp(code: real), idempotencyKey: self.key())
            }
            XCTAssertEqual(error?.code, .wrongCode)
        }
        let done = try await answer(harness, ceremony, .totp(code: totpCode(Self.danaTotpSecret, at: now)))
        XCTAssertNotNil(done.completion)
    }

    func testOneTimeCodesExpireOnTheClock() async throws {
        let harness = try await startEmulator()
        let ceremony = try await signIn(harness, email: "emil.larsen@example.dk", organization: "org_civic")
        let code = try await harness.admin.lastCode(to: "emil.larsen@example.dk")
        try await harness.admin.advanceClock(seconds: 601)
        let expired = await authError { () async throws(FolioAuthError) in
            try await harness.client.answer(ceremonyId: ceremony.id, .otp(code: code), idempotencyKey: self.key())
        }
        XCTAssertEqual(expired?.code, .wrongCode)
        XCTAssertNil(expired?.failure?.attemptsLeft)
    }

    func testOtpAsAnAlternativeAndNoResendWithoutIdentifier() async throws {
        let harness = try await startEmulator()
        let ceremony = try await signIn(harness, email: "chen.wei@example.net")
        let resendPassword = await authError { () async throws(FolioAuthError) in
            try await harness.client.resendOtp(ceremonyId: ceremony.id, idempotencyKey: self.key())
        }
        XCTAssertEqual(resendPassword?.code, .invalidState)
        let otp = try await harness.client.selectAlternative(ceremonyId: ceremony.id, .otp, idempotencyKey: key())
        let step = try awaiting(otp)
        XCTAssertEqual(step.phase.method, .otp)
        XCTAssertEqual(step.alternatives, [.password, .socialRedirect])
        let code = try await harness.admin.lastCode(to: "chen.wei@example.net")
        let done = try await answer(harness, otp, .otp(code: code))
        XCTAssertNotNil(done.completion)
    }

    func testMailboxIsATestModeHelper() async throws {
        let harness = try await startEmulator()
        let empty = try await harness.admin.mailbox(to: "nobody@example.com")
        XCTAssertEqual(empty, [])
        let missing = try await harness.raw(
            "GET", "/admin/mailbox", headers: ["Authorization": "Bearer \(harness.server.configuration.adminKey)"])
        XCTAssertEqual(missing.status, 400)
        let apiKey = try await harness.raw("GET", "/admin/mailbox?to=x", headers: harness.apiAuth)
        XCTAssertEqual(apiKey.status, 401)

        let live = try await startEmulator {
            $0.mode = .live
            $0.apiKey = "live-api"
            $0.adminKey = "live-admin"
        }
        let refused = try await live.raw("GET", "/admin/mailbox?to=x", headers: ["Authorization": "Bearer live-admin"])
        XCTAssertEqual(refused.status, 409)
        XCTAssertEqual(refused.json["error"]?["code"], "MAILBOX_UNAVAILABLE")
    }
}
