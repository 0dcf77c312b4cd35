import WireModel

/// A way to complete a step (spec "Alternatives"). `AwaitingInput.alternatives` lists the methods the person
/// may switch to with `SelectAlternative`. Wire: `{type: 'PASSKEY'}`.
public enum AuthMethod: WirePlainEnum {
    case password
    case otp
    case totp
    case recoveryCode
    case newPassword
    case socialRedirect
    case socialCallback
    case integratorAttestation
    /// Has no phase: selecting it shows the passkey dialog while the flow is Busy (spec "Passkeys").
    case passkey
    case deviceApproval

    public var wireType: String {
        switch self {
        case .password: "PASSWORD"
        case .otp: "OTP"
        case .totp: "TOTP"
        case .recoveryCode: "RECOVERY_CODE"
        case .newPassword: "NEW_PASSWORD"
        case .socialRedirect: "SOCIAL_REDIRECT"
        case .socialCallback: "SOCIAL_CALLBACK"
        case .integratorAttestation: "INTEGRATOR_ATTESTATION"
        case .passkey: "PASSKEY"
        case .deviceApproval: "DEVICE_APPROVAL"
        }
    }
}
