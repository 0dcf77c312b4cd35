extension AuthPhase {
    /// The error a failure the SDK cannot classify is reported as while this phase waits (spec "Errors"):
    /// Password → WrongPassword, Otp and Totp → WrongCode, RecoveryCode → WrongRecoveryCode, NewPassword →
    /// WeakPassword. nil for the other phases, where such a failure is Unknown.
    public var wrongInputError: AuthError? {
        switch self {
        case .password: .wrongPassword
        case .otp, .totp: .wrongCode
        case .recoveryCode: .wrongRecoveryCode
        case .newPassword: .weakPassword
        case .socialRedirect, .socialCallback, .integratorAttestation, .deviceApproval: nil
        }
    }
}

extension AuthError {
    /// The error for a failure the SDK cannot classify: the wrong-input error of the waiting `phase` when it
    /// has one, else Unknown with `message`.
    public static func unclassified(message: String?, during phase: AuthPhase?) -> AuthError {
        phase?.wrongInputError ?? .unknown(message: message)
    }
}
