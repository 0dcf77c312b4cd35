/// The length and character classes of a new password, measured on the client (Folio checks them
/// against the NEW_PASSWORD phase's policy, since it never sees the password).
public struct FolioPasswordStrength: Codable, Sendable, Equatable {
    /// Characters (grapheme clusters).
    public var length: Int
    /// How many of lower case, upper case, digits and other characters occur (0...4).
    public var characterClasses: Int

    /// Creates a measurement.
    public init(length: Int, characterClasses: Int) {
        self.length = length
        self.characterClasses = characterClasses
    }

    /// Measures `password`.
    public init(measuring password: String) {
        length = password.count
        var classes: Set<Int> = []
        for character in password {
            if character.isLowercase {
                classes.insert(0)
            } else if character.isUppercase {
                classes.insert(1)
            } else if character.isNumber {
                classes.insert(2)
            } else {
                classes.insert(3)
            }
        }
        characterClasses = classes.count
    }
}

/// A WebAuthn assertion (base64url fields), the answer to a PASSKEY phase.
public struct FolioPasskeyAssertion: Codable, Sendable, Equatable {
    public var credentialId: String
    public var clientDataJSON: String
    public var authenticatorData: String
    public var signature: String
    public var userHandle: String?

    /// Creates an assertion.
    public init(
        credentialId: String, clientDataJSON: String, authenticatorData: String, signature: String,
        userHandle: String? = nil
    ) {
        self.credentialId = credentialId
        self.clientDataJSON = clientDataJSON
        self.authenticatorData = authenticatorData
        self.signature = signature
        self.userHandle = userHandle
    }
}

/// An answer to the current phase (or to the second input of a two-input step). Passwords and
/// recovery codes travel only as proofs: see ``FolioAuthProof``.
public enum FolioCeremonyAnswer: Codable, Sendable, Equatable {
    /// base64url proof derived with the PASSWORD phase's derivation.
    case password(proof: String)
    case otp(code: String)
    case totp(code: String)
    /// base64url proof of the normalized recovery code.
    case recoveryCode(proof: String)
    case newPassword(proof: String, strength: FolioPasswordStrength)
    /// The provider chosen and the URI it redirects back to; the step becomes SOCIAL_CALLBACK.
    case socialRedirect(provider: FolioSocialProvider, redirectUri: String)
    /// From the provider's redirect; `state` must be the SOCIAL_REDIRECT phase's.
    case socialCallback(code: String, state: String)
    /// The integrator's JWT, passed through unchanged.
    case integratorAttestation(jwt: String)
    case passkey(FolioPasskeyAssertion)

    /// The method this answers.
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
        }
    }

    private struct Value: Codable {
        var proof: String?
        var code: String?
        var strength: FolioPasswordStrength?
        var provider: FolioSocialProvider?
        var redirectUri: String?
        var state: String?
        var jwt: String?
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: FolioTaggedKey.self)
        let type = try container.decode(String.self, forKey: .type)
        if type == FolioAuthMethod.passkey.rawValue {
            self = .passkey(try container.decode(FolioPasskeyAssertion.self, forKey: .value))
            return
        }
        let value = try container.decode(Value.self, forKey: .value)
        let incomplete = container.unknownType("\(type) without its fields", of: Self.self)
        switch FolioAuthMethod(rawValue: type) {
        case .password:
            guard let proof = value.proof else { throw incomplete }
            self = .password(proof: proof)
        case .otp:
            guard let code = value.code else { throw incomplete }
            self = .otp(code: code)
        case .totp:
            guard let code = value.code else { throw incomplete }
            self = .totp(code: code)
        case .recoveryCode:
            guard let proof = value.proof else { throw incomplete }
            self = .recoveryCode(proof: proof)
        case .newPassword:
            guard let proof = value.proof, let strength = value.strength else { throw incomplete }
            self = .newPassword(proof: proof, strength: strength)
        case .socialRedirect:
            guard let provider = value.provider, let redirectUri = value.redirectUri else { throw incomplete }
            self = .socialRedirect(provider: provider, redirectUri: redirectUri)
        case .socialCallback:
            guard let code = value.code, let state = value.state else { throw incomplete }
            self = .socialCallback(code: code, state: state)
        case .integratorAttestation:
            guard let jwt = value.jwt else { throw incomplete }
            self = .integratorAttestation(jwt: jwt)
        case .passkey, .deviceApproval, nil:
            throw container.unknownType(type, of: Self.self)
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: FolioTaggedKey.self)
        try container.encode(method.rawValue, forKey: .type)
        switch self {
        case .password(let proof), .recoveryCode(let proof):
            try container.encode(Value(proof: proof), forKey: .value)
        case .otp(let code), .totp(let code):
            try container.encode(Value(code: code), forKey: .value)
        case .newPassword(let proof, let strength):
            try container.encode(Value(proof: proof, strength: strength), forKey: .value)
        case .socialRedirect(let provider, let redirectUri):
            try container.encode(Value(provider: provider, redirectUri: redirectUri), forKey: .value)
        case .socialCallback(let code, let state):
            try container.encode(Value(code: code, state: state), forKey: .value)
        case .integratorAttestation(let jwt):
            try container.encode(Value(jwt: jwt), forKey: .value)
        case .passkey(let assertion):
            try container.encode(assertion, forKey: .value)
        }
    }
}
