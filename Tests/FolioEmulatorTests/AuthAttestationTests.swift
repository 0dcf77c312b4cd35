import Crypto
import FolioClient
import FolioEmulator
import FolioModel
import XCTest

final class AuthAttestationTests: AuthTestCase {
    /// Signs in lena (an account of the `int_nordhealth` integrator) up to the attestation step.
    private func attestationStep(_ harness: Harness) async throws -> (FolioCeremony, FolioIntegratorAttestationPhase) {
        let ceremony = try await signIn(harness, email: "lena@example.com", organization: "org_nordhealth")
        let next = try await answer(harness, ceremony, passwordAnswer("lena-Password-5", for: ceremony))
        guard case .integratorAttestation(let phase) = try awaiting(next).phase else {
            XCTFail("\(next.step)")
            throw AuthTestError.unexpectedPhase
        }
        return (next, phase)
    }

    func testAttestationSignedByTheIntegratorKeyIsAccepted() async throws {
        let harness = try await startEmulator()
        let (ceremony, phase) = try await attestationStep(harness)
        XCTAssertEqual(phase.integratorId, "int_nordhealth")
        XCTAssertFalse(phase.nonce.isEmpty)
        let now = Int64(try await harness.admin.now().timeIntervalSince1970)
        let jwt = try attestation([
            "iss": "int_nordhealth", "email": "lena@example.com", "nonce": .string(phase.nonce), "iat": .int(now),
            "exp": .int(now + 60),
        ])
        let done = try await answer(harness, ceremony, .integratorAttestation(jwt: jwt))
        XCTAssertEqual(done.completion?.identity, .authenticated(userId: "acct_lena", email: "lena@example.com"))
    }

    func testWrongNonceBadSignatureOrExpiryAreRejected() async throws {
        let harness = try await startEmulator()
        let (ceremony, phase) = try await attestationStep(harness)
        let now = Int64(try await harness.admin.now().timeIntervalSince1970)
        let otherKey = (0x60..<0x80).map { UInt8($0) }
        let cases: [(String, String)] = [
            ("wrong nonce", try attestation(["nonce": "not-the-nonce"])),
            ("other key", try attestation(["nonce": .string(phase.nonce)], seed: otherKey)),
            ("expired", try attestation(["nonce": .string(phase.nonce), "exp": .int(now - 1)])),
            ("other person", try attestation(["nonce": .string(phase.nonce), "email": "mallory@example.com"])),
            ("not a JWT", "a.b"),
        ]
        for (name, jwt) in cases {
            let error = await authError { () async throws(FolioAuthError) in
                try await harness.client.answer(
                    ceremonyId: ceremony.id, .integratorAttestation(jwt: jwt), idempotencyKey: self.key())
            }
            XCTAssertEqual(error?.code, .attestationInvalid, name)
        }
        // A token whose signature was tampered with fails too.
        let good = try attestation(["nonce": .string(phase.nonce)])
        var parts = good.split(separator: ".").map(String.init)
        let forged: JSONValue = ["nonce": .string(phase.nonce), "admin": true]
        parts[1] = Base64URL.encode(forged.serialized())
        let tampered = parts.joined(separator: ".")
        let error = await authError { () async throws(FolioAuthError) in
            try await harness.client.answer(
                ceremonyId: ceremony.id, .integratorAttestation(jwt: tampered), idempotencyKey: self.key())
        }
        XCTAssertEqual(error?.code, .attestationInvalid)
        let done = try await answer(harness, ceremony, .integratorAttestation(jwt: good))
        XCTAssertNotNil(done.completion)
    }

    func testSignUpThroughTheIntegratorAsksForTheAttestationFirst() async throws {
        let harness = try await startEmulator()
        let ceremony = try await signIn(harness, email: "new.patient@example.com", organization: "org_nordhealth")
        guard case .integratorAttestation(let phase) = try awaiting(ceremony).phase else {
            return XCTFail("\(ceremony.step)")
        }
        let jwt = try attestation(["nonce": .string(phase.nonce), "email": "new.patient@example.com"])
        let password = try await answer(harness, ceremony, .integratorAttestation(jwt: jwt))
        let derivation = try derivation(awaiting(password).phase)
        let done = try await answer(
            harness, password,
            .newPassword(
                proof: FolioAuthProof.password("Patient-passphrase", derivation: derivation),
                strength: FolioPasswordStrength(measuring: "Patient-passphrase")))
        let completion = try XCTUnwrap(done.completion)
        XCTAssertNotNil(completion.recoveryCode)

        // The new account is the integrator's: its next sign-in asks for an attestation again.
        let next = try await signIn(harness, email: "new.patient@example.com", organization: "org_nordhealth")
        let afterPassword = try await answer(harness, next, passwordAnswer("Patient-passphrase", for: next))
        XCTAssertEqual(try awaiting(afterPassword).phase.method, .integratorAttestation)
    }
}
