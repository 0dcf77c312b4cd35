import AuthService
import Crypto
import FolioClient
import FolioModel
import XCTest

/// A verification's proof is checked downstream against Folio's published keys (spec "Verification"): the
/// signature, the session and account verified, the expiry and the operation it is bound to.
final class VerificationTokenTests: XCTestCase {
    private let key = try! Ed25519.PrivateKey(seed: [UInt8](repeating: 7, count: 32))
    private let otherKey = try! Ed25519.PrivateKey(seed: [UInt8](repeating: 9, count: 32))
    private let operation = FolioVerificationOperation(
        operationType: .deleteAccount, binding: "doc_7", displayText: "Delete your account")
    private var jwks: JWKSet { JWKSet(keys: [JWK(publicKey: key.publicKey, kid: "k1")]) }

    private var claims: JSONObject {
        [
            "iss": "folio-emulator", "typ": "folio-verification", "sub": "usr_1", "sid": "ses_1", "cer": "cer_1",
            "iat": 1000, "exp": 1300,
            "op": ["operationType": ["type": "DELETE_ACCOUNT"], "binding": "doc_7", "displayText": nil],
        ]
    }

    private func token(_ claims: JSONObject, kid: String = "k1", key: Ed25519.PrivateKey? = nil) throws
        -> String
    {
        try JWS.sign(
            payload: JSONValue.object(claims).serialized(),
            protectedHeader: "{\"alg\":\"EdDSA\",\"kid\":\"\(kid)\",\"typ\":\"JWT\"}", key: key ?? self.key)
    }

    private var expected: FolioVerificationToken.Expectation {
        .init(sessionId: "ses_1", accountId: "usr_1", operation: operation)
    }

    func testATokenFolioSignedForThisSessionAccountAndOperationIsAccepted() throws {
        let verified = try FolioVerificationToken.verify(try token(claims), jwks: jwks, expected: expected, now: 1100)
        XCTAssertEqual(verified.cer, "cer_1")
        XCTAssertEqual(verified.op?.binding, "doc_7")
    }

    func testTheProofKeptByTheStoreVerifiesWithFolioKeys() async throws {
        let proof = AuthVerificationProof(token: try token(claims), sessionId: "ses_1", operation: operation)
        let keys = FolioSigningKeys { [jwks] in jwks }
        let verified = try await proof.verify(keys: keys, accountId: "usr_1", operation: operation, now: 1100)
        XCTAssertEqual(verified.sub, "usr_1")
        do {
            _ = try await proof.verify(keys: keys, accountId: "usr_9", operation: operation, now: 1100)
            XCTFail("another account")
        } catch {
            XCTAssertTrue(error.reason.contains("sub"), "\(error)")
        }
    }

    func testAnotherKeysSignatureOrAnUnknownKeyIsRefused() throws {
        assertRefused(try token(claims, key: otherKey), "does not verify")
        assertRefused(try token(claims, kid: "k2"), "no key k2")
    }

    func testClaimsForAnotherSessionAccountOrTypeAreRefused() throws {
        for (name, value) in [("sid", "ses_9"), ("sub", "usr_9"), ("typ", "folio-session")] {
            var changed = claims
            changed[name] = .string(value)
            assertRefused(try token(changed), name)
        }
    }

    func testAnExpiredOrFutureTokenIsRefused() throws {
        assertRefused(try token(claims), "expired", now: 1300)
        assertRefused(try token(claims), "future", now: 1000 - FolioVerificationToken.allowedClockSkew - 1)
    }

    func testTheOperationMustMatchByTypeAndBinding() throws {
        var otherBinding = claims
        otherBinding["op"] = ["operationType": ["type": "DELETE_ACCOUNT"], "binding": "doc_8"]
        assertRefused(try token(otherBinding), "op")
        var otherType = claims
        otherType["op"] = ["operationType": ["type": "EXPORT_DATA"], "binding": "doc_7"]
        assertRefused(try token(otherType), "op")
        var unbound = claims
        unbound["op"] = nil
        assertRefused(try token(unbound), "op")
        // An operation-bound token does not stand in for a verification of the account in general.
        assertRefused(try token(claims), "op", expected: .init(sessionId: "ses_1", accountId: "usr_1"))
        XCTAssertNoThrow(
            try FolioVerificationToken.verify(
                try token(unbound), jwks: jwks, expected: .init(sessionId: "ses_1", accountId: "usr_1"), now: 1100))
    }

    private func assertRefused(
        _ token: String, _ mention: String, now: Int64 = 1100,
        expected: FolioVerificationToken.Expectation? = nil, line: UInt = #line
    ) {
        do {
            _ = try FolioVerificationToken.verify(token, jwks: jwks, expected: expected ?? self.expected, now: now)
            XCTFail("accepted", line: line)
        } catch {
            XCTAssertTrue(error.reason.contains(mention), "\(error)", line: line)
        }
    }
}
