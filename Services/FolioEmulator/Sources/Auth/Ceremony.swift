import FolioModel
import FolioWire
import Foundation

/// One authentication ceremony: what it is for, what has been proven so far, the step it waits at,
/// and how it ended.
struct Ceremony: Sendable {
    enum Kind: String, Sendable {
        case signIn = "SIGN_IN"
        case recovery = "RECOVERY"
        case verification = "VERIFICATION"
    }

    /// What a step proves; the next step is the first requirement not yet satisfied.
    enum Factor: Sendable, Hashable {
        case firstFactor
        case totp
        case deviceApproval
        case attestation
        case newPassword
    }

    enum Outcome: Sendable {
        case completed(JSONValue)
        case failed(AuthFailure)
    }

    let id: String
    let organizationId: String
    let kind: Kind
    let identifier: AuthIdentifier?
    let device: AuthDevice
    let supportsPasskeys: Bool
    /// VERIFICATION: the verified session and the operation it is bound to.
    let sessionId: String?
    let operation: JSONValue?
    let createdAt: Date
    let expiresAt: Date
    var accountId: String?
    /// A SIGN_IN whose email has no account yet: the account this sign-up creates.
    var signUpEmail: String?
    var satisfied: Set<Factor> = []
    var stage: Stage?
    var outcome: Outcome?
    /// Set when this ceremony created credentials: shown once in the completion.
    var newRecoveryCode: String?

    var isOpen: Bool { outcome == nil }
}

/// The step a ceremony waits at: which methods may answer it and the data of the current one.
struct Stage: Sendable {
    struct OTP: Sendable {
        var code: String
        /// `EMAIL` or `SMS`.
        var channel: String
        var to: String
        var destination: String
        var expiresAt: Date
    }

    struct Social: Sendable {
        var provider: FolioSocialProvider
        var state: String
        /// Set by the SOCIAL_REDIRECT answer.
        var redirectUri: String?
    }

    struct Passkey: Sendable {
        var challenge: String
        var allowCredentials: [String]
    }

    var factor: Ceremony.Factor
    /// The current method first, then the alternatives.
    var methods: [FolioAuthMethod]
    var current: FolioAuthMethod
    /// A second input answered together with the current one (TOTP or PASSKEY after a PASSWORD).
    var secondInput: FolioAuthMethod?
    var salt: [UInt8] = []
    var otp: OTP?
    var social: Social?
    var nonce: String?
    var integratorId: String?
    var passkey: Passkey?
    var deviceChallengeId: String?

    var alternatives: [FolioAuthMethod] { methods.filter { $0 != current && $0 != .socialCallback } }
}
