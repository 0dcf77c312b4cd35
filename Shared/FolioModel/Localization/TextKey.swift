/// A text the SDK itself chooses (DESIGN §3, Localization). Every key has a text in every language of the
/// catalog; the raw value is the key's stable name in docs and logs.
public enum TextKey: String, Sendable, Hashable, CaseIterable, Codable {
    // MARK: Data region titles (AuthUiModel.dataRegions)
    case dataRegionEuropeanUnion = "dataRegion.eu"
    case dataRegionUnitedStates = "dataRegion.us"

    // MARK: AuthError messages a sign-in screen may show
    case authErrorWrongPassword = "authError.wrongPassword"
    case authErrorWrongCode = "authError.wrongCode"
    case authErrorWrongRecoveryCode = "authError.wrongRecoveryCode"
    case authErrorWeakPassword = "authError.weakPassword"
    case authErrorRateLimited = "authError.rateLimited"
    case authErrorLocked = "authError.locked"
    case authErrorPasskeyCancelled = "authError.passkeyCancelled"
    case authErrorPasskeyFailed = "authError.passkeyFailed"
    case authErrorUnsupported = "authError.unsupported"
    case authErrorSessionUnavailable = "authError.sessionUnavailable"
    case authErrorAccountNotFound = "authError.accountNotFound"
    case authErrorNotSignedIn = "authError.notSignedIn"
    case authErrorExpired = "authError.expired"
    case authErrorSocialStateMismatch = "authError.socialStateMismatch"
    case authErrorSocialRejected = "authError.socialRejected"
    case authErrorAttestationRejected = "authError.attestationRejected"
    case authErrorDeviceLinkRejected = "authError.deviceLinkRejected"
    case authErrorNetwork = "authError.network"
    case authErrorUnknown = "authError.unknown"
}
