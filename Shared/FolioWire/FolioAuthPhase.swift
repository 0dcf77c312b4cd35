/// How the client derives a proof from a password or recovery code: Argon2id (`ALG_ARGON2ID13`) of its
/// UTF-8 bytes with this salt and these limits, `length` bytes, sent base64url. See ``FolioAuthProof``.
public struct FolioKeyDerivation: Codable, Sendable, Equatable {
    /// base64url of the 16-byte salt.
    public var salt: String
    public var opsLimit: UInt64
    public var memLimit: Int
    /// Bytes of the proof.
    public var length: Int

    /// Creates a value.
    public init(salt: String, opsLimit: UInt64, memLimit: Int, length: Int) {
        self.salt = salt
        self.opsLimit = opsLimit
        self.memLimit = memLimit
        self.length = length
    }
}

/// PASSWORD: derive the proof with `derivation`.
public struct FolioPasswordPhase: Codable, Sendable, Equatable {
    public var derivation: FolioKeyDerivation

    /// Creates a value.
    public init(derivation: FolioKeyDerivation) {
        self.derivation = derivation
    }
}

/// OTP: a one-time code was sent.
public struct FolioOtpPhase: Codable, Sendable, Equatable {
    public var channel: FolioOtpChannel
    /// The masked address, e.g. `c***i@example.net` or `*******0203`.
    public var destination: String
    /// Digits in the code.
    public var length: Int
    /// Whether `resendOtp` can send a new code (a sign-in or recovery started with an identifier).
    public var canResend: Bool
    /// How long the code stays valid.
    public var expiresInSeconds: Int

    /// Creates a value.
    public init(channel: FolioOtpChannel, destination: String, length: Int, canResend: Bool, expiresInSeconds: Int) {
        self.channel = channel
        self.destination = destination
        self.length = length
        self.canResend = canResend
        self.expiresInSeconds = expiresInSeconds
    }
}

/// TOTP: a code from the person's authenticator app.
public struct FolioTotpPhase: Codable, Sendable, Equatable {
    /// Digits in the code.
    public var length: Int

    /// Creates a value.
    public init(length: Int) {
        self.length = length
    }
}

/// RECOVERY_CODE: derive the proof of the recovery code (normalized, see ``FolioAuthProof``).
public struct FolioRecoveryCodePhase: Codable, Sendable, Equatable {
    public var derivation: FolioKeyDerivation

    /// Creates a value.
    public init(derivation: FolioKeyDerivation) {
        self.derivation = derivation
    }
}

/// What a new password must meet; the client measures it (Folio never sees the password).
public struct FolioPasswordPolicy: Codable, Sendable, Equatable {
    /// Minimum length in characters.
    public var minLength: Int
    /// Minimum number of character classes (lower case, upper case, digits, others).
    public var minCharacterClasses: Int

    /// Creates a value.
    public init(minLength: Int, minCharacterClasses: Int) {
        self.minLength = minLength
        self.minCharacterClasses = minCharacterClasses
    }
}

/// NEW_PASSWORD: choose a password (sign-up or recovery); derive its proof with `derivation`.
public struct FolioNewPasswordPhase: Codable, Sendable, Equatable {
    public var derivation: FolioKeyDerivation
    public var policy: FolioPasswordPolicy

    /// Creates a value.
    public init(derivation: FolioKeyDerivation, policy: FolioPasswordPolicy) {
        self.derivation = derivation
        self.policy = policy
    }
}

/// SOCIAL_REDIRECT: sign in at `provider`. Open `authorizationUrl` (or the one of the next phase),
/// then answer with the provider and the redirect URI the provider returns to.
public struct FolioSocialRedirectPhase: Codable, Sendable, Equatable {
    public var provider: FolioSocialProvider
    public var authorizationUrl: String
    /// Echoed by the provider; the SOCIAL_CALLBACK answer must carry it.
    public var state: String

    /// Creates a value.
    public init(provider: FolioSocialProvider, authorizationUrl: String, state: String) {
        self.provider = provider
        self.authorizationUrl = authorizationUrl
        self.state = state
    }
}

/// SOCIAL_CALLBACK: answer with the `code` and `state` the provider redirected to `redirectUri` with.
public struct FolioSocialCallbackPhase: Codable, Sendable, Equatable {
    public var provider: FolioSocialProvider
    /// The authorization URL for `redirectUri`.
    public var authorizationUrl: String
    public var state: String
    public var redirectUri: String

    /// Creates a value.
    public init(provider: FolioSocialProvider, authorizationUrl: String, state: String, redirectUri: String) {
        self.provider = provider
        self.authorizationUrl = authorizationUrl
        self.state = state
        self.redirectUri = redirectUri
    }
}

/// INTEGRATOR_ATTESTATION: the integrator's backend signs a JWT carrying `nonce`.
public struct FolioIntegratorAttestationPhase: Codable, Sendable, Equatable {
    public var nonce: String
    public var integratorId: String

    /// Creates a value.
    public init(nonce: String, integratorId: String) {
        self.nonce = nonce
        self.integratorId = integratorId
    }
}

/// A credential a passkey assertion may use (WebAuthn PublicKeyCredentialDescriptor).
public struct FolioPasskeyCredentialDescriptor: Codable, Sendable, Equatable {
    /// Always `public-key`.
    public var type: String
    /// base64url credential id.
    public var id: String

    /// Creates a value.
    public init(type: String, id: String) {
        self.type = type
        self.id = id
    }
}

/// PASSKEY: WebAuthn PublicKeyCredentialRequestOptions (JSON form: base64url binary fields).
public struct FolioPasskeyRequest: Codable, Sendable, Equatable {
    /// base64url challenge the assertion must sign.
    public var challenge: String
    public var rpId: String
    /// Empty: any passkey of the organization (discoverable credentials).
    public var allowCredentials: [FolioPasskeyCredentialDescriptor]
    /// Milliseconds.
    public var timeout: Int
    public var userVerification: String

    /// Creates a value.
    public init(
        challenge: String, rpId: String, allowCredentials: [FolioPasskeyCredentialDescriptor], timeout: Int,
        userVerification: String
    ) {
        self.challenge = challenge
        self.rpId = rpId
        self.allowCredentials = allowCredentials
        self.timeout = timeout
        self.userVerification = userVerification
    }
}

/// DEVICE_APPROVAL: a device where the person is signed in must approve this sign-in.
public struct FolioDeviceApprovalPhase: Codable, Sendable, Equatable {
    public var challengeId: String
    public var freshDeviceFingerprint: String
    public var freshDevicePlatform: FolioDevicePlatform
    public var expiresInSeconds: Int

    /// Creates a value.
    public init(
        challengeId: String, freshDeviceFingerprint: String, freshDevicePlatform: FolioDevicePlatform,
        expiresInSeconds: Int
    ) {
        self.challengeId = challengeId
        self.freshDeviceFingerprint = freshDeviceFingerprint
        self.freshDevicePlatform = freshDevicePlatform
        self.expiresInSeconds = expiresInSeconds
    }
}

/// The input a step waits for (the SDK's AuthPhase, plus PASSKEY for the passkey dialog's options).
/// On the wire `{"type": "<METHOD>", "value": {...}}`.
public enum FolioAuthPhase: Codable, Sendable, Equatable {
    case password(FolioPasswordPhase)
    case otp(FolioOtpPhase)
    case totp(FolioTotpPhase)
    case recoveryCode(FolioRecoveryCodePhase)
    case newPassword(FolioNewPasswordPhase)
    case socialRedirect(FolioSocialRedirectPhase)
    case socialCallback(FolioSocialCallbackPhase)
    case integratorAttestation(FolioIntegratorAttestationPhase)
    case passkey(FolioPasskeyRequest)
    case deviceApproval(FolioDeviceApprovalPhase)

    /// The method that answers this phase.
    public var method: FolioAuthMethod {
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
        case .deviceApproval: .deviceApproval
        }
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: FolioTaggedKey.self)
        let type = try container.decode(String.self, forKey: .type)
        switch FolioAuthMethod(rawValue: type) {
        case .password: self = .password(try container.decode(FolioPasswordPhase.self, forKey: .value))
        case .otp: self = .otp(try container.decode(FolioOtpPhase.self, forKey: .value))
        case .totp: self = .totp(try container.decode(FolioTotpPhase.self, forKey: .value))
        case .recoveryCode: self = .recoveryCode(try container.decode(FolioRecoveryCodePhase.self, forKey: .value))
        case .newPassword: self = .newPassword(try container.decode(FolioNewPasswordPhase.self, forKey: .value))
        case .socialRedirect:
            self = .socialRedirect(try container.decode(FolioSocialRedirectPhase.self, forKey: .value))
        case .socialCallback:
            self = .socialCallback(try container.decode(FolioSocialCallbackPhase.self, forKey: .value))
        case .integratorAttestation:
            self = .integratorAttestation(try container.decode(FolioIntegratorAttestationPhase.self, forKey: .value))
        case .passkey: self = .passkey(try container.decode(FolioPasskeyRequest.self, forKey: .value))
        case .deviceApproval:
            self = .deviceApproval(try container.decode(FolioDeviceApprovalPhase.self, forKey: .value))
        case nil: throw container.unknownType(type, of: Self.self)
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: FolioTaggedKey.self)
        try container.encode(method.rawValue, forKey: .type)
        switch self {
        case .password(let value): try container.encode(value, forKey: .value)
        case .otp(let value): try container.encode(value, forKey: .value)
        case .totp(let value): try container.encode(value, forKey: .value)
        case .recoveryCode(let value): try container.encode(value, forKey: .value)
        case .newPassword(let value): try container.encode(value, forKey: .value)
        case .socialRedirect(let value): try container.encode(value, forKey: .value)
        case .socialCallback(let value): try container.encode(value, forKey: .value)
        case .integratorAttestation(let value): try container.encode(value, forKey: .value)
        case .passkey(let value): try container.encode(value, forKey: .value)
        case .deviceApproval(let value): try container.encode(value, forKey: .value)
        }
    }
}
