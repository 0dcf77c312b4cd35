import Crypto

/// The proof of a step-up verification: the `verification.token` of a completed VERIFICATION ceremony, a
/// compact JWS (EdDSA, `kid` in the header) signed with a key of Folio's `/.well-known/jwks.json`, over `{typ:
/// "folio-verification", iss, sub: the account, sid: the verified session, cer: the ceremony, iat, exp, op?}`
/// (docs/folio-api.md, "The ceremony and its steps"). A service that performs a sensitive operation checks it
/// with `verify`: signed by Folio, for this session and account, not expired, and bound to this operation.
public struct FolioVerificationToken: Decodable, Sendable, Equatable {
    public static let type = "folio-verification"

    public var typ: String
    public var iss: String?
    /// The account that was verified.
    public var sub: String
    /// The session that was verified.
    public var sid: String
    /// The verification ceremony.
    public var cer: String
    /// Unix seconds.
    public var iat: Int64
    public var exp: Int64
    /// The operation the verification is bound to; nil for a verification of the account in general.
    public var op: FolioVerificationOperation?

    /// Why a verification token is not accepted.
    public struct Failure: Error, Sendable, Equatable, CustomStringConvertible {
        public let reason: String
        public var description: String { "the verification token is not accepted: \(reason)" }
    }

    /// What the token must prove: who was verified, on which session, for which operation (nil: a verification
    /// of the account in general; an operation-bound token does not stand in for it).
    public struct Expectation: Sendable, Equatable {
        public var sessionId: String
        public var accountId: String
        public var operation: FolioVerificationOperation?

        public init(sessionId: String, accountId: String, operation: FolioVerificationOperation? = nil) {
            self.sessionId = sessionId
            self.accountId = accountId
            self.operation = operation
        }
    }

    /// Verifies `jws` with the key its `kid` names in `jwks` and checks its claims against `expected` at `now`
    /// (Unix seconds). The operation matches on its type and binding; `displayText` is only what was shown.
    public static func verify(_ jws: String, jwks: JWKSet, expected: Expectation, now: Int64) throws(Failure)
        -> FolioVerificationToken
    {
        let claims: FolioVerificationToken
        do {
            claims = try FolioSignedClaims.verified(jws, jwks: jwks, as: FolioVerificationToken.self)
        } catch {
            throw Failure(reason: error.reason)
        }
        guard claims.typ == type else { throw Failure(reason: "typ is \(claims.typ)") }
        guard claims.sid == expected.sessionId else { throw Failure(reason: "sid is \(claims.sid)") }
        guard claims.sub == expected.accountId else { throw Failure(reason: "sub is \(claims.sub)") }
        guard now < claims.exp else { throw Failure(reason: "expired at \(claims.exp)") }
        guard claims.iat <= now + allowedClockSkew else {
            throw Failure(reason: "issued in the future (\(claims.iat))")
        }
        switch (claims.op, expected.operation) {
        case (nil, nil): break
        case (let op?, let operation?)
        where op.operationType == operation.operationType && op.binding == operation.binding:
            break
        default:
            throw Failure(reason: "op does not match the operation")
        }
        return claims
    }

    /// As `verify(_:jwks:expected:now:)`, with Folio's keys fetched (again, for a `kid` the cache lacks).
    public static func verify(_ jws: String, keys: FolioSigningKeys, expected: Expectation, now: Int64)
        async throws(Failure) -> FolioVerificationToken
    {
        let kid: String
        do {
            guard let id = try JWS.unverifiedKeyID(of: jws) else { throw Failure(reason: "no kid") }
            kid = id
        } catch let failure as Failure {
            throw failure
        } catch {
            throw Failure(reason: "not a compact JWS: \(error)")
        }
        let jwks: JWKSet
        do {
            jwks = try await keys.keys(holding: kid)
        } catch {
            throw Failure(reason: "Folio's signing keys cannot be fetched: \(error)")
        }
        return try verify(jws, jwks: jwks, expected: expected, now: now)
    }

    /// How far `iat` may be ahead of the verifier's clock.
    public static let allowedClockSkew: Int64 = 60
}
