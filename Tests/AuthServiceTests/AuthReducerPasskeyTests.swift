import AuthService
import FolioClient
import FolioModel
import StoreKitTesting
import XCTest

/// Passkeys (spec "Passkeys"): offered only with declared support, shown as Busy with the WebAuthn request,
/// cancelled or failed dialogs reported in AwaitingInput.error, and Password + Passkey steps.
final class AuthReducerPasskeyTests: XCTestCase {
    typealias F = AuthFixtures

    /// Waits at Password with Passkey and Otp offered, then selects Passkey and Folio answers with its challenge.
    private func dialogShown() -> ReducerTester<AuthReducer> {
        var store = F.waiting(at: F.awaiting(F.passwordPhase, alternatives: [.passkey, .otp]), passkeys: true)
        store.receive(
            .selectAlternative(method: .passkey),
            effects: [.selectAlternative(requestID: 2, ceremonyId: "cer_1", method: .passkey)]
        ) {
            $0.flow = .busy()
            $0.pending = AuthPendingCall(requestID: 2, purpose: .selectAlternative)
            $0.lastRequestID = 2
        }
        let passkeyStep = F.awaiting(.passkey(F.passkeyRequest), alternatives: [.password, .otp])
        store.send(.folioAnswered(requestID: 2, F.ceremony(.awaitingInput(passkeyStep)))) {
            $0.flow = .busy(passkeyRequest: F.passkeyShown("pk_3"))
            $0.ceremony?.step = passkeyStep
            $0.ceremony?.passkeyRequestId = "pk_3"
            $0.pending = nil
            $0.lastRequestID = 3
        }
        return store
    }

    func testSelectingPasskeyIsBusyWithTheWebAuthnRequestAndTheAssertionIsAnswered() {
        var store = dialogShown()
        // An answer to another dialog is not taken for this one.
        store.receive(.answer(value: .passkey(requestId: "pk_1", outcome: .assertion(F.assertion))))
        store.receive(
            .answer(value: .passkey(requestId: "pk_3", outcome: .assertion(F.assertion))),
            effects: [
                .answer(
                    requestID: 4, ceremonyId: "cer_1", answer: .passkey(F.folioAssertion),
                    secondAnswer: nil)
            ]
        ) {
            $0.flow = .busy()
            $0.ceremony?.passkeyRequestId = nil
            $0.pending = AuthPendingCall(requestID: 4, purpose: .answer)
            $0.lastRequestID = 4
        }
        let next = F.awaiting(F.totpPhase)
        store.send(.folioAnswered(requestID: 4, F.ceremony(.awaitingInput(next)))) {
            $0.flow = .awaitingInput(phase: .totp, alternatives: [], error: nil)
            $0.ceremony?.step = next
            $0.ceremony?.input = AuthShownInput(phase: .totp, alternatives: [])
            $0.pending = nil
        }
        store.finish()
    }

    func testPasskeyCancelledIsReportedInAwaitingInputError() {
        var store = dialogShown()
        store.receive(
            .answer(value: .passkey(requestId: "pk_3", outcome: .cancelled)),
            effects: [.selectAlternative(requestID: 4, ceremonyId: "cer_1", method: .password)]
        ) {
            $0.flow = .busy()
            $0.ceremony?.passkeyRequestId = nil
            $0.pending = AuthPendingCall(requestID: 4, purpose: .restoreAfterPasskey(error: .passkeyCancelled))
            $0.lastRequestID = 4
        }
        let back = F.awaiting(F.passwordPhase, alternatives: [.passkey, .otp])
        store.send(.folioAnswered(requestID: 4, F.ceremony(.awaitingInput(back)))) {
            $0.flow = .awaitingInput(phase: .password, alternatives: [.passkey, .otp], error: .passkeyCancelled)
            $0.ceremony?.step = back
            $0.pending = nil
        }
        store.finish()
    }

    func testPasskeyFailedIsReportedInAwaitingInputError() {
        var store = dialogShown()
        store.receive(
            .answer(value: .passkey(requestId: "pk_3", outcome: .failed(name: "SecurityError", message: nil))),
            effects: [.selectAlternative(requestID: 4, ceremonyId: "cer_1", method: .password)]
        ) {
            $0.flow = .busy()
            $0.ceremony?.passkeyRequestId = nil
            $0.pending = AuthPendingCall(requestID: 4, purpose: .restoreAfterPasskey(error: .passkeyFailed))
            $0.lastRequestID = 4
        }
        let back = F.awaiting(F.passwordPhase, alternatives: [.passkey, .otp])
        store.send(.folioAnswered(requestID: 4, F.ceremony(.awaitingInput(back)))) {
            $0.flow = .awaitingInput(phase: .password, alternatives: [.passkey, .otp], error: .passkeyFailed)
            $0.ceremony?.step = back
            $0.pending = nil
        }
        store.finish()
    }

    func testFolioRefusingTheAssertionIsPasskeyFailed() {
        var store = dialogShown()
        store.receive(
            .answer(value: .passkey(requestId: "pk_3", outcome: .assertion(F.assertion))),
            effects: [
                .answer(
                    requestID: 4, ceremonyId: "cer_1", answer: .passkey(F.folioAssertion),
                    secondAnswer: nil)
            ]
        ) {
            $0.flow = .busy()
            $0.ceremony?.passkeyRequestId = nil
            $0.pending = AuthPendingCall(requestID: 4, purpose: .answer)
            $0.lastRequestID = 4
        }
        // Folio's step is still the passkey: it is moved back to the password before the error shows, so the
        // password the person types next is one Folio takes.
        store.send(
            .folioFailed(requestID: 4, F.refused(.passkeyFailed)),
            effects: [.selectAlternative(requestID: 5, ceremonyId: "cer_1", method: .password)]
        ) {
            $0.pending = AuthPendingCall(requestID: 5, purpose: .restoreAfterPasskey(error: .passkeyFailed))
            $0.lastRequestID = 5
        }
        let back = F.awaiting(F.passwordPhase, alternatives: [.passkey, .otp])
        store.send(.folioAnswered(requestID: 5, F.ceremony(.awaitingInput(back)))) {
            $0.flow = .awaitingInput(phase: .password, alternatives: [.passkey, .otp], error: .passkeyFailed)
            $0.ceremony?.step = back
            $0.pending = nil
        }
        store.finish()
    }

    func testAPasskeyRefusedOnAStepThatOpenedOnAPasskeyMovesToAnotherMethodFolioOffers() {
        var store = F.tester(passkeys: true, after: [.actionReceived(.start(value: F.signInWithEmail))])
        let step = F.awaiting(.passkey(F.passkeyRequest), alternatives: [.password])
        store.send(.folioAnswered(requestID: 1, F.ceremony(.awaitingInput(step)))) {
            $0.flow = .busy(passkeyRequest: F.passkeyShown("pk_2"))
            $0.ceremony?.id = "cer_1"
            $0.ceremony?.step = step
            $0.ceremony?.passkeyRequestId = "pk_2"
            $0.pending = nil
            $0.lastRequestID = 2
        }
        store.receive(
            .answer(value: .passkey(requestId: "pk_2", outcome: .assertion(F.assertion))),
            effects: [.answer(requestID: 3, ceremonyId: "cer_1", answer: .passkey(F.folioAssertion), secondAnswer: nil)]
        ) {
            $0.flow = .busy()
            $0.ceremony?.passkeyRequestId = nil
            $0.pending = AuthPendingCall(requestID: 3, purpose: .answer)
            $0.lastRequestID = 3
        }
        store.send(
            .folioFailed(requestID: 3, F.refused(.passkeyFailed)),
            effects: [.selectAlternative(requestID: 4, ceremonyId: "cer_1", method: .password)]
        ) {
            $0.pending = AuthPendingCall(requestID: 4, purpose: .restoreAfterPasskey(error: .passkeyFailed))
            $0.lastRequestID = 4
        }
        let back = F.awaiting(F.passwordPhase, alternatives: [.passkey])
        store.send(.folioAnswered(requestID: 4, F.ceremony(.awaitingInput(back)))) {
            $0.flow = .awaitingInput(phase: .password, alternatives: [.passkey], error: .passkeyFailed)
            $0.ceremony?.step = back
            $0.ceremony?.input = AuthShownInput(phase: .password, alternatives: [.passkey])
            $0.pending = nil
        }
        store.finish()
    }

    func testAPasskeyOnlyStepOpensTheDialogByItself() {
        var store = F.tester(passkeys: true, after: [.actionReceived(.start(value: .signIn(value: .anonymous)))])
        let step = F.awaiting(.passkey(F.passkeyRequest))
        store.send(.folioAnswered(requestID: 1, F.ceremony(.awaitingInput(step)))) {
            $0.flow = .busy(passkeyRequest: F.passkeyShown("pk_2"))
            $0.ceremony?.id = "cer_1"
            $0.ceremony?.step = step
            $0.ceremony?.passkeyRequestId = "pk_2"
            $0.pending = nil
            $0.lastRequestID = 2
        }
        store.finish()
    }

    func testACancelledOrRefusedPasskeyOnAPasskeyOnlyStepLeavesTheStepOpen() {
        // The dialog pk_2 is shown, as in testAPasskeyOnlyStepOpensTheDialogByItself.
        var store = F.waiting(
            at: F.awaiting(.passkey(F.passkeyRequest)), start: .signIn(value: .anonymous), passkeys: true)
        // Cancelled with no other method to go back to: the step stays open and offers the dialog again.
        store.receive(.answer(value: .passkey(requestId: "pk_2", outcome: .cancelled))) {
            $0.flow = .busy(passkeyRequest: F.passkeyShown("pk_3"), error: .passkeyCancelled)
            $0.ceremony?.passkeyRequestId = "pk_3"
            $0.lastRequestID = 3
        }
        store.receive(
            .answer(value: .passkey(requestId: "pk_3", outcome: .failed(name: "SecurityError", message: nil)))
        ) {
            $0.flow = .busy(passkeyRequest: F.passkeyShown("pk_4"), error: .passkeyFailed)
            $0.ceremony?.passkeyRequestId = "pk_4"
            $0.lastRequestID = 4
        }
        store.receive(
            .answer(value: .passkey(requestId: "pk_4", outcome: .assertion(F.assertion))),
            effects: [.answer(requestID: 5, ceremonyId: "cer_1", answer: .passkey(F.folioAssertion), secondAnswer: nil)]
        ) {
            $0.flow = .busy()
            $0.ceremony?.passkeyRequestId = nil
            $0.pending = AuthPendingCall(requestID: 5, purpose: .answer)
            $0.lastRequestID = 5
        }
        // Folio refusing the assertion leaves it open too.
        store.send(.folioFailed(requestID: 5, F.refused(.passkeyFailed))) {
            $0.flow = .busy(passkeyRequest: F.passkeyShown("pk_6"), error: .passkeyFailed)
            $0.ceremony?.passkeyRequestId = "pk_6"
            $0.pending = nil
            $0.lastRequestID = 6
        }
        store.finish()
    }

    func testAPasskeyStepWithoutSupportMovesToAnotherMethodFolioOffers() {
        var store = F.tester(after: [.actionReceived(.start(value: F.signInWithEmail))])
        let step = F.awaiting(.passkey(F.passkeyRequest), alternatives: [.passkey, .otp])
        store.send(
            .folioAnswered(requestID: 1, F.ceremony(.awaitingInput(step))),
            effects: [.selectAlternative(requestID: 2, ceremonyId: "cer_1", method: .otp)]
        ) {
            $0.flow = .busy()
            $0.ceremony?.id = "cer_1"
            $0.ceremony?.step = step
            $0.pending = AuthPendingCall(requestID: 2, purpose: .selectAlternative)
            $0.lastRequestID = 2
        }
        let otp = F.awaiting(F.otpPhase, alternatives: [.passkey])
        store.send(.folioAnswered(requestID: 2, F.ceremony(.awaitingInput(otp)))) {
            $0.flow = .awaitingInput(phase: F.shownOtp, alternatives: [], error: nil)
            $0.ceremony?.step = otp
            $0.ceremony?.input = AuthShownInput(phase: F.shownOtp, alternatives: [])
            $0.pending = nil
        }
        // A password + passkey step too.
        var twoInputs = F.tester(after: [.actionReceived(.start(value: F.signInWithEmail))])
        let both = F.awaiting(F.passwordPhase, second: .passkey(F.passkeyRequest), alternatives: [.otp])
        twoInputs.send(
            .folioAnswered(requestID: 1, F.ceremony(.awaitingInput(both))),
            effects: [.selectAlternative(requestID: 2, ceremonyId: "cer_1", method: .otp)]
        ) {
            $0.flow = .busy()
            $0.ceremony?.id = "cer_1"
            $0.ceremony?.step = both
            $0.pending = AuthPendingCall(requestID: 2, purpose: .selectAlternative)
            $0.lastRequestID = 2
        }
        store.finish()
        // Folio's answer to the alternative is tested with the first step above.
        twoInputs.skip(.selectAlternative(requestID: 2, ceremonyId: "cer_1", method: .otp))
        twoInputs.finish()
    }

    func testAPasskeyOnlyStepWithoutSupportFailsWithUnsupported() {
        var store = F.tester(after: [.actionReceived(.start(value: .signIn(value: .anonymous)))])
        store.send(
            .folioAnswered(requestID: 1, F.ceremony(.awaitingInput(F.awaiting(.passkey(F.passkeyRequest))))),
            effects: [.cancelCeremony(requestID: 2, ceremonyId: "cer_1")]
        ) {
            $0.flow = .failed(error: .unsupported(capability: "passkey"))
            $0.ceremony = nil
            $0.pending = nil
            $0.lastRequestID = 2
        }
        // Folio ends such a ceremony itself when the start declared no support.
        var refused = F.tester(after: [.actionReceived(.start(value: F.signInWithEmail))])
        refused.send(
            .folioAnswered(
                requestID: 1,
                F.ceremony(
                    .failed(FolioAuthFailure(code: .unsupported(capability: "PASSKEY"), message: "passkey only"))))
        ) {
            $0.flow = .failed(error: .unsupported(capability: "passkey"))
            $0.ceremony = nil
            $0.pending = nil
        }
        store.run(.cancelCeremony(requestID: 2, ceremonyId: "cer_1"))
        store.finish()
        refused.finish()
    }

    func testPasskeyWithPasswordRunsTheDialogWhenThePasswordIsAnswered() {
        let step = F.awaiting(F.passwordPhase, second: .passkey(F.passkeyRequest))
        var store = F.waiting(at: step, passkeys: true)
        XCTAssertEqual(store.state.flow, .awaitingInput(phase: .password, alternatives: [], error: nil))
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
            $0.flow = .busy(passkeyRequest: F.passkeyShown("pk_3"))
            $0.ceremony?.firstAnswer = .password(proof: "cA")
            $0.ceremony?.passkeyRequestId = "pk_3"
            $0.pending = nil
            $0.lastRequestID = 3
        }
        store.receive(
            .answer(value: .passkey(requestId: "pk_3", outcome: .assertion(F.assertion))),
            effects: [
                .answer(
                    requestID: 4, ceremonyId: "cer_1", answer: .password(proof: "cA"),
                    secondAnswer: .passkey(F.folioAssertion))
            ]
        ) {
            $0.flow = .busy()
            $0.ceremony?.passkeyRequestId = nil
            $0.pending = AuthPendingCall(requestID: 4, purpose: .answer)
            $0.lastRequestID = 4
        }
        // A refused assertion asks for the password again.
        store.send(.folioFailed(requestID: 4, F.refused(.passkeyFailed))) {
            $0.flow = .awaitingInput(phase: .password, alternatives: [], error: .passkeyFailed)
            $0.ceremony?.firstAnswer = nil
            $0.pending = nil
        }
        store.finish()
    }

    func testPasskeyWithPasswordCancelledGoesBackToThePassword() {
        let step = F.awaiting(F.passwordPhase, second: .passkey(F.passkeyRequest))
        var store = F.waiting(
            at: step, passkeys: true,
            then: [
                .actionReceived(.answer(value: .password(value: "pw"))),
                .proofDerived(requestID: 2, .password(proof: "cA")),
            ])
        store.receive(.answer(value: .passkey(requestId: "pk_3", outcome: .cancelled))) {
            $0.flow = .awaitingInput(phase: .password, alternatives: [], error: .passkeyCancelled)
            $0.ceremony?.firstAnswer = nil
            $0.ceremony?.passkeyRequestId = nil
        }
        store.finish()
    }

    func testPasskeyWithPasswordWithoutSupportFailsWithUnsupported() {
        var store = F.tester(after: [.actionReceived(.start(value: F.signInWithEmail))])
        let step = F.awaiting(F.passwordPhase, second: .passkey(F.passkeyRequest))
        store.send(
            .folioAnswered(requestID: 1, F.ceremony(.awaitingInput(step))),
            effects: [.cancelCeremony(requestID: 2, ceremonyId: "cer_1")]
        ) {
            $0.flow = .failed(error: .unsupported(capability: "passkey"))
            $0.ceremony = nil
            $0.pending = nil
            $0.lastRequestID = 2
        }
        store.run(.cancelCeremony(requestID: 2, ceremonyId: "cer_1"))
        store.finish()
    }
}
