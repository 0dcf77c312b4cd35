import Foundation

/// A step waiting for input.
public struct FolioAwaitingInput: Codable, Sendable, Equatable {
    /// The input to ask for.
    public var phase: FolioAuthPhase
    /// A second input of the same step, sent together with the first as `secondAnswer`: TOTP after a
    /// PASSWORD (ask for it after the password), or PASSKEY with a PASSWORD (run the passkey dialog
    /// when the password is answered).
    public var secondInput: FolioAuthPhase?
    /// Other methods for this step; `selectAlternative` switches to one.
    public var alternatives: [FolioAuthMethod]

    /// Creates a waiting step.
    public init(phase: FolioAuthPhase, secondInput: FolioAuthPhase? = nil, alternatives: [FolioAuthMethod] = []) {
        self.phase = phase
        self.secondInput = secondInput
        self.alternatives = alternatives
    }
}

/// The result of a verification.
public struct FolioVerificationResult: Codable, Sendable, Equatable {
    /// EdDSA JWT from Folio's keys (JWKS): `sub`, `sid`, `cer`, `iat`, `exp`, and `op` with the operation.
    public var token: String
    public var operation: FolioVerificationOperation?

    /// Creates a result.
    public init(token: String, operation: FolioVerificationOperation? = nil) {
        self.token = token
        self.operation = operation
    }
}

/// How a ceremony completed.
public struct FolioCeremonyCompletion: Codable, Sendable, Equatable {
    /// The identity signed in (a verification: the verified session's).
    public var identity: FolioIdentity
    /// The new session of a sign-in or recovery; the verified session of a verification.
    public var session: FolioSession
    /// EdDSA JWT for the new session (`sub`, `sid`, `org`, `iat`, `exp`); nil for a verification.
    public var sessionToken: String?
    /// Set when this ceremony created the account's credentials (sign-up, recovery): show it once.
    /// Only in the answer that completed the ceremony, never in a later `ceremony(id:)`.
    public var recoveryCode: String?
    /// Set for a verification.
    public var verification: FolioVerificationResult?

    /// Creates a completion.
    public init(
        identity: FolioIdentity, session: FolioSession, sessionToken: String? = nil, recoveryCode: String? = nil,
        verification: FolioVerificationResult? = nil
    ) {
        self.identity = identity
        self.session = session
        self.sessionToken = sessionToken
        self.recoveryCode = recoveryCode
        self.verification = verification
    }
}

/// Where a ceremony stands. On the wire `{"type": "AWAITING_INPUT" | "COMPLETED" | "FAILED", "value": ...}`.
public enum FolioCeremonyStep: Codable, Sendable, Equatable {
    case awaitingInput(FolioAwaitingInput)
    case completed(FolioCeremonyCompletion)
    /// The ceremony is over: e.g. UNSUPPORTED (a passkey-only step for a client without passkeys),
    /// CANCELLED, CEREMONY_EXPIRED, CEREMONY_ENDED.
    case failed(FolioAuthFailure)

    private struct Failed: Codable {
        var error: FolioAuthFailure
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: FolioTaggedKey.self)
        let type = try container.decode(String.self, forKey: .type)
        switch type {
        case "AWAITING_INPUT": self = .awaitingInput(try container.decode(FolioAwaitingInput.self, forKey: .value))
        case "COMPLETED": self = .completed(try container.decode(FolioCeremonyCompletion.self, forKey: .value))
        case "FAILED": self = .failed(try container.decode(Failed.self, forKey: .value).error)
        default: throw container.unknownType(type, of: Self.self)
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: FolioTaggedKey.self)
        switch self {
        case .awaitingInput(let value):
            try container.encode("AWAITING_INPUT", forKey: .type)
            try container.encode(value, forKey: .value)
        case .completed(let value):
            try container.encode("COMPLETED", forKey: .type)
            try container.encode(value, forKey: .value)
        case .failed(let failure):
            try container.encode("FAILED", forKey: .type)
            try container.encode(Failed(error: failure), forKey: .value)
        }
    }
}

/// A ceremony as every ceremony call answers it.
public struct FolioCeremony: Codable, Sendable, Equatable {
    public var id: String
    public var organizationId: String
    /// After this the ceremony fails with CEREMONY_EXPIRED.
    public var expiresAt: Date
    public var step: FolioCeremonyStep

    /// Creates a ceremony value.
    public init(id: String, organizationId: String, expiresAt: Date, step: FolioCeremonyStep) {
        self.id = id
        self.organizationId = organizationId
        self.expiresAt = expiresAt
        self.step = step
    }

    /// The waiting step, if the ceremony waits for input.
    public var awaitingInput: FolioAwaitingInput? {
        if case .awaitingInput(let value) = step { return value }
        return nil
    }

    /// The completion, if the ceremony completed.
    public var completion: FolioCeremonyCompletion? {
        if case .completed(let value) = step { return value }
        return nil
    }

    /// The failure, if the ceremony failed.
    public var failure: FolioAuthFailure? {
        if case .failed(let value) = step { return value }
        return nil
    }
}
