import Crypto
import FolioClient
import FolioModel

/// Verifies the signed window attestation Folio returns with a launch code exchange
/// (``FolioWindowAttestation/verify(_:jwks:inquiryId:organizationId:deviceId:now:leewaySeconds:)``) against Folio's
/// published Ed25519 keys (``FolioSigningKeys``). The attestation arrives in the answer
/// of the store's own exchange, so its time window is not checked against this host's clock. One that does not
/// verify is WindowAttestationInvalid.
public struct WindowAttestationVerifier: Sendable {
    private let keys: FolioSigningKeys

    public init(fetchKeys: @escaping @Sendable () async throws -> JWKSet) {
        keys = FolioSigningKeys(fetch: fetchKeys)
    }

    /// A verifier that shares `keys` with the other checks of Folio's signatures.
    public init(keys: FolioSigningKeys) {
        self.keys = keys
    }

    public func verify(_ attestation: String, inquiryID: String, organizationID: String, deviceID: String)
        async throws(InquiryError)
    {
        guard let kid = (try? JWS.unverifiedKeyID(of: attestation)) ?? nil else {
            throw .windowAttestationInvalid(reason: "the attestation is not a JWS with a key id")
        }
        let published: JWKSet
        do {
            published = try await keys.keys(holding: kid)
        } catch {
            throw .network(message: "Folio's signing keys cannot be fetched: \(error)")
        }
        do {
            _ = try FolioWindowAttestation.verify(
                attestation, jwks: published, inquiryId: inquiryID, organizationId: organizationID, deviceId: deviceID,
                now: nil)
        } catch {
            throw .windowAttestationInvalid(reason: error.reason)
        }
    }
}
