import Crypto
import FolioClient
import FolioEmulator
import FolioModel
import XCTest

final class AuthPasskeyTests: AuthTestCase {
    private func assertion(_ harness: Harness, _ credentialId: String, _ request: FolioPasskeyRequest) async throws
        -> FolioPasskeyAssertion
    {
        try await harness.admin.passkeyAssertion(credentialId: credentialId, challenge: request.challenge)
            .decode(FolioPasskeyAssertion.self)
    }

    private func passkeyRequest(_ phase: FolioAuthPhase?, file: StaticString = #filePath, line: UInt = #line) throws
        -> FolioPasskeyRequest
    {
        guard case .passkey(let request) = phase else {
            XCTFail("no passkey request in \(String(describing: phase))", file: file, line: line)
            throw AuthTestError.unexpectedPhase
        }
        return request
    }

    func testPasskeyIsOfferedOnlyToClientsThatSupportIt() async throws {
        let harness = try await startEmulator()
        let without = try await signIn(harness, email: "chen.wei@example.net", passkeys: false)
        XCTAssertEqual(try awaiting(without).alternatives, [.otp, .socialRedirect])
        let refused = await authError { () async throws(FolioAuthError) in
            try await harness.client.selectAlternative(ceremonyId: without.id, .passkey, idempotencyKey: self.key())
        }
        XCTAssertEqual(refused?.code, .invalidState)

        let with = try await signIn(harness, email: "chen.wei@example.net", passkeys: true)
        XCTAssertEqual(try awaiting(with).alternatives, [.otp, .passkey, .socialRedirect])
        let selected = try await harness.client.selectAlternative(ceremonyId: with.id, .passkey, idempotencyKey: key())
        let request = try passkeyRequest(awaiting(selected).phase)
        XCTAssertEqual(request.rpId, "localhost")
        XCTAssertEqual(
            request.allowCredentials, [FolioPasskeyCredentialDescriptor(type: "public-key", id: "pk_chen_laptop")])
        XCTAssertEqual(request.timeout, 120_000)
        XCTAssertEqual(try Base64URL.decode(request.challenge).count, 32)
        let done = try await answer(harness, selected, .passkey(assertion(harness, "pk_chen_laptop", request)))
        XCTAssertEqual(done.completion?.identity, .authenticated(userId: "acct_chen", email: "chen.wei@example.net"))
    }

    func testPasskeyOnlyAccountWithoutSupportIsUnsupported() async throws {
        let harness = try await startEmulator()
        let ceremony = try await signIn(harness, email: "pia@example.org", passkeys: false)
        XCTAssertEqual(ceremony.failure?.code, .unsupported(capability: "PASSKEY"))
        XCTAssertEqual(ceremony.failure?.code.endsCeremony, true)

        let supported = try await signIn(harness, email: "pia@example.org", passkeys: true)
        let step = try awaiting(supported)
        XCTAssertEqual(step.alternatives, [])
        let request = try passkeyRequest(step.phase)
        let done = try await answer(harness, supported, .passkey(assertion(harness, "pk_pia_phone", request)))
        XCTAssertEqual(done.completion?.identity, .authenticated(userId: "acct_pia", email: "pia@example.org"))
    }

    func testBadAssertionsFail() async throws {
        let harness = try await startEmulator()
        let ceremony = try await signIn(harness, email: "pia@example.org", passkeys: true)
        let request = try passkeyRequest(awaiting(ceremony).phase)
        let good = try await assertion(harness, "pk_pia_phone", request)
        var otherChallenge = try await harness.admin.passkeyAssertion(
            credentialId: "pk_pia_phone", challenge: Base64URL.encode([UInt8](repeating: 1, count: 32))
        ).decode(FolioPasskeyAssertion.self)
        otherChallenge.credentialId = "pk_pia_phone"
        var badSignature = good
        badSignature.signature = try await assertion(harness, "pk_chen_laptop", request).signature
        let otherAccount = try await assertion(harness, "pk_chen_laptop", request)
        var unknown = good
        unknown.credentialId = "pk_nobody"
        for (name, value) in [
            ("other challenge", otherChallenge), ("bad signature", badSignature), ("other account", otherAccount),
            ("unknown credential", unknown),
        ] {
            let error = await authError { () async throws(FolioAuthError) in
                try await harness.client.answer(ceremonyId: ceremony.id, .passkey(value), idempotencyKey: self.key())
            }
            XCTAssertEqual(error?.code, .passkeyFailed, name)
        }
        let done = try await answer(harness, ceremony, .passkey(good))
        XCTAssertNotNil(done.completion)
    }

    func testPasskeyWithPasswordInOneAnswer() async throws {
        let harness = try await startEmulator()
        let unsupported = try await signIn(harness, email: "ravi@example.org", passkeys: false)
        XCTAssertEqual(unsupported.failure?.code, .unsupported(capability: "PASSKEY"))

        let ceremony = try await signIn(harness, email: "ravi@example.org", passkeys: true)
        let step = try awaiting(ceremony)
        XCTAssertEqual(step.phase.method, .password)
        let request = try passkeyRequest(step.secondInput)
        XCTAssertEqual(request.allowCredentials.map(\.id), ["pk_ravi_key"])
        let password = try await passwordAnswer("ravi-Password-3", for: ceremony)
        let passkey = try await assertion(harness, "pk_ravi_key", request)

        let wrongPassword = try await passwordAnswer("not-ravis", for: ceremony)
        let refused = await authError { () async throws(FolioAuthError) in
            try await harness.client.answer(
                ceremonyId: ceremony.id, wrongPassword, secondAnswer: .passkey(passkey), idempotencyKey: self.key())
        }
        XCTAssertEqual(refused?.code, .wrongPassword)
        let done = try await answer(harness, ceremony, password, second: .passkey(passkey))
        XCTAssertEqual(done.completion?.identity, .authenticated(userId: "acct_ravi", email: "ravi@example.org"))
    }

    func testAnonymousPasskeyIdentifiesTheAccount() async throws {
        let harness = try await startEmulator()
        let ceremony = try await start(harness, .signIn(identifier: nil), passkeys: true)
        let step = try awaiting(ceremony)
        XCTAssertEqual(step.alternatives, [.socialRedirect])
        let request = try passkeyRequest(step.phase)
        XCTAssertEqual(request.allowCredentials, [])

        // Nothing to recover yet: the sign-in has no account.
        let recovery = await authError { () async throws(FolioAuthError) in
            try await harness.client.startCeremony(
                FolioCeremonyStart(
                    organizationId: "org_bluebank", kind: .recoveryContinuing(ceremonyId: ceremony.id),
                    device: Self.device, supportsPasskeys: true), idempotencyKey: self.key())
        }
        XCTAssertEqual(recovery?.code, .unknownAccount)

        let done = try await answer(harness, ceremony, .passkey(assertion(harness, "pk_chen_laptop", request)))
        XCTAssertEqual(done.completion?.identity, .authenticated(userId: "acct_chen", email: "chen.wei@example.net"))
    }
}
