import Crypto
import FolioClient
import FolioModel

/// Verifies the signed window attestation Folio returns with a launch code exchange
/// (``FolioWindowAttestation/verify(_:jwks:inquiryId:organizationId:deviceId:now:leewaySeconds:)``) against Folio's
/// published Ed25519 keys, cached and fetched again for an unknown key id. The attestation arrives in the answer
/// of the store's own exchange, so its time window is not checked against this host's clock. One that does not
/// verify is WindowAttestationInvalid.
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
        guard let keys else { throw .windowAttestationInvalid(reason: "Folio publishes no keys") }
        do {
            _ = try FolioWindowAttestation.verify(
                attestation, jwks: keys, inquiryId: inquiryID, organizationId: organizationID, deviceId: deviceID,
                now: nil)
        } catch {
            throw .windowAttestationInvalid(reason: error.reason)
        }
    }
}
