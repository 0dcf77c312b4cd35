import FolioClient
import FolioEmulator
import XCTest

final class AuthLimitTests: AuthTestCase {
    /// The test clock's start, 2025-01-01T00:00:00Z, in unix seconds.
    private let start: Int64 = 1_735_689_600

    func testWrongPasswordsLockPasswordsButNotCodes() async throws {
        let harness = try await startEmulator()
        let ceremony = try await signIn(harness, email: "chen.wei@example.net")
        let wrong = try await passwordAnswer("wrong-password", for: ceremony)
        for left in [4, 3, 2, 1] {
            let error = await authError { () async throws(FolioAuthError) in
                try await harness.client.answer(ceremonyId: ceremony.id, wrong, idempotencyKey: self.key())
            }
            XCTAssertEqual(error?.code, .wrongPassword)
            XCTAssertEqual(error?.failure?.attemptsLeft, left)
        }
        let locked = await authError { () async throws(FolioAuthError) in
            try await harness.client.answer(ceremonyId: ceremony.id, wrong, idempotencyKey: self.key())
        }
        XCTAssertEqual(locked?.code, .locked(until: start + 900))
        XCTAssertEqual(locked?.status, 423)
        XCTAssertEqual(locked?.isRetryable, false)
        // The right password is refused too while the lock lasts.
        let right = try await passwordAnswer(Self.chenPassword, for: ceremony)
        let stillLocked = await authError { () async throws(FolioAuthError) in
            try await harness.client.answer(ceremonyId: ceremony.id, right, idempotencyKey: self.key())
        }
        XCTAssertEqual(stillLocked?.code, .locked(until: start + 900))

        // Codes have their own counter: a one-time code still signs in.
        let otp = try await harness.client.selectAlternative(ceremonyId: ceremony.id, .otp, idempotencyKey: key())
        let code = try await harness.admin.lastCode(to: "chen.wei@example.net")
        let done = try await answer(harness, otp, .otp(code: code))
        XCTAssertNotNil(done.completion)

        // When the lock ends the password works again.
        try await harness.admin.advanceClock(seconds: 900)
        let later = try await signInWithPassword(harness, email: "chen.wei@example.net", password: Self.chenPassword)
        XCTAssertNotNil(later.completion)
    }

    func testWrongCodesLockCodesButNotPasswords() async throws {
        let harness = try await startEmulator()
        try await harness.admin.advanceClock(seconds: 10)
        let ceremony = try await signIn(harness, email: "chen.wei@example.net")
        let otp = try await harness.client.selectAlternative(ceremonyId: ceremony.id, .otp, idempotencyKey: key())
        let code = try await harness.admin.lastCode(to: "chen.wei@example.net")
        let wrong = code == "000000" ? "999999" : "000000"
        var last: FolioAuthError?
        for _ in 0..<5 {
            last = await authError { () async throws(FolioAuthError) in
                try await harness.client.answer(ceremonyId: otp.id, .otp(code: wrong), idempotencyKey: self.key())
            }
        }
        XCTAssertEqual(last?.code, .locked(until: start + 10 + 900))
        let rightCode = await authError { () async throws(FolioAuthError) in
            try await harness.client.answer(ceremonyId: otp.id, .otp(code: code), idempotencyKey: self.key())
        }
        XCTAssertEqual(rightCode?.code, .locked(until: start + 10 + 900))

        // Recovery codes share the code lock.
        let recovery = try await start(harness, .recovery(identifier: .email("chen.wei@example.net")))
        let proof = try await FolioAuthProof.recoveryCode(
            Self.chenRecoveryCode, derivation: derivation(awaiting(recovery).phase))
        let recoveryLocked = await authError { () async throws(FolioAuthError) in
            try await harness.client.answer(
                ceremonyId: recovery.id, .recoveryCode(proof: proof), idempotencyKey: self.key())
        }
        XCTAssertEqual(recoveryLocked?.code, .locked(until: start + 10 + 900))

        // The password has its own counter.
        let password = try await harness.client.selectAlternative(
            ceremonyId: ceremony.id, .password, idempotencyKey: key())
        let done = try await answer(harness, password, passwordAnswer(Self.chenPassword, for: password))
        XCTAssertNotNil(done.completion)
    }

    func testTooManyStartsAreRateLimitedOnTheClock() async throws {
        let harness = try await startEmulator()
        for _ in 0..<10 {
            _ = try await signIn(harness, email: "chen.wei@example.net")
        }
        let request = FolioCeremonyStart(
            organizationId: "org_bluebank", kind: .signIn(identifier: .email("Chen.Wei@example.net")),
            device: Self.device, supportsPasskeys: false)
        let limited = await authError { () async throws(FolioAuthError) in
            try await harness.client.startCeremony(request, idempotencyKey: "eleventh")
        }
        XCTAssertEqual(limited?.code, .rateLimited(retryAfterSeconds: 600))
        XCTAssertEqual(limited?.status, 429)
        XCTAssertEqual(limited?.isRetryable, true)
        // Another identifier is not limited.
        _ = try await signIn(harness, email: "dana@example.org")

        try await harness.admin.advanceClock(seconds: 400)
        let stillLimited = await authError { () async throws(FolioAuthError) in
            try await harness.client.startCeremony(request, idempotencyKey: "eleventh")
        }
        XCTAssertEqual(stillLimited?.code, .rateLimited(retryAfterSeconds: 200))
        // The refusal was not stored under the key: the same key works once the window has passed.
        try await harness.admin.advanceClock(seconds: 200)
        let started = try await harness.client.startCeremony(request, idempotencyKey: "eleventh")
        XCTAssertEqual(started.awaitingInput?.phase.method, .password)
    }

    func testTooManyResendsAreRateLimited() async throws {
        let harness = try await startEmulator()
        let ceremony = try await signIn(harness, email: "emil.larsen@example.dk", organization: "org_civic")
        for _ in 0..<3 {
            _ = try await harness.client.resendOtp(ceremonyId: ceremony.id, idempotencyKey: key())
        }
        let limited = await authError { () async throws(FolioAuthError) in
            try await harness.client.resendOtp(ceremonyId: ceremony.id, idempotencyKey: self.key())
        }
        XCTAssertEqual(limited?.code, .rateLimited(retryAfterSeconds: 600))
        let messages = try await harness.admin.mailbox(to: "emil.larsen@example.dk")
        XCTAssertEqual(messages.count, 4)
        // The last code sent still works.
        let done = try await answer(harness, ceremony, .otp(code: messages[3].code))
        XCTAssertNotNil(done.completion)
    }

    func testLimitsComeFromThePolicyFixtures() async throws {
        let folder = try TemporaryFixtures([
            "organizations.json": TemporaryFixtures.organizations,
            "accounts.json":
                #"{"accounts": [{"id": "acct_x", "organizationId": "org_a", "email": "x@example.com", "password": "x-Password-1"}]}"#,
            "auth-policies.json": """
            {"authPolicies": [{"id": "p", "organizationId": "org_a", "maxPasswordAttempts": 2, "lockoutSeconds": 60,
                               "maxStarts": 3, "startWindowSeconds": 30,
                               "derivation": {"opsLimit": 2, "memLimit": 16384, "length": 24}}]}
            """,
        ])
        let harness = try await startEmulator { $0.fixturesPath = folder.path }
        let ceremony = try await signIn(harness, email: "x@example.com", organization: "org_a")
        XCTAssertEqual(
            try derivation(awaiting(ceremony).phase).limits, .init(opsLimit: 2, memLimit: 16384))
        XCTAssertEqual(try derivation(awaiting(ceremony).phase).length, 24)
        let wrong = try await passwordAnswer("wrong", for: ceremony)
        var errors: [FolioAuthErrorCode?] = []
        for _ in 0..<2 {
            errors.append(
                await authError { () async throws(FolioAuthError) in
                    try await harness.client.answer(ceremonyId: ceremony.id, wrong, idempotencyKey: self.key())
                }?.code)
        }
        XCTAssertEqual(errors, [.wrongPassword, .locked(until: start + 60)])
        try await harness.admin.advanceClock(seconds: 60)
        let done = try await answer(harness, ceremony, passwordAnswer("x-Password-1", for: ceremony))
        XCTAssertNotNil(done.completion)
        // The first start left the 30-second window when the clock moved: three more fit.
        for _ in 0..<3 {
            _ = try await signIn(harness, email: "x@example.com", organization: "org_a")
        }
        let start = FolioCeremonyStart(
            organizationId: "org_a", kind: .signIn(identifier: .email("x@example.com")), device: Self.device,
            supportsPasskeys: false)
        let limited = await authError { () async throws(FolioAuthError) in
            try await harness.client.startCeremony(start, idempotencyKey: self.key())
        }
        XCTAssertEqual(limited?.code, .rateLimited(retryAfterSeconds: 30))
    }
}
