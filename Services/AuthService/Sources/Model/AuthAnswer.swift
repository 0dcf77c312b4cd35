import Bus
import FolioModel
import WireModel

/// The input sent with Answer (spec "Answers"); it must match the current phase (`method`). Wire:
/// `{type: 'OTP', value: {value: '123456'}}`.
///
/// Passwords and recovery codes are in here as the person typed them: they must not be logged, persisted or
/// sent on (DESIGN §6); `description` leaves them out.
public enum AuthAnswer: WireValue, WireDescribed, CustomStringConvertible {
    /// 1 character to 4 KiB (4096 bytes of UTF-8), taken as typed.
    case password(value: String)
    /// The one-time code: 4–12 digits.
    case otp(value: String)
    /// The authenticator code: 6–8 digits.
    case totp(value: String)
    /// The recovery code: 8–64 letters or digits; spaces and dashes between groups are removed, letters upper-cased.
    case recoveryCode(value: String)
    /// 1 character to 4 KiB (4096 bytes of UTF-8), taken as typed.
    case newPassword(value: String)
    /// The provider the person chose and the absolute URI its redirect returns to (at most 2048 characters).
    case socialRedirect(provider: AuthSocialProvider, redirectUri: String)
    /// The authorization code (at most 2048 characters) and the state (at most 1024) of the provider's
    /// redirect; the state must be the SocialRedirect phase's.
    case socialCallback(code: String, state: String)
    /// The integrator's signed JWT (compact form, at most 16 KiB), sent on unchanged.
    case integratorAttestation(value: String)
    /// How the passkey dialog of `Busy.passkeyRequest` with this `requestId` ended (hosted SDK only).
    case passkey(requestId: String, outcome: PasskeyOutcome)

    /// The method the answer belongs to; an answer whose method is not the phase's is not sent, and the step
    /// reports Unknown.
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
        case .passkey: .passkey
        }
    }

    public var json: JSONValue {
        switch self {
        case .password(let value), .otp(let value), .totp(let value), .recoveryCode(let value),
            .newPassword(let value), .integratorAttestation(let value):
            Wire.tagged(method.wireType, ["value": .string(value)])
        case .socialRedirect(let provider, let redirectUri):
            Wire.tagged("SOCIAL_REDIRECT", ["provider": provider.json, "redirectUri": .string(redirectUri)])
        case .socialCallback(let code, let state):
            Wire.tagged("SOCIAL_CALLBACK", ["code": .string(code), "state": .string(state)])
        case .passkey(let requestId, let outcome):
            Wire.tagged("PASSKEY", ["requestId": .string(requestId), "outcome": outcome.json])
        }
    }

    public static var wireSchema: JSONSchema {
        func value(_ schema: JSONSchema) -> JSONSchema { .closedObject(["value": schema], required: ["value"]) }
        let password = JSONSchema.string.described("1 character to 4 KiB of UTF-8, taken as typed.")
        return .tagged(
            [
                "PASSWORD": value(password),
                "OTP": value(JSONSchema(["type": "string", "pattern": "^[0-9]{4,12}$"])),
                "TOTP": value(JSONSchema(["type": "string", "pattern": "^[0-9]{6,8}$"])),
                "RECOVERY_CODE": value(
                    JSONSchema(["type": "string", "pattern": "^[A-Za-z0-9]+([ -][A-Za-z0-9]+)*$"]).described(
                        "8-64 letters or digits, optionally grouped by single spaces or dashes.")),
                "NEW_PASSWORD": value(password),
                "SOCIAL_REDIRECT": .closedObject(
                    [
                        "provider": AuthSocialProvider.ref,
                        "redirectUri": JSONSchema(["type": "string", "pattern": "^[A-Za-z][A-Za-z0-9+.-]*:\\S+$"])
                            .described("An absolute URI, at most 2048 characters."),
                    ], required: ["provider", "redirectUri"]),
                "SOCIAL_CALLBACK": .closedObject(
                    [
                        "code": JSONSchema.string.described("The provider's authorization code, 1-2048 characters."),
                        "state": JSONSchema.string.described("The SocialRedirect phase's state, 1-1024 characters."),
                    ], required: ["code", "state"]),
                "INTEGRATOR_ATTESTATION": value(
                    JSONSchema([
                        "type": "string", "pattern": "^[A-Za-z0-9_-]+\\.[A-Za-z0-9_-]+\\.[A-Za-z0-9_-]+$",
                    ]).described("A compact JWT, at most 16 KiB.")),
                "PASSKEY": .closedObject(
                    [
                        "requestId": JSONSchema.token.described("The passkeyRequest's requestId."),
                        "outcome": PasskeyOutcome.ref,
                    ], required: ["requestId", "outcome"]),
            ], description: "The input sent with Answer; it must match the current phase.")
    }

    public init(json: JSONValue, path: String) throws(WireDecodingError) {
        let tagged = try WireCase(json, path: path)
        switch tagged.type {
        case "PASSWORD":
            self = .password(value: try tagged.fields(["value"]).string("value", .password))
        case "OTP":
            self = .otp(value: try tagged.fields(["value"]).string("value", .otpCode))
        case "TOTP":
            self = .totp(value: try tagged.fields(["value"]).string("value", .totpCode))
        case "RECOVERY_CODE":
            let typed = try tagged.fields(["value"]).string("value", .recoveryCode)
            self = .recoveryCode(value: InputRule.groupedCode(typed) ?? typed)
        case "NEW_PASSWORD":
            self = .newPassword(value: try tagged.fields(["value"]).string("value", .password))
        case "SOCIAL_REDIRECT":
            let fields = try tagged.fields(["provider", "redirectUri"])
            self = .socialRedirect(
                provider: try fields.value("provider"), redirectUri: try fields.string("redirectUri", .redirectURI))
        case "SOCIAL_CALLBACK":
            let fields = try tagged.fields(["code", "state"])
            self = .socialCallback(
                code: try fields.string("code", .oauthCode), state: try fields.string("state", .oauthState))
        case "INTEGRATOR_ATTESTATION":
            self = .integratorAttestation(value: try tagged.fields(["value"]).string("value", .jwt))
        case "PASSKEY":
            let fields = try tagged.fields(["requestId", "outcome"])
            self = .passkey(
                requestId: try fields.string("requestId", .identifier), outcome: try fields.value("outcome"))
        default:
            throw tagged.unknownType(Self.wireTypes)
        }
    }

    static let wireTypes = [
        "PASSWORD", "OTP", "TOTP", "RECOVERY_CODE", "NEW_PASSWORD", "SOCIAL_REDIRECT", "SOCIAL_CALLBACK",
        "INTEGRATOR_ATTESTATION", "PASSKEY",
    ]

    /// The answer without its secrets, for logs: `PASSWORD(<redacted>)`.
    public var description: String {
        switch self {
        case .password, .newPassword, .recoveryCode, .otp, .totp, .integratorAttestation:
            "\(method.wireType)(<redacted>)"
        case .socialRedirect(let provider, let redirectUri): "SOCIAL_REDIRECT(\(provider.wireType), \(redirectUri))"
        case .socialCallback: "SOCIAL_CALLBACK(<redacted>)"
        case .passkey(let requestId, let outcome):
            switch outcome {
            case .assertion: "PASSKEY(\(requestId), ASSERTION)"
            case .cancelled: "PASSKEY(\(requestId), CANCELLED)"
            case .failed(let name, _): "PASSKEY(\(requestId), FAILED \(name ?? "-"))"
            }
        }
    }
}
