import Crypto
import FolioClient
import FolioEmulator
import FolioModel
import Foundation
import XCTest

enum AuthTestError: Error {
    case unexpectedPhase
}

/// Helpers for the authentication tests: starting ceremonies, deriving proofs, reading typed errors.
class AuthTestCase: EmulatorTestCase {
    static let device = FolioAuthDevice(id: "dev_laptop", platform: .web, fingerprint: "fp-laptop-1")
    /// The fixture account passwords and codes (Services/FolioEmulator/Fixtures).
    static let chenPassword = "chen-Password-1"
    static let chenRecoveryCode = "CHEN-7K2M-9QXD-4TWP"
    static let danaPassword = "dana-Password-2"
    static let danaTotpSecret = "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP"
    /// The seed of the `int_nordhealth` integrator key (its public half is in auth-policies.json).
    static let integratorSeed = (0x40..<0x60).map { UInt8($0) }

    private var keys = 0

    /// A fresh Idempotency-Key.
    func key() -> String {
        keys += 1
        return "auth-test-\(keys)"
    }

    func start(
        _ harness: Harness, _ kind: FolioCeremonyKind, organization: String = "org_bluebank", passkeys: Bool = false,
        device: FolioAuthDevice = AuthTestCase.device
    ) async throws -> FolioCeremony {
        try await harness.client.startCeremony(
            FolioCeremonyStart(organizationId: organization, kind: kind, device: device, supportsPasskeys: passkeys),
            idempotencyKey: key())
    }

    func signIn(
        _ harness: Harness, email: String, organization: String = "org_bluebank", passkeys: Bool = false,
        device: FolioAuthDevice = AuthTestCase.device
    ) async throws -> FolioCeremony {
        try await start(
            harness, .signIn(identifier: .email(email)), organization: organization, passkeys: passkeys, device: device)
    }

    func answer(
        _ harness: Harness, _ ceremony: FolioCeremony, _ answer: FolioCeremonyAnswer,
        second: FolioCeremonyAnswer? = nil
    ) async throws -> FolioCeremony {
        try await harness.client.answer(
            ceremonyId: ceremony.id, answer, secondAnswer: second, idempotencyKey: key())
    }

    /// The waiting step, failing the test when the ceremony does not wait.
    func awaiting(_ ceremony: FolioCeremony, file: StaticString = #filePath, line: UInt = #line) throws
        -> FolioAwaitingInput
    {
        try XCTUnwrap(ceremony.awaitingInput, "expected AWAITING_INPUT, got \(ceremony.step)", file: file, line: line)
    }

    /// The derivation of a PASSWORD, RECOVERY_CODE or NEW_PASSWORD phase.
    func derivation(_ phase: FolioAuthPhase?, file: StaticString = #filePath, line: UInt = #line) throws
        -> FolioKeyDerivation
    {
        switch phase {
        case .password(let value): return value.derivation
        case .recoveryCode(let value): return value.derivation
        case .newPassword(let value): return value.derivation
        default:
            XCTFail("no derivation in \(String(describing: phase))", file: file, line: line)
            throw AuthTestError.unexpectedPhase
        }
    }

    func passwordAnswer(_ password: String, for ceremony: FolioCeremony) async throws -> FolioCeremonyAnswer {
        .password(proof: try await FolioAuthProof.password(password, derivation: derivation(awaiting(ceremony).phase)))
    }

    /// Signs in with a password and returns the completed ceremony.
    func signInWithPassword(_ harness: Harness, email: String, password: String) async throws -> FolioCeremony {
        let ceremony = try await signIn(harness, email: email)
        return try await answer(harness, ceremony, passwordAnswer(password, for: ceremony))
    }

    /// The error `body` throws, failing the test if it succeeds.
    func authError<T>(
        _ body: () async throws(FolioAuthError) -> T, file: StaticString = #filePath, line: UInt = #line
    ) async -> FolioAuthError? {
        do {
            let value = try await body()
            XCTFail("expected a FolioAuthError, got \(value)", file: file, line: line)
            return nil
        } catch {
            return error
        }
    }

    /// The TOTP code an authenticator app shows at `date`.
    func totpCode(_ secret: String, at date: Date) throws -> String {
        try TOTP(secret: TOTP.base32Decode(secret)).code(at: Int64(date.timeIntervalSince1970))
    }

    /// An attestation JWT signed with `seed`.
    func attestation(_ claims: JSONValue, seed: [UInt8] = AuthTestCase.integratorSeed) throws -> String {
        try JWS.sign(
            payload: claims.serialized(), protectedHeader: #"{"alg":"EdDSA","typ":"JWT"}"#,
            key: Ed25519.PrivateKey(seed: seed))
    }
}

/// Checks of the shared helpers against the fixtures, so a broken fixture shows up here first.
final class AuthTests: AuthTestCase {
    func testFixtureAccountsCarryTheirAuthenticationFields() async throws {
        let harness = try await startEmulator()
        let chen = try await signIn(harness, email: "chen.wei@example.net", passkeys: true)
        let step = try awaiting(chen)
        XCTAssertEqual(step.phase.method, .password)
        XCTAssertEqual(step.alternatives, [.otp, .passkey, .socialRedirect])
        let derivation = try derivation(step.phase)
        XCTAssertEqual(try Base64URL.decode(derivation.salt).count, PasswordHash.saltLength)
        XCTAssertEqual(derivation.length, 32)
        XCTAssertEqual(derivation.limits, PasswordHash.Limits(opsLimit: 1, memLimit: 8192))
        let now = try await harness.admin.now()
        XCTAssertGreaterThan(chen.expiresAt, now)
    }

    func testFixturesWithoutAuthenticationCollectionsStillLoad() async throws {
        let folder = try TemporaryFixtures([
            "organizations.json": TemporaryFixtures.organizations,
            "accounts.json": #"{"accounts": [{"id": "acct_x", "organizationId": "org_a", "email": "x@example.com"}]}"#,
        ])
        let harness = try await startEmulator { $0.fixturesPath = folder.path }
        let ceremony = try await signIn(harness, email: "x@example.com", organization: "org_a")
        // Without a password the account signs in with a code by email.
        guard case .otp(let otp) = try awaiting(ceremony).phase else { return XCTFail("\(ceremony.step)") }
        XCTAssertEqual(otp.channel, .email)
        XCTAssertEqual(otp.destination, "x***@example.com")
    }

    func testBadAuthenticationFixturesFailTheStart() async throws {
        let cases: [(String, String, String)] = [
            (
                "accounts.json",
                #"{"accounts": [{"id": "a1", "organizationId": "org_a", "email": "a@b.c", "totpSecret": "!!"}]}"#,
                "totpSecret"
            ),
            (
                "accounts.json",
                #"{"accounts": [{"id": "a1", "organizationId": "org_a", "email": "a@b.c", "requiresTotp": true}]}"#,
                "requiresTotp"
            ),
            ("policies.json", #"{"authPolicies": [{"id": "p", "maxStarts": 0}]}"#, "maxStarts"),
            ("policies.json", #"{"authPolicies": [{"id": "p", "colour": "blue"}]}"#, "colour"),
            (
                "policies.json", #"{"authIntegrators": [{"id": "i", "organizationId": "org_a", "publicKey": "x"}]}"#,
                "publicKey"
            ),
        ]
        for (file, contents, detail) in cases {
            let folder = try TemporaryFixtures(["organizations.json": TemporaryFixtures.organizations, file: contents])
            do {
                _ = try await startEmulator { $0.fixturesPath = folder.path }
                XCTFail("started with \(contents)")
            } catch let error as EmulatorError {
                XCTAssertEqual(error, .invalidFixture, contents)
                XCTAssertTrue(error.detail.contains(detail), "\(error)")
            }
        }
    }
}
