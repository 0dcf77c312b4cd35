extension AuthReducer {
    /// A typed secret lost with a restarted worker: the step stays open and says what happened (Unknown with
    /// `AuthError.secretLost(_:)`), rather than the wrong-input error of the phase, because the person typed
    /// nothing wrong.
    func secretLost(_ kind: AuthProofRequest.Kind, _ state: inout State) -> [Effect] {
        state.pending = nil
        guard var ceremony = state.ceremony else { return [] }
        ceremony.firstAnswer = nil
        state.ceremony = ceremony
        state.flow = AuthFlowStep.afterError(
            .secretLost(kind), phase: ceremony.input?.phase, alternatives: ceremony.input?.alternatives ?? [])
        return []
    }
}

extension AuthError {
    /// What a step reports when the secret typed for it was lost with a restarted worker: Unknown, whose
    /// message asks for it again (docs/auth-store.md, "AuthError").
    public static func secretLost(_ kind: AuthProofRequest.Kind) -> AuthError {
        let what =
            switch kind {
            case .password: "password"
            case .recoveryCode: "recovery code"
            case .newPassword: "new password"
            }
        return .unknown(message: "the service restarted before the \(what) was sent; type it again")
    }
}
