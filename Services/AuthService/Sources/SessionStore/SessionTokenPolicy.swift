import Foundation

/// What a session token's time and issuer claims must say: `iss` is Folio's issuer, `iat` is not later than
/// now and `exp` not earlier, each with `leewaySeconds` of allowed clock skew between Folio and this service.
public struct SessionTokenPolicy: Sendable {
    /// The issuer Folio signs its session tokens as (`FOLIO_SESSION_TOKEN_ISSUER`).
    public var issuer: String
    /// The clock skew allowed on `iat` and `exp` (`FOLIO_SESSION_TOKEN_LEEWAY_SECONDS`).
    public var leewaySeconds: Int64
    /// The current time.
    public var now: @Sendable () -> Date

    public static let defaultIssuer = "folio-emulator"
    public static let defaultLeewaySeconds: Int64 = 60

    public init(
        issuer: String = SessionTokenPolicy.defaultIssuer,
        leewaySeconds: Int64 = SessionTokenPolicy.defaultLeewaySeconds,
        now: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.issuer = issuer
        self.leewaySeconds = leewaySeconds
        self.now = now
    }
}
