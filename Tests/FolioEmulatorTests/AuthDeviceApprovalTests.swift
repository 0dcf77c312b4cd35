import FolioClient
import FolioEmulator
import XCTest

final class AuthDeviceApprovalTests: AuthTestCase {
    private func approvalStep(_ harness: Harness, device: FolioAuthDevice = AuthTestCase.device) async throws -> (
        FolioCeremony, FolioDeviceApprovalPhase
    ) {
        let ceremony = try await signIn(harness, email: "omar@example.org", device: device)
        let next = try await answer(harness, ceremony, passwordAnswer("omar-Password-4", for: ceremony))
        guard case .deviceApproval(let phase) = next.awaitingInput?.phase else {
            XCTFail("\(next.step)")
            throw AuthTestError.unexpectedPhase
        }
        return (next, phase)
    }

    func testApprovalFromTheTrustedDeviceCompletesTheSignIn() async throws {
        let harness = try await startEmulator()
        let (ceremony, phase) = try await approvalStep(harness)
        XCTAssertEqual(phase.freshDeviceFingerprint, "fp-laptop-1")
        XCTAssertEqual(phase.freshDevicePlatform, .web)
        XCTAssertEqual(phase.expiresInSeconds, 300)
        XCTAssertEqual(try awaiting(ceremony).alternatives, [.recoveryCode])

        let early = await authError { () async throws(FolioAuthError) in
            try await harness.client.completeDeviceLink(
                ceremonyId: ceremony.id, challengeId: phase.challengeId, transferAck: "guess",
                idempotencyKey: self.key())
        }
        XCTAssertEqual(early?.code, .transferAckInvalid)

        let ack = try await harness.admin.approveDevice(challengeId: phase.challengeId)
        let again = try await harness.admin.approveDevice(challengeId: phase.challengeId)
        XCTAssertEqual(again, ack)
        let otherChallenge = await authError { () async throws(FolioAuthError) in
            try await harness.client.completeDeviceLink(
                ceremonyId: ceremony.id, challengeId: "dac_other", transferAck: ack, idempotencyKey: self.key())
        }
        XCTAssertEqual(otherChallenge?.code, .transferAckInvalid)

        let done = try await harness.client.completeDeviceLink(
            ceremonyId: ceremony.id, challengeId: phase.challengeId, transferAck: ack, idempotencyKey: key())
        XCTAssertEqual(done.completion?.identity, .authenticated(userId: "acct_omar", email: "omar@example.org"))
    }

    func testExpiredChallengeIsRejected() async throws {
        let harness = try await startEmulator()
        let (ceremony, phase) = try await approvalStep(harness)
        let ack = try await harness.admin.approveDevice(challengeId: phase.challengeId)
        try await harness.admin.advanceClock(seconds: 240)
        let later = try await harness.client.ceremony(id: ceremony.id)
        guard case .deviceApproval(let remaining) = later.awaitingInput?.phase else { return XCTFail("\(later.step)") }
        XCTAssertEqual(remaining.expiresInSeconds, 60)

        try await harness.admin.advanceClock(seconds: 61)
        let expired = await authError { () async throws(FolioAuthError) in
            try await harness.client.completeDeviceLink(
                ceremonyId: ceremony.id, challengeId: phase.challengeId, transferAck: ack, idempotencyKey: self.key())
        }
        XCTAssertEqual(expired?.code, .challengeExpired)
        XCTAssertEqual(expired?.status, 410)
        do {
            _ = try await harness.admin.approveDevice(challengeId: phase.challengeId)
            XCTFail("approved an expired challenge")
        } catch {
            XCTAssertEqual(error, .adminRequestFailed)
            XCTAssertTrue(error.detail.contains("CHALLENGE_EXPIRED"), error.detail)
        }
    }

    func testRecoveryCodeReplacesTheApproval() async throws {
        let harness = try await startEmulator()
        let (ceremony, _) = try await approvalStep(harness)
        let selected = try await harness.client.selectAlternative(
            ceremonyId: ceremony.id, .recoveryCode, idempotencyKey: key())
        let proof = try await FolioAuthProof.recoveryCode(
            "OMAR-3HVN-8RLC-2ZEG", derivation: derivation(awaiting(selected).phase))
        let done = try await answer(harness, selected, .recoveryCode(proof: proof))
        XCTAssertNotNil(done.completion)
        // A device link is refused once the step is no longer a device approval.
        let stale = await authError { () async throws(FolioAuthError) in
            try await harness.client.completeDeviceLink(
                ceremonyId: ceremony.id, challengeId: "dac", transferAck: "x", idempotencyKey: self.key())
        }
        XCTAssertEqual(stale?.code, .ceremonyEnded)
    }

    func testTrustedDeviceNeedsNoApproval() async throws {
        let harness = try await startEmulator()
        let phone = FolioAuthDevice(id: "dev_omar_phone", platform: .ios, fingerprint: "fp-phone")
        let done = try await signIn(harness, email: "omar@example.org", device: phone)
        let completed = try await answer(harness, done, passwordAnswer("omar-Password-4", for: done))
        XCTAssertEqual(completed.completion?.session.deviceId, "dev_omar_phone")
    }
}
