import FolioClient
import FolioModel

extension AuthReducer {
    /// Folio answered the pending call with the ceremony as it stands.
    func apply(_ folio: FolioCeremony, after pending: AuthPendingCall, _ state: inout State) -> [Effect] {
        state.pending = nil
        guard var ceremony = state.ceremony else { return [] }
        ceremony.id = folio.id
        switch folio.step {
        case .awaitingInput(let step):
            ceremony.step = step
            ceremony.firstAnswer = nil
            ceremony.passkeyRequestId = nil
            state.ceremony = ceremony
            var error: AuthError?
            if case .restoreAfterPasskey(let passkeyError) = pending.purpose { error = passkeyError }
            return show(step, error: error, &state)
        case .completed(let completion):
            let finished = AuthCompletion(
                identity: completion.identity, session: completion.session, sessionToken: completion.sessionToken)
            if let code = completion.recoveryCode, ceremony.purpose != .verification {
                state.ceremony = AuthCeremonyContext(
                    purpose: ceremony.purpose, identifier: ceremony.identifier, id: folio.id, completion: finished)
                state.flow = .awaitingRecoveryCodeAck(code: code)
                return []
            }
            if ceremony.purpose == .verification, let verification = completion.verification {
                state.verification = AuthVerificationProof(
                    token: verification.token, sessionId: completion.session.id, operation: verification.operation)
            }
            return finish(finished, purpose: ceremony.purpose, &state)
        case .failed(let failure):
            state.ceremony = nil
            state.flow = .failed(
                error: .classify(.refused(failure), during: nil, verification: ceremony.purpose == .verification))
            return []
        }
    }

    /// Shows Folio's open step: its phase in AwaitingInput, or the passkey dialog in Busy.
    private func show(_ step: FolioAwaitingInput, error: AuthError?, _ state: inout State) -> [Effect] {
        let alternatives = step.alternatives.map(AuthMethod.init(folio:)).filter {
            $0 != .passkey || state.supportsPasskeys
        }
        let needsPasskey: Bool
        switch (step.phase, step.secondInput) {
        case (.passkey, _), (_, .passkey?): needsPasskey = true
        default: needsPasskey = false
        }
        if needsPasskey && !state.supportsPasskeys {
            // Spec "Passkeys": only a step that can be completed with nothing but a passkey is Unsupported; where
            // Folio offers another method, the step moves to it.
            if let other = step.alternatives.first(where: { $0 != .passkey }), let ceremonyId = state.ceremony?.id {
                let requestID = state.nextRequestID()
                state.pending = AuthPendingCall(requestID: requestID, purpose: .selectAlternative)
                state.flow = .busy()
                return [.selectAlternative(requestID: requestID, ceremonyId: ceremonyId, method: other)]
            }
            let effects = leaveCeremony(&state)
            state.flow = .failed(error: .unsupported(capability: "passkey"))
            return effects
        }
        guard let phase = AuthPhase(folio: step.phase) else {
            if case .passkey(let request) = step.phase { showPasskeyDialog(request, &state) }
            return []
        }
        state.ceremony?.input = AuthShownInput(phase: phase, alternatives: alternatives)
        state.flow = .awaitingInput(phase: phase, alternatives: alternatives, error: error)
        return []
    }

    /// Shows the passkey dialog; `error` says why the last dialog of the same step did not answer it.
    func showPasskeyDialog(_ request: FolioPasskeyRequest, error: AuthError? = nil, _ state: inout State) {
        let requestId = "pk_\(state.nextRequestID())"
        state.ceremony?.passkeyRequestId = requestId
        state.flow = .busy(
            passkeyRequest: PasskeyRequest(requestId: requestId, publicKey: PasskeyRequestOptions(folio: request)),
            error: error)
    }

    /// The runner derived the answer of a typed secret: a two-input step's first input is held until the
    /// second (Totp asked next, or the passkey dialog shown); any other answer goes to Folio.
    func proofDerived(_ answer: FolioCeremonyAnswer, _ state: inout State) -> [Effect] {
        state.pending = nil
        guard var ceremony = state.ceremony, let ceremonyId = ceremony.id, let step = ceremony.step else { return [] }
        switch (answer, step.secondInput) {
        case (.password, .totp?):
            ceremony.firstAnswer = answer
            let alternatives = ceremony.input?.alternatives ?? []
            ceremony.input = AuthShownInput(phase: .totp, alternatives: alternatives)
            state.ceremony = ceremony
            state.flow = .awaitingInput(phase: .totp, alternatives: alternatives, error: nil)
            return []
        case (.password, .passkey(let request)?):
            ceremony.firstAnswer = answer
            state.ceremony = ceremony
            showPasskeyDialog(request, &state)
            return []
        default:
            let requestID = state.nextRequestID()
            state.pending = AuthPendingCall(requestID: requestID, purpose: .answer)
            state.flow = .busy()
            return [.answer(requestID: requestID, ceremonyId: ceremonyId, answer: answer, secondAnswer: nil)]
        }
    }

    /// A call failed: the error goes to the open step (AwaitingInput.error) or, when it ends the ceremony or
    /// there is no step to go back to (Start failed), to Failed.
    func fail(_ failure: AuthFolioFailure, after pending: AuthPendingCall, _ state: inout State) -> [Effect] {
        state.pending = nil
        guard var ceremony = state.ceremony else { return [] }
        let input = pending.purpose == .start ? nil : ceremony.input
        let error = AuthError.classify(
            failure, during: input?.phase, verification: ceremony.purpose == .verification)
        // Folio refused the assertion of a passkey step: the step stays open (spec "Passkeys"), on the method
        // shown before, another one Folio offers, or the dialog again.
        if case .passkey? = ceremony.step?.phase, pending.purpose == .answer, !error.endsCeremony {
            return passkeyEnded(error, &state)
        }
        guard let input, !error.endsCeremony else {
            state.ceremony = nil
            state.flow = .failed(error: error)
            return []
        }
        var shown = input
        // A two-input step whose password was wrong, or whose passkey failed, asks for the password again.
        if ceremony.firstAnswer != nil, let step = ceremony.step {
            var secondIsPasskey = false
            if case .passkey? = step.secondInput { secondIsPasskey = true }
            if error == .wrongPassword || secondIsPasskey, let phase = AuthPhase(folio: step.phase) {
                ceremony.firstAnswer = nil
                shown = AuthShownInput(phase: phase, alternatives: input.alternatives)
                ceremony.input = shown
            }
        }
        state.ceremony = ceremony
        state.flow = .awaitingInput(phase: shown.phase, alternatives: shown.alternatives, error: error)
        return []
    }
}
