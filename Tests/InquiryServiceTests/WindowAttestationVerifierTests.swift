import Crypto
import FolioModel
import Synchronization
import XCTest

@testable import InquiryService

/// The window attestation of a launch code exchange (spec "Entries": one that does not verify is
/// WindowAttestationInvalid), checked against Folio's published Ed25519 keys.
final class WindowAttestationVerifierTests: XCTestCase {
    let key = Ed25519.PrivateKey.generate()
    let keyFetches = CallCounter()

    func attestation(kid: String = "k1", signer: Ed25519.PrivateKey? = nil, claims: JSONObject = [:]) throws
        -> String
    {
        var payload: JSONObject = [
            "typ": "folio.window", "sub": "inq_1", "org": "org-demo", "dev": "dev_1", "cid": "cor_1", "iat": 1,
            "exp": 2,
        ]
        for (name, value) in claims { payload[name] = value }
        return try JWS.sign(
            payload: JSONValue.object(payload).serialized(), protectedHeader: #"{"alg":"EdDSA","kid":"\#(kid)"}"#,
            key: signer ?? key)
    }

    func verifier() -> WindowAttestationVerifier {
        let keys = JWKSet(keys: [JWK(publicKey: key.publicKey, kid: "k1")])
        let keyFetches = self.keyFetches
        return WindowAttestationVerifier(fetchKeys: {
            keyFetches.count.withLock { $0 += 1 }
            return keys
        })
    }

    func failure(_ jws: String, inquiry: String = "inq_1") async -> InquiryError? {
        do {
            try await verifier().verify(jws, inquiryID: inquiry, organizationID: "org-demo", deviceID: "dev_1")
            return nil
        } catch {
            return error
        }
    }

    func testRuleAnAttestationSignedByFoliosKeyForThisInquiryOrganizationAndDeviceVerifies() async throws {
        let verifier = verifier()
        try await verifier.verify(try attestation(), inquiryID: "inq_1", organizationID: "org-demo", deviceID: "dev_1")
        try await verifier.verify(try attestation(), inquiryID: "inq_1", organizationID: "org-demo", deviceID: "dev_1")
        XCTAssertEqual(keyFetches.count.withLock { $0 }, 1, "the keys are fetched once and cached")
    }

    func testRuleAnAttestationThatDoesNotVerifyIsWindowAttestationInvalid() async throws {
        let stranger = Ed25519.PrivateKey.generate()
        for jws in [
            try attestation(signer: stranger), try attestation(kid: "unknown"),
            try attestation(claims: ["sub": "inq_other"]), try attestation(claims: ["dev": "dev_other"]),
            try attestation(claims: ["org": "org_other"]), try attestation(claims: ["typ": "folio-session"]),
            "not-a-jws",
        ] {
            let error = await failure(jws)
            guard case .windowAttestationInvalid? = error else {
                return XCTFail("\(jws.prefix(40)): \(String(describing: error))")
            }
        }
    }

    func testKeysThatCannotBeFetchedAreANetworkError() async throws {
        let verifier = WindowAttestationVerifier(fetchKeys: { throw URLError(.notConnectedToInternet) })
        do {
            try await verifier.verify(
                try attestation(), inquiryID: "inq_1", organizationID: "org-demo", deviceID: "dev_1")
            XCTFail("no keys")
        } catch {
            guard case .network? = error as? InquiryError else { return XCTFail("\(error)") }
        }
    }
}

/// Counts calls from a `@Sendable` closure.
final class CallCounter: Sendable {
    let count = Mutex(0)
}
