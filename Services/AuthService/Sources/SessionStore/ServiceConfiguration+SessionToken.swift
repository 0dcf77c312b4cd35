import ServiceKit

extension ServiceConfiguration {
    /// The checks of Folio's session tokens: the configured issuer and clock skew, the wall clock.
    var sessionTokenPolicy: SessionTokenPolicy {
        SessionTokenPolicy(issuer: sessionTokenIssuer, leewaySeconds: sessionTokenLeewaySeconds)
    }
}
