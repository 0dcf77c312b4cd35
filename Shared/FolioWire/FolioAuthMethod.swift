/// A way to answer a ceremony step (the SDK's AuthMethod). `alternatives` lists them; selecting one
/// makes its phase current.
public enum FolioAuthMethod: String, FolioWireEnum, CaseIterable {
    case password = "PASSWORD"
    case otp = "OTP"
    case totp = "TOTP"
    case recoveryCode = "RECOVERY_CODE"
    case newPassword = "NEW_PASSWORD"
    case socialRedirect = "SOCIAL_REDIRECT"
    case socialCallback = "SOCIAL_CALLBACK"
    case integratorAttestation = "INTEGRATOR_ATTESTATION"
    /// Only offered to clients that declared passkey support; it has no phase in the SDK (the system
    /// dialog is shown), but Folio answers a PASSKEY phase with the WebAuthn request options.
    case passkey = "PASSKEY"
    case deviceApproval = "DEVICE_APPROVAL"
}

/// A social identity provider (the SDK's AuthSocialProvider).
public enum FolioSocialProvider: String, FolioWireEnum, CaseIterable {
    case google = "GOOGLE"
    case apple = "APPLE"
    case microsoft = "MICROSOFT"
    case github = "GITHUB"
    case facebook = "FACEBOOK"
}

/// Where a one-time code was sent (the SDK's OtpChannel).
public enum FolioOtpChannel: String, FolioWireEnum, CaseIterable {
    case email = "EMAIL"
    case sms = "SMS"
}

/// The platform of a device, e.g. `WEB` (the SDK's Platform). Open: Folio passes unknown values through.
public struct FolioDevicePlatform: FolioWireEnum {
    public var rawValue: String

    /// Creates a value.
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    public static let web = FolioDevicePlatform(rawValue: "WEB")
    public static let ios = FolioDevicePlatform(rawValue: "IOS")
    public static let android = FolioDevicePlatform(rawValue: "ANDROID")
}

/// The kind of operation a verification is bound to, e.g. `DELETE_ACCOUNT` (the SDK's
/// VerificationOperationType). Open: Folio echoes any SCREAMING_SNAKE value in the verification token.
public struct FolioVerificationOperationType: FolioWireEnum {
    public var rawValue: String

    /// Creates a value.
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    public static let deleteAccount = FolioVerificationOperationType(rawValue: "DELETE_ACCOUNT")
    public static let changePassword = FolioVerificationOperationType(rawValue: "CHANGE_PASSWORD")
    public static let changeEmail = FolioVerificationOperationType(rawValue: "CHANGE_EMAIL")
}

/// The state of a Folio session.
public enum FolioSessionStatus: String, FolioWireEnum, CaseIterable {
    /// Signed in.
    case active = "ACTIVE"
    /// Signed out (`DELETE /v1/sessions/{id}`).
    case ended = "ENDED"
    /// Ended by Folio: its lifetime ran out or Folio revoked it.
    case expired = "EXPIRED"
}
