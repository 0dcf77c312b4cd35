import Crypto
import FolioClient
import FolioModel

/// Verifies the signed window attestation Folio returns with a launch code exchange: an EdDSA compact JWS by a
/// key of Folio's JWKS (cached; fetched again for an unknown key id), with claims naming this inquiry,
/// organization and device. One that does not verify is WindowAttestationInvalid.
public actor WindowAttestationVerifier {
    private let fetchKeys: @Sendable () async throws -> JWKSet
    private var keys: JWKSet?

    public init(fetchKeys: @escaping @Sendable () async throws -> JWKSet) {
        self.fetchKeys = fetchKeys
    }

    public func verify(_ attestation: String, inquiryID: String, organizationID: String, deviceID: String)
        async throws(InquiryError)
    {
        guard let kid = (try? JWS.unverifiedKeyID(of: attestation)) ?? nil else {
            throw .windowAttestationInvalid(reason: "the attestation is not a JWS with a key id")
        }
        if keys?.key(withID: kid) == nil {
            do {
                keys = try await fetchKeys()
            } catch {
                throw .network(message: "Folio's signing keys cannot be fetched: \(error)")
            }
        }
        guard let jwk = keys?.key(withID: kid), let key = try? jwk.publicKey() else {
            throw .windowAttestationInvalid(reason: "signed with a key Folio does not publish (\(kid))")
        }
        guard let payload = try? JWS.verify(attestation, publicKey: key).payload,
            let claims = try? JSONParser.parse(payload)
        else {
            throw .windowAttestationInvalid(reason: "the signature does not verify")
        }
        let expected = ["typ": "folio.window", "sub": inquiryID, "org": organizationID, "dev": deviceID]
        for (name, value) in expected.sorted(by: { $0.key < $1.key }) where claims[name]?.stringValue != value {
            throw .windowAttestationInvalid(reason: "the claim \(name) does not match")
        }
    }
}
