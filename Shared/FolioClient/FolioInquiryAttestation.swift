import Crypto
import Foundation

/// The window attestation of a launch or handoff redemption: a compact JWS (EdDSA, `kid` in the header)
/// signed with a key of Folio's `/.well-known/jwks.json`, over `{typ: "folio.window", sub: inquiryId, org,
/// dev: deviceId, cid: correlationId, iat, exp}`.
public struct FolioWindowAttestation: Decodable, Sendable, Equatable {
    public static let type = "folio.window"

    public var typ: String
    /// The inquiry id.
    public var sub: String
    public var org: String
    public var dev: String
    public var cid: String
    /// Unix seconds.
    public var iat: Int64
    public var exp: Int64

    /// Why an attestation does not verify.
    public struct Failure: Error, Sendable, Equatable, CustomStringConvertible {
        public let reason: String
        public var description: String { reason }
    }

    /// Verifies `jws` with the key its `kid` names in `jwks`, then checks `typ`, that `now` lies in
    /// `[iat - leeway, exp + leeway]`, and that it is about `inquiryId`, `organizationId` and `deviceId`.
    /// A nil `now` skips the time window: a caller that checks the attestation in the answer of its own exchange
    /// knows it is fresh, and Folio's clock need not agree with its own.
    public static func verify(
        _ jws: String, jwks: JWKSet, inquiryId: String, organizationId: String, deviceId: String, now: Date?,
        leewaySeconds: Int64 = 60
    ) throws(Failure) -> FolioWindowAttestation {
        let claims: FolioWindowAttestation
        do {
            claims = try FolioSignedClaims.verified(jws, jwks: jwks, as: FolioWindowAttestation.self)
        } catch {
            throw Failure(reason: error.reason)
        }
        guard claims.typ == type else { throw Failure(reason: "typ is \(claims.typ)") }
        if let now {
            let seconds = Int64(now.timeIntervalSince1970.rounded(.down))
            guard seconds + leewaySeconds >= claims.iat, seconds - leewaySeconds <= claims.exp else {
                throw Failure(reason: "not valid at \(seconds) (iat \(claims.iat), exp \(claims.exp))")
            }
        }
        guard claims.sub == inquiryId else { throw Failure(reason: "for inquiry \(claims.sub), not \(inquiryId)") }
        guard claims.org == organizationId else { throw Failure(reason: "for organization \(claims.org)") }
        guard claims.dev == deviceId else { throw Failure(reason: "for device \(claims.dev)") }
        return claims
    }
}
