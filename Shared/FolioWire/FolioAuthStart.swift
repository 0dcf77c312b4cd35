/// An email address or E.164 phone number a sign-in or recovery is started for (the SDK's
/// AuthIdentifierInput). On the wire `{"type": "EMAIL", "value": {"value": "..."}}`.
public enum FolioAuthIdentifier: Codable, Sendable, Equatable {
    case email(String)
    case phone(String)

    private struct Value: Codable {
        var value: String
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: FolioTaggedKey.self)
        let type = try container.decode(String.self, forKey: .type)
        let value = try container.decode(Value.self, forKey: .value).value
        switch type {
        case "EMAIL": self = .email(value)
        case "PHONE": self = .phone(value)
        default: throw container.unknownType(type, of: Self.self)
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: FolioTaggedKey.self)
        switch self {
        case .email(let value):
            try container.encode("EMAIL", forKey: .type)
            try container.encode(Value(value: value), forKey: .value)
        case .phone(let value):
            try container.encode("PHONE", forKey: .type)
            try container.encode(Value(value: value), forKey: .value)
        }
    }
}

/// The device a ceremony runs on; DEVICE_APPROVAL shows its fingerprint and platform to the trusted device.
public struct FolioAuthDevice: Codable, Sendable, Equatable {
    public var id: String
    public var platform: FolioDevicePlatform
    public var fingerprint: String

    /// Creates a device description.
    public init(id: String, platform: FolioDevicePlatform, fingerprint: String) {
        self.id = id
        self.platform = platform
        self.fingerprint = fingerprint
    }
}

/// The operation a verification is bound to (the SDK's VerificationOperation); echoed in the
/// verification token.
public struct FolioVerificationOperation: Codable, Sendable, Equatable {
    public var operationType: FolioVerificationOperationType
    /// What the operation is about, e.g. a hash of the request; opaque to Folio.
    public var binding: String
    public var displayText: String?

    /// Creates an operation.
    public init(operationType: FolioVerificationOperationType, binding: String, displayText: String? = nil) {
        self.operationType = operationType
        self.binding = binding
        self.displayText = displayText
    }
}

/// What a ceremony is for (the SDK's AuthStart).
public enum FolioCeremonyKind: Codable, Sendable, Equatable {
    /// Sign in without an identifier (passkey, social provider, or a guest where the organization allows
    /// it) or for an email/phone. An email without an account signs up (NEW_PASSWORD).
    case signIn(identifier: FolioAuthIdentifier?)
    /// Recover the account of an identifier.
    case recovery(identifier: FolioAuthIdentifier)
    /// Recover the account of a sign-in that waits for input; that sign-in ends (CEREMONY_ENDED).
    case recoveryContinuing(ceremonyId: String)
    /// Confirm the person of an active session again, optionally bound to an operation; the identity
    /// does not change.
    case verification(sessionId: String, operation: FolioVerificationOperation?)

    private struct Value: Codable {
        var identifier: FolioAuthIdentifier?
        var continuesCeremonyId: String?
        var sessionId: String?
        var operation: FolioVerificationOperation?
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: FolioTaggedKey.self)
        let type = try container.decode(String.self, forKey: .type)
        let value = try container.decodeIfPresent(Value.self, forKey: .value) ?? Value()
        switch type {
        case "SIGN_IN":
            self = .signIn(identifier: value.identifier)
        case "RECOVERY":
            if let id = value.continuesCeremonyId {
                self = .recoveryContinuing(ceremonyId: id)
            } else if let identifier = value.identifier {
                self = .recovery(identifier: identifier)
            } else {
                throw container.unknownType("RECOVERY without identifier", of: Self.self)
            }
        case "VERIFICATION":
            guard let sessionId = value.sessionId else {
                throw container.unknownType("VERIFICATION without sessionId", of: Self.self)
            }
            self = .verification(sessionId: sessionId, operation: value.operation)
        default:
            throw container.unknownType(type, of: Self.self)
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: FolioTaggedKey.self)
        switch self {
        case .signIn(let identifier):
            try container.encode("SIGN_IN", forKey: .type)
            try container.encode(Value(identifier: identifier), forKey: .value)
        case .recovery(let identifier):
            try container.encode("RECOVERY", forKey: .type)
            try container.encode(Value(identifier: identifier), forKey: .value)
        case .recoveryContinuing(let ceremonyId):
            try container.encode("RECOVERY", forKey: .type)
            try container.encode(Value(continuesCeremonyId: ceremonyId), forKey: .value)
        case .verification(let sessionId, let operation):
            try container.encode("VERIFICATION", forKey: .type)
            try container.encode(Value(sessionId: sessionId, operation: operation), forKey: .value)
        }
    }
}

/// The body of `POST /v1/auth/ceremonies`.
public struct FolioCeremonyStart: Codable, Sendable, Equatable {
    public var organizationId: String
    public var kind: FolioCeremonyKind
    public var device: FolioAuthDevice
    /// Whether the client can run the passkey dialog; without it Folio offers no PASSKEY, and a step
    /// that only a passkey can answer ends FAILED with UNSUPPORTED (`capability` `PASSKEY`).
    public var supportsPasskeys: Bool

    /// Creates a start request.
    public init(organizationId: String, kind: FolioCeremonyKind, device: FolioAuthDevice, supportsPasskeys: Bool) {
        self.organizationId = organizationId
        self.kind = kind
        self.device = device
        self.supportsPasskeys = supportsPasskeys
    }
}
