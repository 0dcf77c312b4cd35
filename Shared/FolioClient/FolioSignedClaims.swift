import Crypto
import FolioModel
import FolioWire

/// The claims of a compact JWS Folio signed with one of its published keys (window attestations, verification
/// outcomes).
enum FolioSignedClaims {
    /// Why a JWS does not verify.
    struct Rejection: Error {
        let reason: String
    }

    /// Verifies `jws` with the key its `kid` names in `jwks` and decodes its payload as `Claims`.
    static func verified<Claims: Decodable>(_ jws: String, jwks: JWKSet, as: Claims.Type) throws(Rejection) -> Claims {
        let kid: String?
        do {
            kid = try JWS.unverifiedKeyID(of: jws)
        } catch {
            throw Rejection(reason: "not a compact JWS: \(error)")
        }
        guard let kid, let jwk = jwks.key(withID: kid) else { throw Rejection(reason: "no key \(kid ?? "(none)")") }
        do {
            let (_, payload) = try JWS.verify(jws, publicKey: try jwk.publicKey())
            return try FolioWireJSON.decode(Claims.self, from: try JSONParser.parse(payload))
        } catch {
            throw Rejection(reason: "does not verify: \(error)")
        }
    }
}
