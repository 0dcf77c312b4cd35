import FolioClient

/// A finished verification's proof (spec "Verification"): Folio's signed verification token and what it was
/// for, kept so that the operation it confirms can be checked downstream rather than taken on trust.
public struct AuthVerificationProof: Sendable, Codable, Equatable {
    /// Folio's `verification.token`, an EdDSA JWS over `{typ: folio-verification, sub, sid, cer, iat, exp, op?}`.
    public var token: String
    /// The verified session.
    public var sessionId: String
    /// The operation the verification was bound to, as Folio echoed it.
    public var operation: FolioVerificationOperation?

    public init(token: String, sessionId: String, operation: FolioVerificationOperation?) {
        self.token = token
        self.sessionId = sessionId
        self.operation = operation
    }

    /// Checks the token against Folio's keys: signed by Folio, for `accountId` on this proof's session, not
    /// expired at `now` (Unix seconds), and bound to `operation` (nil: a verification of the account in
    /// general).
    public func verify(
        keys: FolioSigningKeys, accountId: String, operation: FolioVerificationOperation?, now: Int64
    ) async throws(FolioVerificationToken.Failure) -> FolioVerificationToken {
        try await FolioVerificationToken.verify(
            token, keys: keys,
            expected: .init(sessionId: sessionId, accountId: accountId, operation: operation), now: now)
    }
}
