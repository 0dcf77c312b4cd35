import AuthService
import FolioClient
import FolioModel
import StoreKitTesting
import XCTest

/// AwaitingInput, Answer, SelectAlternative, CompleteDeviceLink and where errors are reported (spec "Phases",
/// "Answers", "Alternatives", "Device approval", "Errors").
final class AuthReducerStepTests: XCTestCase {
    typealias F = AuthFixtures

    func testFolioStepIsShownAsAwaitingInputWithPhaseAndAlternatives() {
        var store = F.tester(after: [.actionReceived(.start(value: F.signInWithEmail))])
        let step = F.awaiting(F.otpPhase, alternatives: [.password])
        store.send(.folioAnswered(requestID: 1, F.ceremony(.awaitingInput(step)))) {
            $0.flow = .awaitingInput(phase: F.shownOtp, alternatives: [.password], error: nil)
            $0.ceremony?.id = "cer_1"
            $0.ceremony?.step = step
            $0.ceremony?.input = AuthShownInput(phase: F.shownOtp, alternatives: [.password])
            $0.pending = nil
        }
        store.finish()
    }

    func testPasskeyIsOfferedOnlyWhenTheRuntimeDeclaredSupport() {
        let step = F.awaiting(F.passwordPhase, alternatives: [.passkey, .otp])
        var without = F.tester(after: [.actionReceived(.start(value: F.signInWithEmail))])
        without.send(.folioAnswered(requestID: 1, F.ceremony(.awaitingInput(step)))) {
            $0.flow = .awaitingInput(phase: .password, alternatives: [.otp], error: nil)
            $0.ceremony?.id = "cer_1"
            $0.ceremony?.step = step
            $0.ceremony?.input = AuthShownInput(phase: .password, alternatives: [.otp])
            $0.pending = nil
        }
        var with = F.tester(passkeys: true, after: [.actionReceived(.start(value: F.signInWithEmail))])
        with.send(.folioAnswered(requestID: 1, F.ceremony(.awaitingInput(step)))) {
            $0.flow = .awaitingInput(phase: .password, alternatives: [.passkey, .otp], error: nil)
            $0.ceremony?.id = "cer_1"
            $0.ceremony?.step = step
            $0.ceremony?.input = AuthShownInput(phase: .password, alternatives: [.passkey, .otp])
            $0.pending = nil
        }
        without.finish()
        with.finish()
    }

    func testEveryFolioPhaseIsShownAsItsAuthPhase() {
        let redirect = FolioSocialRedirectPhase(
            provider: .github, authorizationUrl: "https://gh.example/a", state: "s1")
        let callback = FolioSocialCallbackPhase(
            provider: .apple, authorizationUrl: "https://apple.example/a", state: "s1", redirectUri: "app:/cb")
        let cases: [(FolioAuthPhase, AuthPhase)] = [
            (F.totpPhase, .totp),
            (.recoveryCode(FolioRecoveryCodePhase(derivation: F.derivation)), .recoveryCode),
            (
                .newPassword(
                    FolioNewPasswordPhase(
                        derivation: F.derivation, policy: FolioPasswordPolicy(minLength: 12, minCharacterClasses: 3))),
                .newPassword
            ),
            (
                .socialRedirect(redirect),
                .socialRedirect(provider: .github, authorizationUrl: "https://gh.example/a", state: "s1")
            ),
            (.socialCallback(callback), .socialCallback(provider: .apple)),
            (
                .integratorAttestation(FolioIntegratorAttestationPhase(nonce: "n-42", integratorId: "int_1")),
                .integratorAttestation(nonce: "n-42")
            ),
        ]
        for (folio, shown) in cases {
            let store = F.waiting(at: F.awaiting(folio))
            XCTAssertEqual(store.state.flow, .awaitingInput(phase: shown, alternatives: [], error: nil), "\(folio)")
            store.finish()
        }
    }

    func testSelectAlternativeMovesToThatMethodsPhase() {
        var store = F.waiting(at: F.awaiting(F.passwordPhase, alternatives: [.otp]))
        store.receive(
            .selectAlternative(method: .otp),
            effects: [.selectAlternative(requestID: 2, ceremonyId: "cer_1", method: .otp)]
        ) {
            $0.flow = .busy()
            $0.pending = AuthPendingCall(requestID: 2, purpose: .selectAlternative)
            $0.lastRequestID = 2
        }
        let otpStep = F.awaiting(F.otpPhase, alternatives: [.password])
        store.send(.folioAnswered(requestID: 2, F.ceremony(.awaitingInput(otpStep)))) {
            $0.flow = .awaitingInput(phase: F.shownOtp, alternatives: [.password], error: nil)
            $0.ceremony?.step = otpStep
            $0.ceremony?.input = AuthShownInput(phase: F.shownOtp, alternatives: [.password])
            $0.pending = nil
        }
        store.finish()
    }

    func testSelectAlternativeNotOfferedDoesNothing() {
        var store = F.waiting(at: F.awaiting(F.passwordPhase, alternatives: [.otp]))
        store.receive(.selectAlternative(method: .passkey))
        store.receive(.selectAlternative(method: .socialRedirect))
        store.finish()
    }

    func testOtpAnswerIsSentAndTheNextStepShown() {
        var store = F.waiting(at: F.awaiting(F.otpPhase))
        store.receive(
            .answer(value: .otp(value: "123456")),
            effects: [.answer(requestID: 2, ceremonyId: "cer_1", answer: .otp(code: "123456"), secondAnswer: nil)]
        ) {
            $0.flow = .busy()
            $0.pending = AuthPendingCall(requestID: 2, purpose: .answer)
            $0.lastRequestID = 2
        }
        let next = F.awaiting(F.totpPhase)
        store.send(.folioAnswered(requestID: 2, F.ceremony(.awaitingInput(next)))) {
            $0.flow = .awaitingInput(phase: .totp, alternatives: [], error: nil)
            $0.ceremony?.step = next
            $0.ceremony?.input = AuthShownInput(phase: .totp, alternatives: [])
            $0.pending = nil
        }
        store.finish()
    }

    func testPasswordIsSentOnlyAsADerivedProof() {
        var store = F.waiting(at: F.awaiting(F.passwordPhase))
        store.receive(
            .answer(value: .password(value: "correct horse")),
            effects: [
                .deriveProof(
                    requestID: 2,
                    request: AuthProofRequest(
                        kind: .password, derivation: F.derivation, secret: TransientSecret("correct horse")))
            ]
        ) {
            $0.flow = .busy()
            $0.pending = AuthPendingCall(requestID: 2, purpose: .deriveProof)
            $0.lastRequestID = 2
        }
        store.send(
            .proofDerived(requestID: 2, .password(proof: "cHJvb2Y")),
            effects: [
                .answer(requestID: 3, ceremonyId: "cer_1", answer: .password(proof: "cHJvb2Y"), secondAnswer: nil)
            ]
        ) {
            $0.pending = AuthPendingCall(requestID: 3, purpose: .answer)
            $0.lastRequestID = 3
        }
        // The rule is that only the proof is sent; Folio's answers are tested in
        // testOtpAnswerIsSentAndTheNextStepShown.
        store.skip(.answer(requestID: 3, ceremonyId: "cer_1", answer: .password(proof: "cHJvb2Y"), secondAnswer: nil))
        store.finish()
    }

    func testRecoveryCodeAndNewPasswordAreDerivedToo() {
        let recovery = FolioAuthPhase.recoveryCode(FolioRecoveryCodePhase(derivation: F.derivation))
        var store = F.waiting(at: F.awaiting(recovery), start: .recovery(identifier: F.email))
        store.receive(
            .answer(value: .recoveryCode(value: "4821093755127730")),
            effects: [
                .deriveProof(
                    requestID: 2,
                    request: AuthProofRequest(
                        kind: .recoveryCode, derivation: F.derivation, secret: TransientSecret("4821093755127730")))
            ]
        ) {
            $0.flow = .busy()
            $0.pending = AuthPendingCall(requestID: 2, purpose: .deriveProof)
            $0.lastRequestID = 2
        }
        let newPassword = FolioAuthPhase.newPassword(
            FolioNewPasswordPhase(
                derivation: F.derivation, policy: FolioPasswordPolicy(minLength: 8, minCharacterClasses: 2)))
        var next = F.waiting(at: F.awaiting(newPassword), start: .recovery(identifier: F.email))
        next.receive(
            .answer(value: .newPassword(value: "N3w-password")),
            effects: [
                .deriveProof(
                    requestID: 2,
                    request: AuthProofRequest(
                        kind: .newPassword, derivation: F.derivation, secret: TransientSecret("N3w-password")))
            ]
        ) {
            $0.flow = .busy()
            $0.pending = AuthPendingCall(requestID: 2, purpose: .deriveProof)
            $0.lastRequestID = 2
        }
        let strength = FolioPasswordStrength(length: 12, characterClasses: 4)
        next.send(
            .proofDerived(requestID: 2, .newPassword(proof: "cA", strength: strength)),
            effects: [
                .answer(
                    requestID: 3, ceremonyId: "cer_1", answer: .newPassword(proof: "cA", strength: strength),
                    secondAnswer: nil)
            ]
        ) {
            $0.pending = AuthPendingCall(requestID: 3, purpose: .answer)
            $0.lastRequestID = 3
        }
        // The rule is that a recovery code is derived too; the proof's answer is tested with the password above.
        store.skip(
            .deriveProof(
                requestID: 2,
                request: AuthProofRequest(
                    kind: .recoveryCode, derivation: F.derivation, secret: TransientSecret("4821093755127730"))))
        store.finish()
        // The rule is what is sent; Folio's answers are tested in testOtpAnswerIsSentAndTheNextStepShown.
        next.skip(
            .answer(
                requestID: 3, ceremonyId: "cer_1", answer: .newPassword(proof: "cA", strength: strength),
                secondAnswer: nil))
        next.finish()
    }

    func testSocialAndAttestationAnswersAreSentUnchanged() {
        let redirect = FolioSocialRedirectPhase(provider: .google, authorizationUrl: "https://g.example/a", state: "s1")
        var store = F.waiting(at: F.awaiting(.socialRedirect(redirect)))
        store.receive(
            .answer(value: .socialRedirect(provider: .google, redirectUri: "app:/cb")),
            effects: [
                .answer(
                    requestID: 2, ceremonyId: "cer_1",
                    answer: .socialRedirect(provider: .google, redirectUri: "app:/cb"),
                    secondAnswer: nil)
            ]
        ) {
            $0.flow = .busy()
            $0.pending = AuthPendingCall(requestID: 2, purpose: .answer)
            $0.lastRequestID = 2
        }
        let attestation = FolioAuthPhase.integratorAttestation(
            FolioIntegratorAttestationPhase(nonce: "n-42", integratorId: "int_1"))
        var attested = F.waiting(at: F.awaiting(attestation))
        attested.receive(
            .answer(value: .integratorAttestation(value: "eyJh.eyJi.c2ln")),
            effects: [
                .answer(
                    requestID: 2, ceremonyId: "cer_1", answer: .integratorAttestation(jwt: "eyJh.eyJi.c2ln"),
                    secondAnswer: nil)
            ]
        ) {
            $0.flow = .busy()
            $0.pending = AuthPendingCall(requestID: 2, purpose: .answer)
            $0.lastRequestID = 2
        }
        // The rule is what is sent; Folio's answers are tested in testOtpAnswerIsSentAndTheNextStepShown.
        store.skip(
            .answer(
                requestID: 2, ceremonyId: "cer_1", answer: .socialRedirect(provider: .google, redirectUri: "app:/cb"),
                secondAnswer: nil))
        store.finish()
        // The rule is what is sent; Folio's answers are tested in testOtpAnswerIsSentAndTheNextStepShown.
        attested.skip(
            .answer(
                requestID: 2, ceremonyId: "cer_1", answer: .integratorAttestation(jwt: "eyJh.eyJi.c2ln"),
                secondAnswer: nil))
        attested.finish()
    }

    func testSocialCallbackWithAnotherStateReportsSocialStateMismatch() {
        let callback = FolioSocialCallbackPhase(
            provider: .google, authorizationUrl: "https://g.example/a", state: "s1", redirectUri: "app:/cb")
        var store = F.waiting(at: F.awaiting(.socialCallback(callback)))
        store.receive(.answer(value: .socialCallback(code: "c", state: "forged"))) {
            $0.flow = .awaitingInput(
                phase: .socialCallback(provider: .google), alternatives: [], error: .socialStateMismatch)
        }
        store.receive(
            .answer(value: .socialCallback(code: "c", state: "s1")),
            effects: [
                .answer(
                    requestID: 2, ceremonyId: "cer_1", answer: .socialCallback(code: "c", state: "s1"),
                    secondAnswer: nil)
            ]
        ) {
            $0.flow = .busy()
            $0.pending = AuthPendingCall(requestID: 2, purpose: .answer)
            $0.lastRequestID = 2
        }
        // The rule is what is sent; Folio's answers are tested in testOtpAnswerIsSentAndTheNextStepShown.
        store.skip(
            .answer(
                requestID: 2, ceremonyId: "cer_1", answer: .socialCallback(code: "c", state: "s1"), secondAnswer: nil))
        store.finish()
    }

    func testAnAnswerForAnotherPhaseIsNotSentAndReportsUnknown() {
        var store = F.waiting(at: F.awaiting(F.passwordPhase, alternatives: [.otp]))
        store.receive(.answer(value: .otp(value: "123456"))) {
            $0.flow = .awaitingInput(
                phase: .password, alternatives: [.otp],
                error: .unknown(message: "the answer is not for the PASSWORD phase"))
        }
        store.receive(.answer(value: .passkey(requestId: "pk_1", outcome: .cancelled))) {
            $0.flow = .awaitingInput(
                phase: .password, alternatives: [.otp],
                error: .unknown(message: "the answer is not for the PASSWORD phase"))
        }
        store.finish()
    }

    func testPasswordThenTotpAreSentTogether() {
        let step = F.awaiting(F.passwordPhase, second: F.totpPhase, alternatives: [.otp])
        var store = F.waiting(at: step)
        XCTAssertEqual(store.state.flow, .awaitingInput(phase: .password, alternatives: [.otp], error: nil))
        store.receive(
            .answer(value: .password(value: "pw")),
            effects: [
                .deriveProof(
                    requestID: 2,
                    request: AuthProofRequest(kind: .password, derivation: F.derivation, secret: TransientSecret("pw")))
            ]
        ) {
            $0.flow = .busy()
            $0.pending = AuthPendingCall(requestID: 2, purpose: .deriveProof)
            $0.lastRequestID = 2
        }
        store.send(.proofDerived(requestID: 2, .password(proof: "cA"))) {
            $0.flow = .awaitingInput(phase: .totp, alternatives: [.otp], error: nil)
            $0.ceremony?.firstAnswer = .password(proof: "cA")
            $0.ceremony?.input = AuthShownInput(phase: .totp, alternatives: [.otp])
            $0.pending = nil
        }
        store.receive(
            .answer(value: .totp(value: "654321")),
            effects: [
                .answer(
                    requestID: 3, ceremonyId: "cer_1", answer: .password(proof: "cA"),
                    secondAnswer: .totp(code: "654321"))
            ]
        ) {
            $0.flow = .busy()
            $0.pending = AuthPendingCall(requestID: 3, purpose: .answer)
            $0.lastRequestID = 3
        }
        // A wrong code keeps the password's proof and asks for the code again.
        store.send(.folioFailed(requestID: 3, F.refused(.wrongCode))) {
            $0.flow = .awaitingInput(phase: .totp, alternatives: [.otp], error: .wrongCode)
            $0.pending = nil
        }
        store.receive(
            .answer(value: .totp(value: "111111")),
            effects: [
                .answer(
                    requestID: 4, ceremonyId: "cer_1", answer: .password(proof: "cA"),
                    secondAnswer: .totp(code: "111111"))
            ]
        ) {
            $0.flow = .busy()
            $0.pending = AuthPendingCall(requestID: 4, purpose: .answer)
            $0.lastRequestID = 4
        }
        // A wrong password drops the proof and asks for the password again.
        store.send(.folioFailed(requestID: 4, F.refused(.wrongPassword))) {
            $0.flow = .awaitingInput(phase: .password, alternatives: [.otp], error: .wrongPassword)
            $0.ceremony?.firstAnswer = nil
            $0.ceremony?.input = AuthShownInput(phase: .password, alternatives: [.otp])
            $0.pending = nil
        }
        store.finish()
    }

    func testErrorsLeavingTheStepOpenAreReportedInAwaitingInput() {
        var store = F.waiting(at: F.awaiting(F.otpPhase, alternatives: [.password]))
        store.receive(
            .answer(value: .otp(value: "000000")),
            effects: [.answer(requestID: 2, ceremonyId: "cer_1", answer: .otp(code: "000000"), secondAnswer: nil)]
        ) {
            $0.flow = .busy()
            $0.pending = AuthPendingCall(requestID: 2, purpose: .answer)
            $0.lastRequestID = 2
        }
        store.send(.folioFailed(requestID: 2, .unreachable)) {
            $0.flow = .awaitingInput(phase: F.shownOtp, alternatives: [.password], error: .network)
            $0.pending = nil
        }
        store.finish()
    }

    func testRetryAfterAndUntilAreCarriedFromFolio() {
        var limited = F.waiting(
            at: F.awaiting(F.otpPhase), then: [.actionReceived(.answer(value: .otp(value: "000000")))])
        limited.send(.folioFailed(requestID: 2, F.refused(.rateLimited(retryAfterSeconds: 30)))) {
            $0.flow = .awaitingInput(phase: F.shownOtp, alternatives: [], error: .rateLimited(retryAfter: 30))
            $0.pending = nil
        }
        var locked = F.waiting(
            at: F.awaiting(F.otpPhase), then: [.actionReceived(.answer(value: .otp(value: "000000")))])
        locked.send(.folioFailed(requestID: 2, F.refused(.locked(until: 1_767_225_600)))) {
            $0.flow = .failed(error: .locked(until: 1_767_225_600))
            $0.ceremony = nil
            $0.pending = nil
        }
        limited.finish()
        locked.finish()
    }

    func testUnclassifiedFailureIsTheWaitingPhasesWrongInputError() {
        let cases: [(FolioAuthPhase, AuthAnswer, AuthError)] = [
            (F.otpPhase, .otp(value: "123456"), .wrongCode),
            (F.totpPhase, .totp(value: "123456"), .wrongCode),
            (
                .socialRedirect(
                    FolioSocialRedirectPhase(provider: .google, authorizationUrl: "https://g/a", state: "s")),
                .socialRedirect(provider: .google, redirectUri: "app:/cb"), .unknown(message: "conflict")
            ),
        ]
        for (phase, answer, expected) in cases {
            var store = F.waiting(at: F.awaiting(phase), then: [.actionReceived(.answer(value: answer))])
            let shown = store.state.ceremony?.input
            store.send(.folioFailed(requestID: 2, F.refused(.invalidState, "conflict"))) {
                $0.flow = .awaitingInput(phase: shown?.phase ?? .password, alternatives: [], error: expected)
                $0.pending = nil
            }
            store.finish()
        }
        // Password, RecoveryCode and NewPassword: the failure of the proof's answer.
        let derived: [(FolioAuthPhase, AuthAnswer, FolioCeremonyAnswer, AuthPhase, AuthError)] = [
            (F.passwordPhase, .password(value: "p"), .password(proof: "cA"), .password, .wrongPassword),
            (
                .recoveryCode(FolioRecoveryCodePhase(derivation: F.derivation)), .recoveryCode(value: "12345678"),
                .recoveryCode(proof: "cA"), .recoveryCode, .wrongRecoveryCode
            ),
            (
                .newPassword(
                    FolioNewPasswordPhase(
                        derivation: F.derivation, policy: FolioPasswordPolicy(minLength: 1, minCharacterClasses: 1))),
                .newPassword(value: "p"), .newPassword(proof: "cA", strength: .init(length: 1, characterClasses: 1)),
                .newPassword, .weakPassword
            ),
        ]
        for (phase, answer, proof, shown, expected) in derived {
            var store = F.waiting(
                at: F.awaiting(phase),
                then: [.actionReceived(.answer(value: answer)), .proofDerived(requestID: 2, proof)])
            store.send(.folioFailed(requestID: 3, .unclassified(message: "Folio answered 500"))) {
                $0.flow = .awaitingInput(phase: shown, alternatives: [], error: expected)
                $0.pending = nil
            }
            store.finish()
        }
    }

    func testCompleteDeviceLinkOnlyWithADeviceApprovalStep() {
        let approval = FolioAuthPhase.deviceApproval(
            FolioDeviceApprovalPhase(
                challengeId: "dc_7", freshDeviceFingerprint: "fp:ab12", freshDevicePlatform: .web, expiresInSeconds: 300
            ))
        let shown = AuthPhase.deviceApproval(
            challengeId: "dc_7", freshDeviceFingerprint: "fp:ab12", freshDevicePlatform: Platform(os: "WEB"),
            expiresInSeconds: 300)
        var store = F.waiting(at: F.awaiting(approval, alternatives: [.recoveryCode]))
        XCTAssertEqual(store.state.flow, .awaitingInput(phase: shown, alternatives: [.recoveryCode], error: nil))
        store.receive(
            .completeDeviceLink(challengeId: "dc_7", transferAck: "c2ln"),
            effects: [.completeDeviceLink(requestID: 2, ceremonyId: "cer_1", challengeId: "dc_7", transferAck: "c2ln")]
        ) {
            $0.flow = .busy()
            $0.pending = AuthPendingCall(requestID: 2, purpose: .completeDeviceLink)
            $0.lastRequestID = 2
        }
        store.send(.folioFailed(requestID: 2, F.refused(.transferAckInvalid))) {
            $0.flow = .awaitingInput(phase: shown, alternatives: [.recoveryCode], error: .deviceLinkRejected)
            $0.pending = nil
        }
        store.receive(
            .completeDeviceLink(challengeId: "dc_7", transferAck: "c2ln"),
            effects: [.completeDeviceLink(requestID: 3, ceremonyId: "cer_1", challengeId: "dc_7", transferAck: "c2ln")]
        ) {
            $0.flow = .busy()
            $0.pending = AuthPendingCall(requestID: 3, purpose: .completeDeviceLink)
            $0.lastRequestID = 3
        }
        store.send(.folioFailed(requestID: 3, F.refused(.challengeExpired))) {
            $0.flow = .failed(error: .expired)
            $0.ceremony = nil
            $0.pending = nil
        }

        var password = F.waiting(at: F.awaiting(F.passwordPhase, alternatives: [.deviceApproval]))
        password.receive(.completeDeviceLink(challengeId: "dc_7", transferAck: "c2ln"))
        store.finish()
        password.finish()
    }

    func testStaleFolioAnswersAreIgnored() {
        var store = F.waiting(at: F.awaiting(F.otpPhase))
        store.sendStray(.folioAnswered(requestID: 1, F.ceremony(.awaitingInput(F.awaiting(F.totpPhase)))))
        store.sendStray(.folioFailed(requestID: 7, .unreachable))
        store.sendStray(.proofDerived(requestID: 1, .password(proof: "cA")))
        store.finish()
    }
}
