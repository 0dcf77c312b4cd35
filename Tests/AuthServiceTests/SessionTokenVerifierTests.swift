import AuthService
import Crypto
import FolioClient
import FolioModel
import Foundation
import XCTest

/// The session switch takes a ceremony's identity only with a session token Folio signed for that session
/// (spec "State": when the session cannot switch, the ceremony reports SessionUnavailable).
final class SessionTokenVerifierTests: XCTestCase {
    typealias F = AuthFixtures

    private let key = try! Ed25519.PrivateKey(seed: [UInt8](repeating: 7, count: 32))
    private let otherKey = try! Ed25519.PrivateKey(seed: [UInt8](repeating: 9, count: 32))

    private func token(_ claims: JSONValue, kid: String = "k1", key: Ed25519.PrivateKey? = nil) throws -> String {
        try JWS.sign(
            payload: claims.serialized(), protectedHeader: "{\"alg\":\"EdDSA\",\"kid\":\"\(kid)\",\"typ\":\"JWT\"}",
            key: key ?? self.key)
    }

    /// The verifier's clock: 2027-01-15T08:00:00Z.
    private static let now: Int64 = 1_800_000_000
    private let policy = SessionTokenPolicy(
        issuer: "folio-test", leewaySeconds: 60,
        now: { Date(timeIntervalSince1970: Double(SessionTokenVerifierTests.now)) })

    private var claims: JSONValue {
        [
            "iss": "folio-test", "typ": "folio-session", "sid": "ses_2", "org": "org_test", "sub": "usr_42",
            "iat": .int(Self.now - 10), "exp": .int(Self.now + 3600),
        ]
    }

    private func claims(changing name: String, to value: JSONValue) -> JSONValue {
        guard case .object(var members) = claims else { return claims }
        members[name] = value
        return .object(members)
    }

    private func completion(_ token: String?) -> AuthCompletion {
        AuthCompletion(identity: F.identity, session: F.session, sessionToken: token)
    }

    private func verifier(fetches counter: Counter? = nil) -> SessionTokenVerifier {
        let jwks = JWKSet(keys: [JWK(publicKey: key.publicKey, kid: "k1")])
        return SessionTokenVerifier(policy: policy) {
            await counter?.increment()
            return jwks
        }
    }

    func testATokenSignedByFolioForTheSessionIsAccepted() async throws {
        let counter = Counter()
        let verifier = verifier(fetches: counter)
        try await verifier.verify(completion(try token(claims)), organizationID: "org_test")
        try await verifier.verify(completion(try token(claims)), organizationID: "org_test")
        let fetches = await counter.value
        XCTAssertEqual(fetches, 1, "the keys are cached")
    }

    func testAMissingTokenIsRefused() async {
        await assertRefused(completion(nil), "no session token")
    }

    func testAnotherKeysSignatureIsRefused() async throws {
        await assertRefused(completion(try token(claims, key: otherKey)), "signature")
    }

    func testAnUnknownKeyIdFetchesTheKeysAgainAndIsRefused() async throws {
        let counter = Counter()
        let verifier = verifier(fetches: counter)
        try await verifier.verify(completion(try token(claims)), organizationID: "org_test")
        do {
            try await verifier.verify(completion(try token(claims, kid: "k2")), organizationID: "org_test")
            XCTFail("a key Folio does not publish")
        } catch {
            XCTAssertTrue(String(describing: error).contains("k2"), "\(error)")
        }
        let fetches = await counter.value
        XCTAssertEqual(fetches, 2, "an unknown kid fetches the keys again")
    }

    func testClaimsForAnotherSessionOrganizationOrAccountAreRefused() async throws {
        for (name, value) in [("sid", "ses_9"), ("org", "org_other"), ("sub", "usr_9"), ("typ", "folio-verification")] {
            var changed = claims
            if case .object(var members) = changed {
                members[name] = .string(value)
                changed = .object(members)
            }
            await assertRefused(completion(try token(changed)), name)
        }
    }

    func testATokenExpiredMoreThanTheSixtySecondSkewAgoIsRefusedAsExpired() async throws {
        await assertRefused(completion(try token(claims(changing: "exp", to: .int(Self.now - 61)))), "expired at")
    }

    func testATokenExpiredExactlySixtySecondsAgoIsAcceptedWithinTheSkew() async throws {
        try await verifier().verify(
            completion(try token(claims(changing: "exp", to: .int(Self.now - 60)))), organizationID: "org_test")
    }

    func testATokenIssuedMoreThanTheSixtySecondSkewInTheFutureIsRefused() async throws {
        await assertRefused(completion(try token(claims(changing: "iat", to: .int(Self.now + 61)))), "was issued at")
    }

    func testATokenIssuedExactlySixtySecondsInTheFutureIsAcceptedWithinTheSkew() async throws {
        try await verifier().verify(
            completion(try token(claims(changing: "iat", to: .int(Self.now + 60)))), organizationID: "org_test")
    }

    func testExtremeIatAndExpValuesAreJudgedWithoutOverflow() async throws {
        let farFuture = claims(changing: "exp", to: .int(Int64.max))
        try await verifier().verify(completion(try token(farFuture)), organizationID: "org_test")
        await assertRefused(completion(try token(claims(changing: "iat", to: .int(Int64.max)))), "was issued at")
        await assertRefused(completion(try token(claims(changing: "exp", to: .int(Int64.min)))), "expired at")
    }

    func testATokenOfAnotherIssuerIsRefusedNamingBothIssuers() async throws {
        await assertRefused(
            completion(try token(claims(changing: "iss", to: "folio-elsewhere"))),
            "iss is folio-elsewhere, not folio-test")
    }

    func testATokenWithoutIssuerIsRefused() async throws {
        guard case .object(var members) = claims else { return XCTFail("claims are an object") }
        members["iss"] = nil
        await assertRefused(completion(try token(.object(members))), "iss is nobody")
    }

    func testATokenWithoutExpiryOrIssueTimeIsRefusedAsMalformed() async throws {
        for name in ["exp", "iat"] {
            guard case .object(var members) = claims else { return XCTFail("claims are an object") }
            members[name] = nil
            await assertRefused(completion(try token(.object(members))), "no \(name)")
            await assertRefused(completion(try token(claims(changing: name, to: "soon"))), "no \(name)")
        }
    }

    func testKeysThatCannotBeFetchedRefuseTheSwitch() async throws {
        struct Down: Error {}
        let verifier = SessionTokenVerifier(policy: policy) { throw Down() }
        do {
            try await verifier.verify(completion(try token(claims)), organizationID: "org_test")
            XCTFail("no keys, no switch")
        } catch {
            XCTAssertTrue(String(describing: error).contains("cannot be fetched"), "\(error)")
        }
    }

    private func assertRefused(_ completion: AuthCompletion, _ mention: String, line: UInt = #line) async {
        do {
            try await verifier().verify(completion, organizationID: "org_test")
            XCTFail("accepted", line: line)
        } catch {
            XCTAssertTrue(String(describing: error).contains(mention), "\(error)", line: line)
        }
    }
}

private actor Counter {
    var value = 0
    func increment() { value += 1 }
}
