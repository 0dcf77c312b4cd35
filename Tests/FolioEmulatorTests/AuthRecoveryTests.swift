import Crypto
import FolioClient
import FolioEmulator
import XCTest

final class AuthRecoveryTests: AuthTestCase {
    /// Answers a NEW_PASSWORD step with `password`.
    private func newPassword(_ harness: Harness, _ ceremony: FolioCeremony, _ password: String) async throws
        -> FolioCeremony
    {
        let derivation = try derivation(awaiting(ceremony).phase)
        return try await answer(
            harness, ceremony,
            .newPassword(
                proof: FolioAuthProof.password(password, derivation: derivation),
                strength: FolioPasswordStrength(measuring: password)))
    }

    func testSignUpChoosesAPasswordAndGetsARecoveryCode() async throws {
        let harness = try await startEmulator()
        let ceremony = try await signIn(harness, email: "new.person@example.org")
        guard case .newPassword(let phase) = try awaiting(ceremony).phase else { return XCTFail("\(ceremony.step)") }
        XCTAssertEqual(phase.policy, FolioPasswordPolicy(minLength: 10, minCharacterClasses: 2))
        XCTAssertEqual(try awaiting(ceremony).alternatives, [])

        let shortProof = try await FolioAuthProof.password("short", derivation: phase.derivation)
        let weak = await authError { () async throws(FolioAuthError) in
            try await harness.client.answer(
                ceremonyId: ceremony.id,
                .newPassword(proof: shortProof, strength: FolioPasswordStrength(measuring: "short")),
                idempotencyKey: self.key())
        }
        XCTAssertEqual(weak?.code, .weakPassword)

        let done = try await newPassword(harness, ceremony, "a-Good-passphrase")
        let completion = try XCTUnwrap(done.completion, "\(done.step)")
        guard case .authenticated(let userId, let email) = completion.identity else { return XCTFail() }
        XCTAssertEqual(email, "new.person@example.org")
        let recoveryCode = try XCTUnwrap(completion.recoveryCode)
        XCTAssertEqual(recoveryCode.count, 19)
        // The account exists in Folio, and the code is shown once only.
        let account = try await harness.client.account(id: userId)
        XCTAssertEqual(account.organizationId, "org_bluebank")
        let later = try await harness.client.ceremony(id: ceremony.id)
        XCTAssertNil(later.completion?.recoveryCode)
        XCTAssertEqual(later.completion?.session, completion.session)

        // The new password signs in, and so does the recovery code in a recovery.
        let signIn = try await signInWithPassword(
            harness, email: "new.person@example.org", password: "a-Good-passphrase")
        XCTAssertEqual(signIn.completion?.identity, completion.identity)
        let recovery = try await start(harness, .recovery(identifier: .email("new.person@example.org")))
        let proof = try await FolioAuthProof.recoveryCode(
            recoveryCode.lowercased(), derivation: derivation(awaiting(recovery).phase))
        let reset = try await answer(harness, recovery, .recoveryCode(proof: proof))
        XCTAssertEqual(try awaiting(reset).phase.method, .newPassword)
    }

    func testRecoveryWithTheRecoveryCodeSetsANewPassword() async throws {
        let harness = try await startEmulator()
        let ceremony = try await start(harness, .recovery(identifier: .email("chen.wei@example.net")))
        let step = try awaiting(ceremony)
        XCTAssertEqual(step.phase.method, .recoveryCode)
        XCTAssertEqual(step.alternatives, [.otp])
        let derivation = try derivation(step.phase)

        let wrongProof = try await FolioAuthProof.recoveryCode("AAAA-BBBB-CCCC-DDDD", derivation: derivation)
        let wrong = await authError { () async throws(FolioAuthError) in
            try await harness.client.answer(
                ceremonyId: ceremony.id, .recoveryCode(proof: wrongProof), idempotencyKey: self.key())
        }
        XCTAssertEqual(wrong?.code, .wrongRecoveryCode)
        XCTAssertEqual(wrong?.failure?.attemptsLeft, 4)

        let proof = try await FolioAuthProof.recoveryCode("chen 7k2m 9qxd 4twp", derivation: derivation)
        let reset = try await answer(harness, ceremony, .recoveryCode(proof: proof))
        let done = try await newPassword(harness, reset, "chen-New-password-9")
        let completion = try XCTUnwrap(done.completion)
        XCTAssertEqual(completion.identity, .authenticated(userId: "acct_chen", email: "chen.wei@example.net"))
        let newCode = try XCTUnwrap(completion.recoveryCode)
        XCTAssertNotEqual(
            FolioAuthProof.normalizedRecoveryCode(newCode), FolioAuthProof.normalizedRecoveryCode(Self.chenRecoveryCode)
        )

        // The old password no longer works, the new one does.
        let old = try await signIn(harness, email: "chen.wei@example.net")
        let oldAnswer = try await passwordAnswer(Self.chenPassword, for: old)
        let refused = await authError { () async throws(FolioAuthError) in
            try await harness.client.answer(ceremonyId: old.id, oldAnswer, idempotencyKey: self.key())
        }
        XCTAssertEqual(refused?.code, .wrongPassword)
        let fresh = try await answer(harness, old, passwordAnswer("chen-New-password-9", for: old))
        XCTAssertNotNil(fresh.completion)
    }

    func testRecoveryContinuesAWaitingSignIn() async throws {
        let harness = try await startEmulator()
        let signIn = try await signIn(harness, email: "chen.wei@example.net")
        let recovery = try await start(harness, .recoveryContinuing(ceremonyId: signIn.id))
        XCTAssertEqual(try awaiting(recovery).phase.method, .recoveryCode)
        let ended = try await harness.client.ceremony(id: signIn.id)
        XCTAssertEqual(ended.failure?.code, .ceremonyEnded)
        let answerEnded = await authError { () async throws(FolioAuthError) in
            try await harness.client.answer(ceremonyId: signIn.id, .otp(code: "1"), idempotencyKey: self.key())
        }
        XCTAssertEqual(answerEnded?.code, .ceremonyEnded)

        // The recovery keeps the sign-in's identifier: OTP goes to the same address and can be resent.
        let otp = try await harness.client.selectAlternative(ceremonyId: recovery.id, .otp, idempotencyKey: key())
        guard case .otp(let phase) = try awaiting(otp).phase else { return XCTFail() }
        XCTAssertTrue(phase.canResend)
        let code = try await harness.admin.lastCode(to: "chen.wei@example.net")
        let reset = try await answer(harness, otp, .otp(code: code))
        let done = try await newPassword(harness, reset, "Another-passphrase-1")
        XCTAssertNotNil(done.completion?.recoveryCode)

        // Only a waiting sign-in with an account can be continued.
        let guest = try await start(harness, .signIn(identifier: nil), organization: "org_kiosk")
        let noAccount = await authError { () async throws(FolioAuthError) in
            try await harness.client.startCeremony(
                FolioCeremonyStart(
                    organizationId: "org_kiosk", kind: .recoveryContinuing(ceremonyId: guest.id), device: Self.device,
                    supportsPasskeys: false), idempotencyKey: self.key())
        }
        XCTAssertEqual(noAccount?.code, .ceremonyEnded)
    }

    func testUnknownIdentifiersCannotRecoverOrSignUpEverywhere() async throws {
        let harness = try await startEmulator()
        for (kind, organization) in [
            (FolioCeremonyKind.recovery(identifier: .email("nobody@example.org")), "org_bluebank"),
            (.signIn(identifier: .phone("+14155550999")), "org_bluebank"),
            (.signIn(identifier: .email("nobody@example.org")), "org_kiosk"),
        ] {
            let error = await authError { () async throws(FolioAuthError) in
                try await harness.client.startCeremony(
                    FolioCeremonyStart(
                        organizationId: organization, kind: kind, device: Self.device, supportsPasskeys: false),
                    idempotencyKey: self.key())
            }
            XCTAssertEqual(error?.code, .unknownAccount, "\(kind)")
        }
    }
}
