import Bus
import FolioModel
import WireModel

/// What went wrong in a ceremony (spec "Errors"). It appears in `AwaitingInput.error` while the step is still
/// open and the person can answer again, and in `Failed.error` once the ceremony is over; `endsCeremony`
/// says which. Wire: `{type: 'RATE_LIMITED', value: {retryAfter?}}`, `{type: 'WRONG_PASSWORD'}`.
public enum AuthError: WireValue, WireDescribed {
    /// The password of a Password phase is not the account's.
    case wrongPassword
    /// The code of an Otp or Totp phase is not correct.
    case wrongCode
    /// The recovery code of a RecoveryCode phase is not correct.
    case wrongRecoveryCode
    /// Folio refused the password of a NewPassword phase as too weak.
    case weakPassword
    /// Too many attempts or starts; try again after `retryAfter` seconds when Folio says.
    case rateLimited(retryAfter: UInt64?)
    /// The account is locked, until `until` (seconds since the Unix epoch) when Folio says.
    case locked(until: Int64?)
    /// The person closed the passkey dialog.
    case passkeyCancelled
    /// The passkey dialog failed, or Folio rejected the assertion.
    case passkeyFailed
    /// The step can only be completed with `capability` (`passkey`), which this device lacks.
    case unsupported(capability: String)
    /// The ceremony ended on an identity the SDK could not switch the session to.
    case sessionUnavailable
    /// Folio knows no account for the identifier (a recovery, or a sign-in that cannot sign up).
    case accountNotFound
    /// A verification was started while no account is signed in.
    case notSignedIn
    /// The ceremony, or the challenge its step waits on (a device approval, a code), expired at Folio.
    case expired
    /// The SocialCallback answer's state is not the state of the SocialRedirect phase.
    case socialStateMismatch
    /// The provider or Folio did not accept the authorization code of the SocialCallback answer.
    case socialRejected
    /// Folio did not accept the integrator attestation (signature, nonce or expiry).
    case attestationRejected
    /// Folio did not accept the transfer acknowledgement of CompleteDeviceLink.
    case deviceLinkRejected
    /// Folio could not be reached or did not answer in time.
    case network
    /// Anything else, including an answer that does not match the phase; `message` says what when known.
    case unknown(message: String?)

    /// True when the error ends the ceremony (reported in Failed); false when the step stays open and the
    /// error is reported in AwaitingInput, so the person can answer again or choose an alternative.
    public var endsCeremony: Bool {
        switch self {
        case .locked, .unsupported, .sessionUnavailable, .accountNotFound, .notSignedIn, .expired: true
        case .wrongPassword, .wrongCode, .wrongRecoveryCode, .weakPassword, .rateLimited, .passkeyCancelled,
            .passkeyFailed, .socialStateMismatch, .socialRejected, .attestationRejected, .deviceLinkRejected,
            .network, .unknown:
            false
        }
    }

    public var wireType: String {
        switch self {
        case .wrongPassword: "WRONG_PASSWORD"
        case .wrongCode: "WRONG_CODE"
        case .wrongRecoveryCode: "WRONG_RECOVERY_CODE"
        case .weakPassword: "WEAK_PASSWORD"
        case .rateLimited: "RATE_LIMITED"
        case .locked: "LOCKED"
        case .passkeyCancelled: "PASSKEY_CANCELLED"
        case .passkeyFailed: "PASSKEY_FAILED"
        case .unsupported: "UNSUPPORTED"
        case .sessionUnavailable: "SESSION_UNAVAILABLE"
        case .accountNotFound: "ACCOUNT_NOT_FOUND"
        case .notSignedIn: "NOT_SIGNED_IN"
        case .expired: "EXPIRED"
        case .socialStateMismatch: "SOCIAL_STATE_MISMATCH"
        case .socialRejected: "SOCIAL_REJECTED"
        case .attestationRejected: "ATTESTATION_REJECTED"
        case .deviceLinkRejected: "DEVICE_LINK_REJECTED"
        case .network: "NETWORK"
        case .unknown: "UNKNOWN"
        }
    }

    /// Every case without fields, for decoding.
    private static let withoutFields: [AuthError] = [
        .wrongPassword, .wrongCode, .wrongRecoveryCode, .weakPassword, .passkeyCancelled, .passkeyFailed,
        .sessionUnavailable, .accountNotFound, .notSignedIn, .expired, .socialStateMismatch, .socialRejected,
        .attestationRejected, .deviceLinkRejected, .network,
    ]

    static let wireTypes =
        withoutFields.map(\.wireType) + ["RATE_LIMITED", "LOCKED", "UNSUPPORTED", "UNKNOWN"]

    public var json: JSONValue {
        switch self {
        case .rateLimited(let retryAfter): Wire.tagged(wireType, ["retryAfter": retryAfter.map(Wire.number)])
        case .locked(let until): Wire.tagged(wireType, ["until": until.map(JSONValue.int)])
        case .unsupported(let capability): Wire.tagged(wireType, ["capability": .string(capability)])
        case .unknown(let message): Wire.tagged(wireType, ["message": message.map(JSONValue.string)])
        default: Wire.tagged(wireType)
        }
    }

    /// A case whose fields are all optional always carries `value`, maybe `{}`, so `error.value.retryAfter`
    /// works in TypeScript.
    public static var wireSchema: JSONSchema {
        .oneOf(
            withoutFields.map { .taggedCase($0.wireType) } + [
                .taggedCase(
                    "RATE_LIMITED",
                    fields: .closedObject(["retryAfter": JSONSchema.nonNegativeInteger.described("Seconds to wait.")])),
                .taggedCase(
                    "LOCKED",
                    fields: .closedObject(["until": JSONSchema.integer.described("Seconds since the Unix epoch.")])),
                .taggedCase(
                    "UNSUPPORTED",
                    fields: .closedObject(
                        ["capability": JSONSchema.string.described("The capability this device lacks, e.g. passkey.")],
                        required: ["capability"])),
                .taggedCase("UNKNOWN", fields: .closedObject(["message": .string])),
            ], description: "What went wrong in a ceremony.")
    }

    public init(json: JSONValue, path: String) throws(WireDecodingError) {
        let tagged = try WireCase(json, path: path)
        switch tagged.type {
        case "RATE_LIMITED":
            self = .rateLimited(retryAfter: try tagged.fields(["retryAfter"]).optionalUInt64("retryAfter"))
        case "LOCKED":
            self = .locked(until: try tagged.fields(["until"]).optionalInt64("until"))
        case "UNSUPPORTED":
            self = .unsupported(capability: try tagged.fields(["capability"]).string("capability", .modelText))
        case "UNKNOWN":
            self = .unknown(message: try tagged.fields(["message"]).optionalString("message", .modelText))
        default:
            guard let error = Self.withoutFields.first(where: { $0.wireType == tagged.type }) else {
                throw tagged.unknownType(Self.wireTypes)
            }
            try tagged.noFields()
            self = error
        }
    }
}
