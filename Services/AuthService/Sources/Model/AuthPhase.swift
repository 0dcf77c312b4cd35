import Bus
import FolioModel
import WireModel

/// The input the current step waits for (spec "Phases"). Wire: `{type: 'OTP', value: {channel, …}}`, and
/// `{type: 'PASSWORD'}` for a phase without fields.
public enum AuthPhase: WireValue, WireDescribed {
    case password
    /// A one-time code was sent to `destination` (masked) over `channel`; it has `length` digits. Show a
    /// resend button only when `canResend`.
    case otp(channel: OtpChannel, destination: String, length: UInt64, canResend: Bool)
    /// A code of the person's authenticator app.
    case totp
    case recoveryCode
    /// A new password: when the ceremony creates the account's credentials, or resets them in a recovery.
    case newPassword
    /// Open `authorizationUrl` (the SDK never does) and answer SocialRedirect with the redirect URI; `state`
    /// is what the SocialCallback answer must echo.
    case socialRedirect(provider: AuthSocialProvider, authorizationUrl: String, state: String)
    /// Answer with the authorization code and state of the provider's redirect.
    case socialCallback(provider: AuthSocialProvider?)
    /// Answer with the integrator's signed JWT that carries `nonce`.
    case integratorAttestation(nonce: String)
    /// Waits for an approval from a device where the person is already signed in.
    case deviceApproval(
        challengeId: String, freshDeviceFingerprint: String, freshDevicePlatform: Platform, expiresInSeconds: UInt64)

    /// The method the phase belongs to: the one an answer must match.
    public var method: AuthMethod {
        switch self {
        case .password: .password
        case .otp: .otp
        case .totp: .totp
        case .recoveryCode: .recoveryCode
        case .newPassword: .newPassword
        case .socialRedirect: .socialRedirect
        case .socialCallback: .socialCallback
        case .integratorAttestation: .integratorAttestation
        case .deviceApproval: .deviceApproval
        }
    }

    public var json: JSONValue {
        switch self {
        case .password, .totp, .recoveryCode, .newPassword:
            return method.json
        case .otp(let channel, let destination, let length, let canResend):
            return Wire.tagged(
                "OTP",
                [
                    "channel": channel.json, "destination": .string(destination), "length": Wire.number(length),
                    "canResend": .bool(canResend),
                ])
        case .socialRedirect(let provider, let authorizationUrl, let state):
            return Wire.tagged(
                "SOCIAL_REDIRECT",
                ["provider": provider.json, "authorizationUrl": .string(authorizationUrl), "state": .string(state)])
        case .socialCallback(let provider):
            return Wire.tagged("SOCIAL_CALLBACK", ["provider": provider?.json])
        case .integratorAttestation(let nonce):
            return Wire.tagged("INTEGRATOR_ATTESTATION", ["nonce": .string(nonce)])
        case .deviceApproval(let challengeId, let fingerprint, let platform, let expiresInSeconds):
            return Wire.tagged(
                "DEVICE_APPROVAL",
                [
                    "challengeId": .string(challengeId), "freshDeviceFingerprint": .string(fingerprint),
                    "freshDevicePlatform": platform.json, "expiresInSeconds": Wire.number(expiresInSeconds),
                ])
        }
    }

    public static var wireSchema: JSONSchema {
        .tagged(
            [
                "PASSWORD": nil,
                "OTP": .closedObject(
                    [
                        "channel": OtpChannel.ref,
                        "destination": JSONSchema.string.described("Masked address or number."),
                        "length": JSONSchema.nonNegativeInteger.described("Digits of the code."),
                        "canResend": JSONSchema.boolean.described("Whether to show a resend button."),
                    ], required: ["channel", "destination", "length", "canResend"]),
                "TOTP": nil,
                "RECOVERY_CODE": nil,
                "NEW_PASSWORD": nil,
                "SOCIAL_REDIRECT": .closedObject(
                    [
                        "provider": AuthSocialProvider.ref,
                        "authorizationUrl": JSONSchema.string.described("The client opens it; the SDK never does."),
                        "state": JSONSchema.string.described("What the SocialCallback answer must echo."),
                    ], required: ["provider", "authorizationUrl", "state"]),
                "SOCIAL_CALLBACK": .closedObject(["provider": AuthSocialProvider.ref]),
                "INTEGRATOR_ATTESTATION": .closedObject(
                    ["nonce": JSONSchema.string.described("The nonce the integrator's signed JWT must carry.")],
                    required: ["nonce"]),
                "DEVICE_APPROVAL": .closedObject(
                    [
                        "challengeId": .string, "freshDeviceFingerprint": .string, "freshDevicePlatform": Platform.ref,
                        "expiresInSeconds": .nonNegativeInteger,
                    ], required: ["challengeId", "freshDeviceFingerprint", "freshDevicePlatform", "expiresInSeconds"]),
            ], description: "The input the current step waits for.")
    }

    public init(json: JSONValue, path: String) throws(WireDecodingError) {
        let tagged = try WireCase(json, path: path)
        switch tagged.type {
        case "PASSWORD", "TOTP", "RECOVERY_CODE", "NEW_PASSWORD":
            try tagged.noFields()
            switch tagged.type {
            case "PASSWORD": self = .password
            case "TOTP": self = .totp
            case "RECOVERY_CODE": self = .recoveryCode
            default: self = .newPassword
            }
        case "OTP":
            let fields = try tagged.fields(["channel", "destination", "length", "canResend"])
            self = .otp(
                channel: try fields.value("channel"), destination: try fields.string("destination", .modelText),
                length: try fields.uint64("length"), canResend: try fields.bool("canResend"))
        case "SOCIAL_REDIRECT":
            let fields = try tagged.fields(["provider", "authorizationUrl", "state"])
            self = .socialRedirect(
                provider: try fields.value("provider"),
                authorizationUrl: try fields.string("authorizationUrl", .modelText),
                state: try fields.string("state", .modelText))
        case "SOCIAL_CALLBACK":
            self = .socialCallback(provider: try tagged.fields(["provider"]).optionalValue("provider"))
        case "INTEGRATOR_ATTESTATION":
            self = .integratorAttestation(nonce: try tagged.fields(["nonce"]).string("nonce", .modelText))
        case "DEVICE_APPROVAL":
            let fields = try tagged.fields([
                "challengeId", "freshDeviceFingerprint", "freshDevicePlatform", "expiresInSeconds",
            ])
            self = .deviceApproval(
                challengeId: try fields.string("challengeId", .modelText),
                freshDeviceFingerprint: try fields.string("freshDeviceFingerprint", .modelText),
                freshDevicePlatform: try fields.value("freshDevicePlatform"),
                expiresInSeconds: try fields.uint64("expiresInSeconds"))
        default:
            throw tagged.unknownType(Self.wireTypes)
        }
    }

    static let wireTypes = [
        "PASSWORD", "OTP", "TOTP", "RECOVERY_CODE", "NEW_PASSWORD", "SOCIAL_REDIRECT", "SOCIAL_CALLBACK",
        "INTEGRATOR_ATTESTATION", "DEVICE_APPROVAL",
    ]
}
