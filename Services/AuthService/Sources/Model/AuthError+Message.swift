import FolioModel

extension AuthError {
    /// The catalog key of the message a sign-in screen may show for this error.
    public var messageKey: TextKey {
        switch self {
        case .wrongPassword: .authErrorWrongPassword
        case .wrongCode: .authErrorWrongCode
        case .wrongRecoveryCode: .authErrorWrongRecoveryCode
        case .weakPassword: .authErrorWeakPassword
        case .rateLimited: .authErrorRateLimited
        case .locked: .authErrorLocked
        case .passkeyCancelled: .authErrorPasskeyCancelled
        case .passkeyFailed: .authErrorPasskeyFailed
        case .unsupported: .authErrorUnsupported
        case .sessionUnavailable: .authErrorSessionUnavailable
        case .accountNotFound: .authErrorAccountNotFound
        case .notSignedIn: .authErrorNotSignedIn
        case .expired: .authErrorExpired
        case .socialStateMismatch: .authErrorSocialStateMismatch
        case .socialRejected: .authErrorSocialRejected
        case .attestationRejected: .authErrorAttestationRejected
        case .deviceLinkRejected: .authErrorDeviceLinkRejected
        case .network: .authErrorNetwork
        case .unknown: .authErrorUnknown
        }
    }

    /// The message in the SDK locale (English when the catalog lacks the locale's language).
    public func message(locale: LocaleTag) -> String { TextCatalog.text(messageKey, locale: locale) }
}
