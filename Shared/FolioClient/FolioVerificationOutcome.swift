import Crypto
import FolioModel
import Foundation

/// The signed outcome of a passed government id step (`GET .../verifications/{stepId}/outcome`): a compact
/// JWS (EdDSA, `kid` in the header) signed with a key of Folio's `/.well-known/jwks.json`, over `{typ:
/// "verification-outcome", iss, sub: inquiryId, stepId, org, selectedDocumentType?, output: VerifierOutput,
/// artifacts, iat, exp}`.
public struct FolioVerificationOutcome: Decodable, Sendable, Equatable {
    public static let type = "verification-outcome"

    public var typ: String
    public var iss: String
    /// The inquiry id.
    public var sub: String
    public var stepId: String
    public var org: String
    /// An IdentityDocumentType: the picked one, or the chip document's.
    public var selectedDocumentType: String?
    /// VerifierOutput `{type: "GOV_ID" | "GOV_ID_NFC", value: {documentNumber?, ...}}`.
    public var output: JSONValue
    public var artifacts: [FolioVerificationArtifact]
    /// Unix seconds.
    public var iat: Int64
    public var exp: Int64

    /// Why an outcome does not verify.
    public struct Failure: Error, Sendable, Equatable, CustomStringConvertible {
        public let reason: String
        public var description: String { reason }
    }

    /// Verifies `jws` with the key its `kid` names in `jwks`, then checks `typ` and that it is about
    /// `inquiryId` and `stepId`.
    public static func verify(_ jws: String, jwks: JWKSet, inquiryId: String, stepId: String) throws(Failure)
        -> FolioVerificationOutcome
    {
        let claims: FolioVerificationOutcome
        do {
            claims = try FolioSignedClaims.verified(jws, jwks: jwks, as: FolioVerificationOutcome.self)
        } catch {
            throw Failure(reason: error.reason)
        }
        guard claims.typ == type else { throw Failure(reason: "typ is \(claims.typ)") }
        guard claims.sub == inquiryId else { throw Failure(reason: "for inquiry \(claims.sub), not \(inquiryId)") }
        guard claims.stepId == stepId else { throw Failure(reason: "for step \(claims.stepId), not \(stepId)") }
        return claims
    }
}
