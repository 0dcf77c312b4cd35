import AuthService
import FolioClient
import FolioModel
import StoreKitTesting
import XCTest

/// How a ceremony ends (spec "State", "Recovery codes", "Verification") and ResendOtp ("One-time codes").
final class AuthReducerCompletionTests: XCTestCase {
    typealias F = AuthFixtures

    static let newSession = AuthSessionContext(
        identity: .authenticated(userId: "usr_42", email: "person@example.com"), sessionId: "ses_2")

    /// A sign-in waiting at Otp whose answer (request 2) is in flight.
    private func answered() -> ReducerTester<AuthReducer> {
        F.waiting(
            at: F.awaiting(F.otpPhase), session: F.signedIn,
            then: [.actionReceived(.answer(value: .otp(value: "123456")))])
    }

    func testAFinishedSignInSwitchesTheSessionAndIsAuthenticated() {
        var store = answered()
        store.send(
            .folioAnswered(
                requestID: 2,
                F.ceremony(
                    .completed(FolioCeremonyCompletion(identity: F.identity, session: F.session, sessionToken: "jwt")))),
            effects: [
                .switchSession(
                    requestID: 3,
                    completion: AuthCompletion(identity: F.identity, session: F.session, sessionToken: "jwt"))
            ]
        ) {
            $0.flow = .authenticated
            $0.ceremony = nil
            $0.pending = nil
            $0.switchingSession = AuthSessionSwitch(requestID: 3, session: Self.newSession)
            $0.lastRequestID = 3
        }
        store.send(.sessionSwitched(requestID: 3)) {
            $0.session = Self.newSession
            $0.switchingSession = nil
        }
        // Authenticated stays: nothing but Start or Cancel moves it.
        store.receive(.answer(value: .otp(value: "123456")))
        store.receive(.selectAlternative(method: .password))
        store.receive(.resendOtp)
        store.receive(.acknowledgeRecoveryCode)
        store.receive(.completeDeviceLink(challengeId: "dc_7", transferAck: "c2ln"))
        store.sendStray(.sessionSwitchFailed(requestID: 3))
        store.receive(.cancel) { $0.flow = .idle }
        store.finish()
    }

    func testAGuestIdentityIsSwitchedToAsTransient() {
        var store = answered()
        let guest = FolioIdentity.transient(guestId: "gst_1")
        var session = F.session
        session.identity = guest
        store.send(
            .folioAnswered(
                requestID: 2, F.ceremony(.completed(FolioCeremonyCompletion(identity: guest, session: session)))),
            effects: [.switchSession(requestID: 3, completion: AuthCompletion(identity: guest, session: session))]
        ) {
            $0.flow = .authenticated
            $0.ceremony = nil
            $0.pending = nil
            $0.switchingSession = AuthSessionSwitch(
                requestID: 3, session: AuthSessionContext(identity: .transient(accountId: "gst_1"), sessionId: "ses_2"))
            $0.lastRequestID = 3
        }
        // The rule is that a guest is switched to as transient; how a switch ends is tested above.
        store.skip(.switchSession(requestID: 3, completion: AuthCompletion(identity: guest, session: session)))
        store.finish()
    }

    func testSessionUnavailableWhenTheSwitchFailsMovesFromAuthenticatedToFailed() {
        var store = answered()
        store.send(
            .folioAnswered(
                requestID: 2, F.ceremony(.completed(FolioCeremonyCompletion(identity: F.identity, session: F.session)))),
            effects: [
                .switchSession(requestID: 3, completion: AuthCompletion(identity: F.identity, session: F.session))
            ]
        ) {
            $0.flow = .authenticated
            $0.ceremony = nil
            $0.pending = nil
            $0.switchingSession = AuthSessionSwitch(requestID: 3, session: Self.newSession)
            $0.lastRequestID = 3
        }
        store.send(.sessionSwitchFailed(requestID: 3)) {
            $0.flow = .failed(error: .sessionUnavailable)
            $0.switchingSession = nil
        }
        XCTAssertEqual(store.state.session, F.signedIn, "the session stays on the previous identity")
        store.finish()
    }

    /// A finished sign-in whose session switch (request 3) is in flight.
    private func switching() -> ReducerTester<AuthReducer> {
        var store = answered()
        store.send(
            .folioAnswered(
                requestID: 2, F.ceremony(.completed(FolioCeremonyCompletion(identity: F.identity, session: F.session)))),
            effects: [
                .switchSession(requestID: 3, completion: AuthCompletion(identity: F.identity, session: F.session))
            ]
        ) {
            $0.flow = .authenticated
            $0.ceremony = nil
            $0.pending = nil
            $0.switchingSession = AuthSessionSwitch(requestID: 3, session: Self.newSession)
            $0.lastRequestID = 3
        }
        return store
    }

    func testASessionSwitchOutlivesACeremonyStartedMeanwhile() {
        var store = switching()
        store.receive(
            .start(value: F.signInWithEmail),
            effects: [.startCeremony(requestID: 4, start: F.start(.signIn(identifier: F.folioEmail)))]
        ) {
            $0.flow = .busy()
            $0.ceremony = AuthCeremonyContext(purpose: .signIn, identifier: F.email)
            $0.pending = AuthPendingCall(requestID: 4, purpose: .start)
            $0.lastRequestID = 4
        }
        store.send(.sessionSwitched(requestID: 3)) {
            $0.session = Self.newSession
            $0.switchingSession = nil
        }
        // The rule is that the switch's outcome outlives the new ceremony; the start's answers are tested in
        // AuthReducerStepTests.
        store.skip(.startCeremony(requestID: 4, start: F.start(.signIn(identifier: F.folioEmail))))
        store.finish()
    }

    func testAFailedSwitchDoesNotFailACeremonyStartedMeanwhile() {
        var store = switching()
        store.receive(.cancel) { $0.flow = .idle }
        store.send(.sessionSwitchFailed(requestID: 3)) { $0.switchingSession = nil }
        XCTAssertEqual(store.state.session, F.signedIn, "the session stays on the previous identity")
        store.finish()
    }

    func testAVerificationRightAfterASignInConfirmsTheSessionItSwitchesTo() {
        var store = switching()
        store.receive(
            .start(value: .verification(value: .init())),
            effects: [.startCeremony(requestID: 4, start: F.start(.verification(sessionId: "ses_2", operation: nil)))]
        ) {
            $0.flow = .busy()
            $0.ceremony = AuthCeremonyContext(purpose: .verification, identifier: nil)
            $0.pending = AuthPendingCall(requestID: 4, purpose: .start)
            $0.lastRequestID = 4
        }
        // The rule is which session the verification confirms; the start's answers are tested in AuthReducerStepTests.
        // How a switch ends is tested above.
        store.skip(.startCeremony(requestID: 4, start: F.start(.verification(sessionId: "ses_2", operation: nil))))
        store.skip(.switchSession(requestID: 3, completion: AuthCompletion(identity: F.identity, session: F.session)))
        store.finish()
    }

    func testRecoveryCodeIsShownAndOnlyItsAcknowledgementSwitchesTheSession() {
        var store = answered()
        let completion = FolioCeremonyCompletion(
            identity: F.identity, session: F.session, sessionToken: "jwt", recoveryCode: "4821-0937-5512-7730")
        store.send(.folioAnswered(requestID: 2, F.ceremony(.completed(completion)))) {
            $0.flow = .awaitingRecoveryCodeAck(code: "4821-0937-5512-7730")
            $0.ceremony = AuthCeremonyContext(
                purpose: .signIn, identifier: F.email, id: "cer_1",
                completion: AuthCompletion(identity: F.identity, session: F.session, sessionToken: "jwt"))
            $0.pending = nil
        }
        // Nothing else acts meanwhile, and Folio's ceremony is over, so nothing is cancelled there.
        store.receive(.answer(value: .otp(value: "123456")))
        store.receive(.resendOtp)
        store.receive(
            .acknowledgeRecoveryCode,
            effects: [
                .switchSession(
                    requestID: 3,
                    completion: AuthCompletion(identity: F.identity, session: F.session, sessionToken: "jwt"))
            ]
        ) {
            $0.flow = .authenticated
            $0.ceremony = nil
            $0.pending = nil
            $0.switchingSession = AuthSessionSwitch(requestID: 3, session: Self.newSession)
            $0.lastRequestID = 3
        }
        // The rule is that only the acknowledgement switches; how a switch ends is tested above.
        store.skip(
            .switchSession(
                requestID: 3, completion: AuthCompletion(identity: F.identity, session: F.session, sessionToken: "jwt"))
        )
        store.finish()
    }

    func testCancelWhileTheRecoveryCodeIsShownDoesNotCancelAtFolio() {
        var store = answered()
        let completion = FolioCeremonyCompletion(identity: F.identity, session: F.session, recoveryCode: "4821")
        store.send(.folioAnswered(requestID: 2, F.ceremony(.completed(completion)))) {
            $0.flow = .awaitingRecoveryCodeAck(code: "4821")
            $0.ceremony = AuthCeremonyContext(
                purpose: .signIn, identifier: F.email, id: "cer_1",
                completion: AuthCompletion(identity: F.identity, session: F.session))
            $0.pending = nil
        }
        store.receive(.cancel) {
            $0.flow = .idle
            $0.ceremony = nil
        }
        store.finish()
    }

    func testAVerificationDoesNotSwitchTheSession() {
        var store = F.waiting(
            at: F.awaiting(F.otpPhase), start: .verification(value: .init()), session: F.signedIn,
            then: [.actionReceived(.answer(value: .otp(value: "123456")))])
        let completion = FolioCeremonyCompletion(
            identity: .authenticated(userId: "usr_1", email: "before@example.com"), session: F.session,
            verification: FolioVerificationResult(token: "vjwt"))
        store.send(.folioAnswered(requestID: 2, F.ceremony(.completed(completion)))) {
            $0.flow = .authenticated
            $0.ceremony = nil
            $0.pending = nil
            $0.verification = AuthVerificationProof(token: "vjwt", sessionId: F.session.id, operation: nil)
        }
        store.finish()
    }

    func testAVerificationKeepsFolioSignedTokenUntilTheNextStartOrCancel() {
        let operation = FolioVerificationOperation(operationType: .deleteAccount, binding: "doc_7")
        let requirement = VerificationRequirement(
            operation: VerificationOperation(operationType: .deleteAccount, binding: "doc_7", displayText: nil))
        var store = F.waiting(
            at: F.awaiting(F.otpPhase), start: .verification(value: requirement), session: F.signedIn,
            then: [.actionReceived(.answer(value: .otp(value: "123456")))])
        let completion = FolioCeremonyCompletion(
            identity: .authenticated(userId: "usr_1", email: "before@example.com"), session: F.session,
            verification: FolioVerificationResult(token: "vjwt", operation: operation))
        let proof = AuthVerificationProof(token: "vjwt", sessionId: F.session.id, operation: operation)
        store.send(.folioAnswered(requestID: 2, F.ceremony(.completed(completion)))) {
            $0.flow = .authenticated
            $0.ceremony = nil
            $0.pending = nil
            $0.verification = proof
        }
        XCTAssertEqual(store.state.verification?.token, "vjwt", "nothing downstream can check a proof thrown away")
        store.receive(.cancel) {
            $0.flow = .idle
            $0.verification = nil
        }
        store.finish()
    }

    func testResendOtpOnAnOtpStepStartsTheSignInAgainWithItsIdentifier() {
        var store = F.waiting(at: F.awaiting(F.otpPhase, alternatives: [.password]))
        store.receive(
            .resendOtp,
            effects: [
                .cancelCeremony(requestID: 2, ceremonyId: "cer_1"),
                .startCeremony(requestID: 3, start: F.start(.signIn(identifier: F.folioEmail))),
            ]
        ) {
            $0.flow = .busy()
            $0.ceremony = AuthCeremonyContext(purpose: .signIn, identifier: F.email)
            $0.pending = AuthPendingCall(requestID: 3, purpose: .start)
            $0.lastRequestID = 3
        }
        let fresh = F.awaiting(F.otpPhase, alternatives: [.password])
        store.send(.folioAnswered(requestID: 3, F.ceremony(.awaitingInput(fresh), id: "cer_2"))) {
            $0.flow = .awaitingInput(phase: F.shownOtp, alternatives: [.password], error: nil)
            $0.ceremony?.id = "cer_2"
            $0.ceremony?.step = fresh
            $0.ceremony?.input = AuthShownInput(phase: F.shownOtp, alternatives: [.password])
            $0.pending = nil
        }
        store.run(.cancelCeremony(requestID: 2, ceremonyId: "cer_1"))
        store.finish()
    }

    func testResendOtpOnARecoverysOtpStepStartsTheRecoveryAgain() {
        var store = F.waiting(at: F.awaiting(F.otpPhase), start: .recovery(identifier: F.email))
        store.receive(
            .resendOtp,
            effects: [
                .cancelCeremony(requestID: 2, ceremonyId: "cer_1"),
                .startCeremony(requestID: 3, start: F.start(.recovery(identifier: F.folioEmail))),
            ]
        ) {
            $0.flow = .busy()
            $0.ceremony = AuthCeremonyContext(purpose: .recovery, identifier: F.email)
            $0.pending = AuthPendingCall(requestID: 3, purpose: .start)
            $0.lastRequestID = 3
        }
        // The rule is that ResendOtp starts the recovery again; the start's answers are tested in AuthReducerStepTests.
        store.run(.cancelCeremony(requestID: 2, ceremonyId: "cer_1"))
        store.skip(.startCeremony(requestID: 3, start: F.start(.recovery(identifier: F.folioEmail))))
        store.finish()
    }

    func testResendOtpWhileBusyRestartsTheSignInWithItsIdentifier() {
        var store = answered()
        store.receive(
            .resendOtp,
            effects: [
                .cancelCeremony(requestID: 3, ceremonyId: "cer_1"),
                .startCeremony(requestID: 4, start: F.start(.signIn(identifier: F.folioEmail))),
            ]
        ) {
            $0.ceremony = AuthCeremonyContext(purpose: .signIn, identifier: F.email)
            $0.pending = AuthPendingCall(requestID: 4, purpose: .start)
            $0.lastRequestID = 4
        }
        // The answer of the abandoned call is stale.
        store.send(.folioFailed(requestID: 2, F.refused(.wrongCode)))
        // The rule is that ResendOtp starts the sign-in again; the start's answers are tested in AuthReducerStepTests.
        store.run(.cancelCeremony(requestID: 3, ceremonyId: "cer_1"))
        store.skip(.startCeremony(requestID: 4, start: F.start(.signIn(identifier: F.folioEmail))))
        store.finish()
    }

    func testResendOtpWhileARecoveryStartsRestartsIt() {
        var store = F.tester(after: [.actionReceived(.start(value: .recovery(identifier: F.email)))])
        store.receive(
            .resendOtp, effects: [.startCeremony(requestID: 2, start: F.start(.recovery(identifier: F.folioEmail)))]
        ) {
            $0.pending = AuthPendingCall(requestID: 2, purpose: .start)
            $0.lastRequestID = 2
        }
        // Start 2 supersedes start 1, whose answer is stale (AuthReducerStepTests.testStaleFolioAnswersAreIgnored); the
        // start's answers are tested in AuthReducerStepTests.
        store.skip(.startCeremony(requestID: 1, start: F.start(.recovery(identifier: F.folioEmail))))
        store.skip(.startCeremony(requestID: 2, start: F.start(.recovery(identifier: F.folioEmail))))
        store.finish()
    }

    func testResendOtpDoesNothingForAnAnonymousSignInOrAVerification() {
        var anonymous = F.waiting(at: F.awaiting(F.otpPhase), start: .signIn(value: .anonymous))
        anonymous.receive(.resendOtp)
        var busy = F.tester(after: [.actionReceived(.start(value: .signIn(value: .anonymous)))])
        busy.receive(.resendOtp)
        var verification = F.waiting(
            at: F.awaiting(F.otpPhase), start: .verification(value: .init()), session: F.signedIn)
        verification.receive(.resendOtp)
        anonymous.finish()
        // The anonymous start is still in flight; the start's answers are tested in AuthReducerStepTests.
        busy.skip(.startCeremony(requestID: 1, start: F.start(.signIn(identifier: nil))))
        busy.finish()
        verification.finish()
    }
}
