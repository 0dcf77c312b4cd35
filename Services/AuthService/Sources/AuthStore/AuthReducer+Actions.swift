import FolioClient
import FolioModel
import WireModel

extension AuthReducer {
    /// An action; one that does not fit the state changes nothing and asks for nothing.
    func receive(_ action: AuthAction, _ state: inout State) -> [Effect] {
        switch action {
        case .start(let start): return self.start(start, &state)
        case .answer(let answer): return self.answer(answer, &state)
        case .selectAlternative(let method): return selectAlternative(method, &state)
        case .resendOtp: return resendOtp(&state)
        case .acknowledgeRecoveryCode:
            guard case .awaitingRecoveryCodeAck = state.flow, let ceremony = state.ceremony,
                let completion = ceremony.completion
            else { return [] }
            return finish(completion, purpose: ceremony.purpose, &state)
        case .completeDeviceLink(let challengeId, let transferAck):
            guard case .awaitingInput(.deviceApproval, _, _) = state.flow, state.pending == nil,
                let ceremonyId = state.ceremony?.id
            else { return [] }
            let requestID = state.nextRequestID()
            state.pending = AuthPendingCall(requestID: requestID, purpose: .completeDeviceLink)
            state.flow = .busy()
            return [
                .completeDeviceLink(
                    requestID: requestID, ceremonyId: ceremonyId, challengeId: challengeId, transferAck: transferAck)
            ]
        case .selectDataRegion(let region):
            state.dataRegion = region
            return []
        case .cancel:
            let effects = leaveCeremony(&state)
            state.flow = .idle
            state.dataRegion = nil
            state.verification = nil
            return effects
        }
    }

    /// Drops the ceremony in progress; one still open at Folio is cancelled there.
    func leaveCeremony(_ state: inout State) -> [Effect] {
        let ceremony = state.ceremony
        state.ceremony = nil
        state.pending = nil
        guard let ceremony, ceremony.completion == nil, let ceremonyId = ceremony.id else { return [] }
        return [.cancelCeremony(requestID: state.nextRequestID(), ceremonyId: ceremonyId)]
    }

    private func start(_ start: AuthStart, _ state: inout State) -> [Effect] {
        state.dataRegion = nil
        state.verification = nil
        let kind: FolioCeremonyKind
        let context: AuthCeremonyContext
        var effects: [Effect] = []
        switch start {
        case .signIn:
            effects = leaveCeremony(&state)
            context = AuthCeremonyContext(purpose: .signIn, identifier: start.identifier)
            kind = .signIn(identifier: start.identifier.map(FolioAuthIdentifier.init))
        case .recovery(let identifier):
            if case .awaitingInput = state.flow, let signIn = state.ceremony, signIn.purpose == .signIn,
                let signInId = signIn.id
            {
                // Folio ends the sign-in itself when the recovery continues it.
                state.ceremony = nil
                state.pending = nil
                context = AuthCeremonyContext(purpose: .recovery, identifier: identifier ?? signIn.identifier)
                kind = .recoveryContinuing(ceremonyId: signInId)
            } else {
                effects = leaveCeremony(&state)
                guard let identifier else {
                    state.flow = .failed(error: .accountNotFound)
                    return effects
                }
                context = AuthCeremonyContext(purpose: .recovery, identifier: identifier)
                kind = .recovery(identifier: FolioAuthIdentifier(identifier))
            }
        case .verification(let requirement):
            effects = leaveCeremony(&state)
            // A verification right after a sign-in confirms the session that sign-in is switching to.
            guard let session = state.switchingSession?.session ?? state.session,
                case .authenticated = session.identity,
                let sessionId = session.sessionId
            else {
                state.flow = .failed(error: .notSignedIn)
                return effects
            }
            context = AuthCeremonyContext(purpose: .verification, identifier: nil)
            kind = .verification(
                sessionId: sessionId, operation: requirement.operation.map(FolioVerificationOperation.init))
        }
        return effects + begin(context, kind, &state)
    }

    /// Starts `context` at Folio and waits for its first step.
    private func begin(_ context: AuthCeremonyContext, _ kind: FolioCeremonyKind, _ state: inout State) -> [Effect] {
        let requestID = state.nextRequestID()
        state.ceremony = context
        state.pending = AuthPendingCall(requestID: requestID, purpose: .start)
        state.flow = .busy()
        let start = FolioCeremonyStart(
            organizationId: organizationId, kind: kind, device: device, supportsPasskeys: state.supportsPasskeys)
        return [.startCeremony(requestID: requestID, start: start)]
    }

    private func answer(_ answer: AuthAnswer, _ state: inout State) -> [Effect] {
        switch state.flow {
        case .awaitingInput(let phase, let alternatives, _):
            guard state.pending == nil, let ceremony = state.ceremony, let ceremonyId = ceremony.id,
                let step = ceremony.step
            else { return [] }
            guard answer.method == phase.method else {
                state.flow = .awaitingInput(
                    phase: phase, alternatives: alternatives,
                    error: .unknown(message: "the answer is not for the \(phase.method.wireType) phase"))
                return []
            }
            let folioAnswer: FolioCeremonyAnswer
            switch (answer, step.phase) {
            case (.password(let secret), .password(let folio)):
                return deriveProof(.password, folio.derivation, secret, &state)
            case (.recoveryCode(let secret), .recoveryCode(let folio)):
                return deriveProof(.recoveryCode, folio.derivation, secret, &state)
            case (.newPassword(let secret), .newPassword(let folio)):
                return deriveProof(.newPassword, folio.derivation, secret, &state)
            case (.socialCallback(_, let answered), .socialCallback(let folio)) where answered != folio.state:
                state.flow = .awaitingInput(phase: phase, alternatives: alternatives, error: .socialStateMismatch)
                return []
            case (.otp(let code), _): folioAnswer = .otp(code: code)
            case (.totp(let code), _): folioAnswer = .totp(code: code)
            case (.socialRedirect(let provider, let redirectUri), _):
                folioAnswer = .socialRedirect(provider: provider.folio, redirectUri: redirectUri)
            case (.socialCallback(let code, let answered), _):
                folioAnswer = .socialCallback(code: code, state: answered)
            case (.integratorAttestation(let jwt), _): folioAnswer = .integratorAttestation(jwt: jwt)
            default: return []
            }
            let requestID = state.nextRequestID()
            let first = ceremony.firstAnswer
            state.pending = AuthPendingCall(requestID: requestID, purpose: .answer)
            state.flow = .busy()
            return [
                .answer(
                    requestID: requestID, ceremonyId: ceremonyId, answer: first ?? folioAnswer,
                    secondAnswer: first == nil ? nil : folioAnswer)
            ]
        case .busy(let request?, _):
            guard case .passkey(let requestId, let outcome) = answer, requestId == request.requestId,
                var ceremony = state.ceremony, let ceremonyId = ceremony.id
            else { return [] }
            switch outcome {
            case .assertion(let assertion):
                let requestID = state.nextRequestID()
                let passkey = FolioCeremonyAnswer.passkey(FolioPasskeyAssertion(assertion))
                let first = ceremony.firstAnswer
                ceremony.passkeyRequestId = nil
                state.ceremony = ceremony
                state.pending = AuthPendingCall(requestID: requestID, purpose: .answer)
                state.flow = .busy()
                return [
                    .answer(
                        requestID: requestID, ceremonyId: ceremonyId, answer: first ?? passkey,
                        secondAnswer: first == nil ? nil : passkey)
                ]
            case .cancelled: return passkeyEnded(.passkeyCancelled, &state)
            case .failed: return passkeyEnded(.passkeyFailed, &state)
            }
        default:
            return []
        }
    }

    private func deriveProof(
        _ kind: AuthProofRequest.Kind, _ derivation: FolioKeyDerivation, _ secret: String, _ state: inout State
    ) -> [Effect] {
        let requestID = state.nextRequestID()
        state.pending = AuthPendingCall(requestID: requestID, purpose: .deriveProof)
        state.flow = .busy()
        return [
            .deriveProof(
                requestID: requestID,
                request: AuthProofRequest(kind: kind, derivation: derivation, secret: TransientSecret(secret)))
        ]
    }

    /// The passkey dialog ended without an assertion, or Folio refused it: the step stays open with `error`
    /// (spec "Passkeys"). When the passkey was a selected alternative, Folio's step is moved back to the method
    /// shown before (or, when the step opened on a passkey, to its first other method) and the error shows
    /// when Folio answers. A step that only a passkey can answer offers the dialog again, with the error.
    func passkeyEnded(_ error: AuthError, _ state: inout State) -> [Effect] {
        guard var ceremony = state.ceremony, let ceremonyId = ceremony.id, let step = ceremony.step else { return [] }
        ceremony.firstAnswer = nil
        ceremony.passkeyRequestId = nil
        state.ceremony = ceremony
        guard case .passkey(let request) = step.phase else {
            state.flow = AuthFlowStep.afterError(
                error, phase: ceremony.input?.phase, alternatives: ceremony.input?.alternatives ?? [])
            return []
        }
        let back = ceremony.input?.phase.method.folio ?? step.alternatives.first { $0 != .passkey }
        guard let back else {
            showPasskeyDialog(request, error: error, &state)
            return []
        }
        let requestID = state.nextRequestID()
        state.pending = AuthPendingCall(requestID: requestID, purpose: .restoreAfterPasskey(error: error))
        state.flow = .busy()
        return [.selectAlternative(requestID: requestID, ceremonyId: ceremonyId, method: back)]
    }

    private func selectAlternative(_ method: AuthMethod, _ state: inout State) -> [Effect] {
        guard case .awaitingInput(_, let alternatives, _) = state.flow, alternatives.contains(method),
            state.pending == nil, var ceremony = state.ceremony, let ceremonyId = ceremony.id
        else { return [] }
        ceremony.firstAnswer = nil
        state.ceremony = ceremony
        let requestID = state.nextRequestID()
        state.pending = AuthPendingCall(requestID: requestID, purpose: .selectAlternative)
        state.flow = .busy()
        return [.selectAlternative(requestID: requestID, ceremonyId: ceremonyId, method: method.folio)]
    }

    /// ResendOtp (spec "One-time codes"): the sign-in or recovery starts again with the identifier it was
    /// started with, which makes Folio send a new code; the ceremony left behind is cancelled at Folio. This
    /// holds on an Otp step too: the new ceremony starts from Folio's first step, with fresh attempt counters,
    /// and counts against Folio's start limit (a RateLimited start is reported in Failed).
    private func resendOtp(_ state: inout State) -> [Effect] {
        guard let ceremony = state.ceremony, ceremony.completion == nil, ceremony.purpose != .verification,
            let identifier = ceremony.identifier
        else { return [] }
        switch state.flow {
        case .awaitingInput, .busy:
            let effects = leaveCeremony(&state)
            let kind: FolioCeremonyKind =
                ceremony.purpose == .signIn
                ? .signIn(identifier: FolioAuthIdentifier(identifier))
                : .recovery(identifier: FolioAuthIdentifier(identifier))
            return effects
                + begin(AuthCeremonyContext(purpose: ceremony.purpose, identifier: identifier), kind, &state)
        default:
            return []
        }
    }

    /// Authenticated; a sign-in or recovery switches the session to the ceremony's identity.
    func finish(_ completion: AuthCompletion, purpose: AuthCeremonyContext.Purpose, _ state: inout State)
        -> [Effect]
    {
        state.ceremony = nil
        state.pending = nil
        state.flow = .authenticated
        guard purpose != .verification else { return [] }
        let requestID = state.nextRequestID()
        let session = AuthSessionContext(
            identity: SessionIdentity(folio: completion.identity), sessionId: completion.session.id)
        state.switchingSession = AuthSessionSwitch(requestID: requestID, session: session)
        return [.switchSession(requestID: requestID, completion: completion)]
    }
}
