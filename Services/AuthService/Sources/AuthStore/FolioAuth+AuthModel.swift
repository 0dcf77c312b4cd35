import FolioClient
import WireModel

// Translations between Folio's ceremony API and the AuthStore wire model.

// The store model's methods and providers are Folio's enums; these spellings keep the reducers' call sites.
extension FolioAuthMethod {
    init(folio method: FolioAuthMethod) { self = method }
    var folio: FolioAuthMethod { self }
}

extension FolioSocialProvider {
    init(folio provider: FolioSocialProvider) { self = provider }
    var folio: FolioSocialProvider { self }
}

extension AuthPhase {
    /// The phase Folio's phase is shown as; nil for a passkey, which has no phase of its own.
    init?(folio phase: FolioAuthPhase) {
        switch phase {
        case .password: self = .password
        case .otp(let otp):
            self = .otp(
                channel: otp.channel, destination: otp.destination,
                length: UInt64(clamping: otp.length), canResend: otp.canResend)
        case .totp: self = .totp
        case .recoveryCode: self = .recoveryCode
        case .newPassword: self = .newPassword
        case .socialRedirect(let redirect):
            self = .socialRedirect(
                provider: AuthSocialProvider(folio: redirect.provider), authorizationUrl: redirect.authorizationUrl,
                state: redirect.state)
        case .socialCallback(let callback):
            self = .socialCallback(provider: AuthSocialProvider(folio: callback.provider))
        case .integratorAttestation(let attestation): self = .integratorAttestation(nonce: attestation.nonce)
        case .deviceApproval(let approval):
            self = .deviceApproval(
                challengeId: approval.challengeId, freshDeviceFingerprint: approval.freshDeviceFingerprint,
                freshDevicePlatform: Platform(os: approval.freshDevicePlatform.rawValue),
                expiresInSeconds: UInt64(clamping: approval.expiresInSeconds))
        case .passkey: return nil
        }
    }
}

extension PasskeyRequestOptions {
    init(folio request: FolioPasskeyRequest) {
        self.init(
            challenge: request.challenge, rpId: request.rpId,
            allowCredentials: request.allowCredentials.map { PasskeyCredentialDescriptor(id: $0.id) },
            userVerification: PasskeyUserVerification(rawValue: request.userVerification) ?? .preferred,
            timeout: request.timeout > 0 ? UInt64(request.timeout) : nil)
    }
}

extension FolioPasskeyAssertion {
    init(_ assertion: PasskeyAssertion) {
        self.init(
            credentialId: assertion.credentialId, clientDataJSON: assertion.clientDataJSON,
            authenticatorData: assertion.authenticatorData, signature: assertion.signature,
            userHandle: assertion.userHandle)
    }
}

extension FolioAuthIdentifier {
    init(_ identifier: AuthIdentifierInput) {
        switch identifier {
        case .email(let value): self = .email(value)
        case .phone(let value): self = .phone(value)
        }
    }
}

extension FolioVerificationOperation {
    init(_ operation: VerificationOperation) {
        self.init(
            operationType: FolioVerificationOperationType(rawValue: operation.operationType.wireType),
            binding: operation.binding, displayText: operation.displayText)
    }
}

extension SessionIdentity {
    init(folio identity: FolioIdentity) {
        switch identity {
        case .authenticated(let userId, let email): self = .authenticated(userId: userId, email: email)
        case .transient(let guestId): self = .transient(accountId: guestId)
        }
    }
}

extension AuthError {
    /// The AuthError a failed Folio call is reported as (docs/auth-store.md, "AuthError"), while `phase`
    /// waits; `verification` turns an expired session into NotSignedIn.
    static func classify(_ failure: AuthFolioFailure, during phase: AuthPhase?, verification: Bool) -> AuthError {
        switch failure {
        case .unreachable:
            return .network
        case .unclassified(let message):
            return .unclassified(message: message, during: phase)
        case .refused(let refusal):
            switch refusal.code {
            case .wrongPassword: return .wrongPassword
            case .wrongCode: return .wrongCode
            case .wrongRecoveryCode: return .wrongRecoveryCode
            case .weakPassword: return .weakPassword
            case .rateLimited(let seconds): return .rateLimited(retryAfter: seconds.flatMap { UInt64(exactly: $0) })
            case .locked(let until): return .locked(until: until)
            case .passkeyFailed: return .passkeyFailed
            case .unsupported(let capability): return .unsupported(capability: (capability ?? "passkey").lowercased())
            case .socialStateMismatch: return .socialStateMismatch
            case .unknownAccount: return .accountNotFound
            case .socialCodeInvalid, .redirectUriNotAllowed: return .socialRejected
            case .attestationInvalid: return .attestationRejected
            case .transferAckInvalid: return .deviceLinkRejected
            case .challengeExpired, .ceremonyExpired, .ceremonyNotFound, .ceremonyEnded: return .expired
            case .sessionExpired where verification, .sessionNotFound where verification: return .notSignedIn
            default: return .unclassified(message: refusal.message.isEmpty ? nil : refusal.message, during: phase)
            }
        }
    }
}
