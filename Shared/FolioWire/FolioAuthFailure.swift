/// Why Folio refused an authentication call or ended a ceremony: the `code` of the error body as a value
/// to switch on, with the fields that belong to it. docs/folio-api.md lists status and meaning of each.
public enum FolioAuthErrorCode: Sendable, Hashable, CustomStringConvertible {
    /// `WRONG_PASSWORD`: the step stays open.
    case wrongPassword
    /// `WRONG_CODE`: a wrong or expired one-time or authenticator code; the step stays open.
    case wrongCode
    /// `WRONG_RECOVERY_CODE`: the step stays open.
    case wrongRecoveryCode
    /// `WEAK_PASSWORD`: the new password does not meet the phase's policy.
    case weakPassword
    /// `RATE_LIMITED`: too many starts or resends; try again after `retryAfterSeconds`.
    case rateLimited(retryAfterSeconds: Int?)
    /// `LOCKED`: too many wrong passwords, or too many wrong codes, until `until` (unix seconds).
    /// Only that kind of answer is locked; the step's alternatives may still work.
    case locked(until: Int64?)
    /// `UNKNOWN_ACCOUNT`: no account for the identifier, or no account linked to the social identity.
    case unknownAccount
    /// `ACCOUNT_EXISTS`: a sign-up's email got an account meanwhile.
    case accountExists
    /// `INVALID_STATE`: the answer is for another phase, or the action does not fit the step.
    case invalidState
    /// `PASSKEY_FAILED`: the assertion does not verify.
    case passkeyFailed
    /// `UNSUPPORTED`: the step needs a capability the client lacks, e.g. `PASSKEY` (ceremony over).
    case unsupported(capability: String?)
    /// `SOCIAL_STATE_MISMATCH`: the callback's state is not the redirect's.
    case socialStateMismatch
    /// `SOCIAL_CODE_INVALID`: the authorization code is unknown, used, expired or for another account.
    case socialCodeInvalid
    /// `REDIRECT_URI_NOT_ALLOWED`: not a redirect URI of the organization.
    case redirectUriNotAllowed
    /// `ATTESTATION_INVALID`: bad signature, wrong nonce, expired, or another person.
    case attestationInvalid
    /// `CHALLENGE_EXPIRED`: the device approval request timed out.
    case challengeExpired
    /// `TRANSFER_ACK_INVALID`: not this step's challenge, not approved yet, or a wrong acknowledgement.
    case transferAckInvalid
    /// `CEREMONY_NOT_FOUND`.
    case ceremonyNotFound
    /// `CEREMONY_EXPIRED`: start a new ceremony.
    case ceremonyExpired
    /// `CEREMONY_ENDED`: the ceremony completed, failed, was cancelled or continued as a recovery.
    case ceremonyEnded
    /// `CANCELLED`: the FAILED step of a cancelled ceremony.
    case cancelled
    /// `SESSION_NOT_FOUND`.
    case sessionNotFound
    /// `SESSION_EXPIRED`: the session ended or expired.
    case sessionExpired
    /// `PLAIN_PASSWORD_REJECTED`: a body carried a `password` field (a client bug).
    case plainPasswordRejected
    /// Any other code (e.g. `INVALID_REQUEST`, `IDEMPOTENCY_KEY_REUSED`).
    case other(String)

    /// Reads a code and the fields that belong to it.
    public init(code: String, retryAfterSeconds: Int? = nil, until: Int64? = nil, capability: String? = nil) {
        switch code {
        case "WRONG_PASSWORD": self = .wrongPassword
        case "WRONG_CODE": self = .wrongCode
        case "WRONG_RECOVERY_CODE": self = .wrongRecoveryCode
        case "WEAK_PASSWORD": self = .weakPassword
        case "RATE_LIMITED": self = .rateLimited(retryAfterSeconds: retryAfterSeconds)
        case "LOCKED": self = .locked(until: until)
        case "UNKNOWN_ACCOUNT": self = .unknownAccount
        case "ACCOUNT_EXISTS": self = .accountExists
        case "INVALID_STATE": self = .invalidState
        case "PASSKEY_FAILED": self = .passkeyFailed
        case "UNSUPPORTED": self = .unsupported(capability: capability)
        case "SOCIAL_STATE_MISMATCH": self = .socialStateMismatch
        case "SOCIAL_CODE_INVALID": self = .socialCodeInvalid
        case "REDIRECT_URI_NOT_ALLOWED": self = .redirectUriNotAllowed
        case "ATTESTATION_INVALID": self = .attestationInvalid
        case "CHALLENGE_EXPIRED": self = .challengeExpired
        case "TRANSFER_ACK_INVALID": self = .transferAckInvalid
        case "CEREMONY_NOT_FOUND": self = .ceremonyNotFound
        case "CEREMONY_EXPIRED": self = .ceremonyExpired
        case "CEREMONY_ENDED": self = .ceremonyEnded
        case "CANCELLED": self = .cancelled
        case "SESSION_NOT_FOUND": self = .sessionNotFound
        case "SESSION_EXPIRED": self = .sessionExpired
        case "PLAIN_PASSWORD_REJECTED": self = .plainPasswordRejected
        default: self = .other(code)
        }
    }

    /// The wire code, e.g. `WRONG_PASSWORD`.
    public var rawValue: String {
        switch self {
        case .wrongPassword: "WRONG_PASSWORD"
        case .wrongCode: "WRONG_CODE"
        case .wrongRecoveryCode: "WRONG_RECOVERY_CODE"
        case .weakPassword: "WEAK_PASSWORD"
        case .rateLimited: "RATE_LIMITED"
        case .locked: "LOCKED"
        case .unknownAccount: "UNKNOWN_ACCOUNT"
        case .accountExists: "ACCOUNT_EXISTS"
        case .invalidState: "INVALID_STATE"
        case .passkeyFailed: "PASSKEY_FAILED"
        case .unsupported: "UNSUPPORTED"
        case .socialStateMismatch: "SOCIAL_STATE_MISMATCH"
        case .socialCodeInvalid: "SOCIAL_CODE_INVALID"
        case .redirectUriNotAllowed: "REDIRECT_URI_NOT_ALLOWED"
        case .attestationInvalid: "ATTESTATION_INVALID"
        case .challengeExpired: "CHALLENGE_EXPIRED"
        case .transferAckInvalid: "TRANSFER_ACK_INVALID"
        case .ceremonyNotFound: "CEREMONY_NOT_FOUND"
        case .ceremonyExpired: "CEREMONY_EXPIRED"
        case .ceremonyEnded: "CEREMONY_ENDED"
        case .cancelled: "CANCELLED"
        case .sessionNotFound: "SESSION_NOT_FOUND"
        case .sessionExpired: "SESSION_EXPIRED"
        case .plainPasswordRejected: "PLAIN_PASSWORD_REJECTED"
        case .other(let code): code
        }
    }

    /// True when the ceremony cannot go on after this error: start a new one.
    public var endsCeremony: Bool {
        switch self {
        case .unsupported, .ceremonyNotFound, .ceremonyExpired, .ceremonyEnded, .cancelled, .sessionExpired,
            .sessionNotFound:
            true
        default:
            false
        }
    }

    public var description: String { rawValue }
}

/// The `error` object of an authentication error answer, and the value of a FAILED step.
public struct FolioAuthFailure: Codable, Sendable, Equatable {
    public var code: FolioAuthErrorCode
    /// For people and logs; never branch on it.
    public var message: String
    /// WRONG_*: wrong answers left before the lock.
    public var attemptsLeft: Int?

    /// Creates a failure.
    public init(code: FolioAuthErrorCode, message: String, attemptsLeft: Int? = nil) {
        self.code = code
        self.message = message
        self.attemptsLeft = attemptsLeft
    }

    private enum CodingKeys: String, CodingKey {
        case code, message, attemptsLeft, retryAfterSeconds, until, capability
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        code = FolioAuthErrorCode(
            code: try container.decode(String.self, forKey: .code),
            retryAfterSeconds: try container.decodeIfPresent(Int.self, forKey: .retryAfterSeconds),
            until: try container.decodeIfPresent(Int64.self, forKey: .until),
            capability: try container.decodeIfPresent(String.self, forKey: .capability))
        message = try container.decodeIfPresent(String.self, forKey: .message) ?? ""
        attemptsLeft = try container.decodeIfPresent(Int.self, forKey: .attemptsLeft)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(code.rawValue, forKey: .code)
        try container.encode(message, forKey: .message)
        try container.encodeIfPresent(attemptsLeft, forKey: .attemptsLeft)
        switch code {
        case .rateLimited(let seconds): try container.encodeIfPresent(seconds, forKey: .retryAfterSeconds)
        case .locked(let until): try container.encodeIfPresent(until, forKey: .until)
        case .unsupported(let capability): try container.encodeIfPresent(capability, forKey: .capability)
        default: break
        }
    }
}
