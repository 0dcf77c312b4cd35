import Crypto
import FolioClient
import FolioModel

/// Checks Folio's session token before a runtime takes a ceremony's identity: the EdDSA signature against
/// Folio's published keys, the issuer, the issue and expiry times (with the policy's clock skew), and claims
/// that name the same session, organization and account as the ceremony's answer. A token that does not
/// check out means the session cannot switch (SessionUnavailable).
///
/// The keys are cached; a token signed with a key id the cache does not know fetches the keys again, so a
/// rotation at Folio needs no restart.
public struct SessionTokenVerifier: Sendable {
    private let keys: FolioSigningKeys
    private let policy: SessionTokenPolicy

    public init(folio: FolioClient, policy: SessionTokenPolicy = SessionTokenPolicy()) {
        keys = FolioSigningKeys(folio: folio)
        self.policy = policy
    }

    public init(
        policy: SessionTokenPolicy = SessionTokenPolicy(), fetchKeys: @escaping @Sendable () async throws -> JWKSet
    ) {
        keys = FolioSigningKeys(fetch: fetchKeys)
        self.policy = policy
    }

    public func verify(_ completion: AuthCompletion, organizationID: String) async throws(SessionTokenError) {
        guard let token = completion.sessionToken else { throw SessionTokenError(.missing) }
        let kid: String
        do {
            guard let id = try JWS.unverifiedKeyID(of: token) else { throw SessionTokenError(.malformed("no kid")) }
            kid = id
        } catch let error as SessionTokenError {
            throw error
        } catch {
            throw SessionTokenError(.malformed(String(describing: error)))
        }
        let key = try await publicKey(kid)
        let payload: [UInt8]
        do {
            payload = try JWS.verify(token, publicKey: key).payload
        } catch {
            throw SessionTokenError(.signature(String(describing: error)))
        }
        let claims: JSONValue
        do {
            claims = try JSONParser.parse(payload)
        } catch {
            throw SessionTokenError(.malformed("claims are not JSON"))
        }
        try Self.checkIssuerAndTimes(claims, policy: policy)
        try Self.check(claims, completion: completion, organizationID: organizationID)
    }

    /// `iss` is the policy's issuer; `iat` and `exp` are whole seconds with `iat - leeway <= now <= exp + leeway`
    /// (computed on `now`'s side, so no claim value can overflow).
    static func checkIssuerAndTimes(_ claims: JSONValue, policy: SessionTokenPolicy) throws(SessionTokenError) {
        guard claims["iss"]?.stringValue == policy.issuer else {
            throw SessionTokenError(.issuer(got: claims["iss"]?.stringValue ?? "nobody", expected: policy.issuer))
        }
        guard let issuedAt = claims["iat"]?.intValue else { throw SessionTokenError(.malformed("no iat")) }
        guard let expiresAt = claims["exp"]?.intValue else { throw SessionTokenError(.malformed("no exp")) }
        let now = Int64(policy.now().timeIntervalSince1970.rounded(.down))
        guard issuedAt <= now + policy.leewaySeconds else {
            throw SessionTokenError(.time("was issued at \(issuedAt), after now (\(now))"))
        }
        guard now - policy.leewaySeconds <= expiresAt else {
            throw SessionTokenError(.time("expired at \(expiresAt), before now (\(now))"))
        }
    }

    /// The claims name this session of this organization, and its account when the identity is one.
    static func check(_ claims: JSONValue, completion: AuthCompletion, organizationID: String)
        throws(SessionTokenError)
    {
        func expect(_ name: String, _ value: String) throws(SessionTokenError) {
            guard claims[name]?.stringValue == value else { throw SessionTokenError(.claim(name)) }
        }
        try expect("typ", "folio-session")
        try expect("sid", completion.session.id)
        try expect("org", organizationID)
        if case .authenticated(let userId, _) = completion.identity { try expect("sub", userId) }
        guard completion.session.status == .active else { throw SessionTokenError(.claim("status")) }
    }

    private func publicKey(_ kid: String) async throws(SessionTokenError) -> Ed25519.PublicKey {
        let published: JWKSet
        do {
            published = try await keys.keys(holding: kid)
        } catch {
            throw SessionTokenError(.keysUnavailable(String(describing: error)))
        }
        guard let jwk = published.key(withID: kid) else { throw SessionTokenError(.unknownKey(kid)) }
        do {
            return try jwk.publicKey()
        } catch {
            throw SessionTokenError(.malformed("key \(kid): \(error)"))
        }
    }
}

/// Why a session token was not accepted.
public struct SessionTokenError: Error, CustomStringConvertible {
    fileprivate enum Reason {
        case missing
        case malformed(String)
        case keysUnavailable(String)
        case unknownKey(String)
        case signature(String)
        case claim(String)
        case time(String)
        case issuer(got: String, expected: String)
    }

    private let reason: Reason

    fileprivate init(_ reason: Reason) { self.reason = reason }

    public var description: String {
        switch reason {
        case .missing: "Folio's answer carries no session token"
        case .malformed(let detail): "the session token is malformed: \(detail)"
        case .keysUnavailable(let detail): "Folio's signing keys cannot be fetched: \(detail)"
        case .unknownKey(let kid): "the session token is signed with a key Folio does not publish (\(kid))"
        case .signature(let detail): "the session token's signature does not verify: \(detail)"
        case .claim(let name): "the session token's \(name) does not match the ceremony's session"
        case .issuer(let got, let expected): "the session token's iss is \(got), not \(expected)"
        case .time(let detail): "the session token \(detail), beyond the allowed clock skew"
        }
    }
}
