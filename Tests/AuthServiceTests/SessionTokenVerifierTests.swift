import AuthService
import Crypto
import FolioClient
import FolioModel
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

    private var claims: JSONValue {
        ["typ": "folio-session", "sid": "ses_2", "org": "org_test", "sub": "usr_42", "iat": 1, "exp": 2]
    }

    private func completion(_ token: String?) -> AuthCompletion {
        AuthCompletion(identity: F.identity, session: F.session, sessionToken: token)
    }

    private func verifier(fetches counter: Counter? = nil) -> SessionTokenVerifier {
        let jwks = JWKSet(keys: [JWK(publicKey: key.publicKey, kid: "k1")])
        return SessionTokenVerifier {
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

    func testKeysThatCannotBeFetchedRefuseTheSwitch() async throws {
        struct Down: Error {}
        let verifier = SessionTokenVerifier { throw Down() }
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
