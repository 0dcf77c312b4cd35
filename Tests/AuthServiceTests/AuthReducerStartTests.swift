import AuthService
import FolioClient
import FolioModel
import StoreKitTesting
import XCTest

/// Start, Cancel and SelectDataRegion (spec "Start a ceremony", "Data region").
final class AuthReducerStartTests: XCTestCase {
    typealias F = AuthFixtures

    func testStartSignInWithEmailIsBusyWhileFolioStartsTheCeremony() {
        var store = ReducerTester(F.reducer, state: .init())
        store.receive(
            .start(value: F.signInWithEmail),
            effects: [.startCeremony(requestID: 1, start: F.start(.signIn(identifier: F.folioEmail)))]
        ) {
            $0.flow = .busy()
            $0.ceremony = AuthCeremonyContext(purpose: .signIn, identifier: F.email)
            $0.pending = AuthPendingCall(requestID: 1, purpose: .start)
            $0.lastRequestID = 1
        }
        // The rule is how the ceremony starts; Folio's answers to a start are tested in AuthReducerStepTests.
        store.skip(.startCeremony(requestID: 1, start: F.start(.signIn(identifier: F.folioEmail))))
        store.finish()
    }

    func testStartSignInWithPhoneDeclaresPasskeySupport() {
        var store = ReducerTester(F.reducer, state: .init(supportsPasskeys: true))
        let phone = AuthIdentifierInput.phone(value: "+41791234567")
        store.receive(
            .start(value: .signIn(value: .withIdentifier(identifier: phone))),
            effects: [
                .startCeremony(
                    requestID: 1, start: F.start(.signIn(identifier: .phone("+41791234567")), passkeys: true))
            ]
        ) {
            $0.flow = .busy()
            $0.ceremony = AuthCeremonyContext(purpose: .signIn, identifier: phone)
            $0.pending = AuthPendingCall(requestID: 1, purpose: .start)
            $0.lastRequestID = 1
        }
        // The rule is how the ceremony starts; Folio's answers to a start are tested in AuthReducerStepTests.
        store.skip(
            .startCeremony(requestID: 1, start: F.start(.signIn(identifier: .phone("+41791234567")), passkeys: true)))
        store.finish()
    }

    func testStartAnonymousSignInHasNoIdentifier() {
        var store = ReducerTester(F.reducer, state: .init())
        store.receive(
            .start(value: .signIn(value: .anonymous)),
            effects: [.startCeremony(requestID: 1, start: F.start(.signIn(identifier: nil)))]
        ) {
            $0.flow = .busy()
            $0.ceremony = AuthCeremonyContext(purpose: .signIn, identifier: nil)
            $0.pending = AuthPendingCall(requestID: 1, purpose: .start)
            $0.lastRequestID = 1
        }
        // The rule is how the ceremony starts; Folio's answers to a start are tested in AuthReducerStepTests.
        store.skip(.startCeremony(requestID: 1, start: F.start(.signIn(identifier: nil))))
        store.finish()
    }

    func testStartRecoveryWithIdentifier() {
        var store = ReducerTester(F.reducer, state: .init())
        store.receive(
            .start(value: .recovery(identifier: F.email)),
            effects: [.startCeremony(requestID: 1, start: F.start(.recovery(identifier: F.folioEmail)))]
        ) {
            $0.flow = .busy()
            $0.ceremony = AuthCeremonyContext(purpose: .recovery, identifier: F.email)
            $0.pending = AuthPendingCall(requestID: 1, purpose: .start)
            $0.lastRequestID = 1
        }
        // The rule is how the ceremony starts; Folio's answers to a start are tested in AuthReducerStepTests.
        store.skip(.startCeremony(requestID: 1, start: F.start(.recovery(identifier: F.folioEmail))))
        store.finish()
    }

    func testRecoveryWithoutIdentifierAndNoSignInToContinueFailsWithAccountNotFound() {
        var store = ReducerTester(F.reducer, state: .init())
        store.receive(.start(value: .recovery(identifier: nil))) { $0.flow = .failed(error: .accountNotFound) }
        store.finish()
    }

    func testRecoveryStartedWhileASignInWaitsContinuesFromThatSignIn() {
        var store = F.waiting(at: F.awaiting(F.passwordPhase, alternatives: [.otp]))
        store.receive(
            .start(value: .recovery(identifier: nil)),
            effects: [.startCeremony(requestID: 2, start: F.start(.recoveryContinuing(ceremonyId: "cer_1")))]
        ) {
            $0.flow = .busy()
            $0.ceremony = AuthCeremonyContext(purpose: .recovery, identifier: F.email)
            $0.pending = AuthPendingCall(requestID: 2, purpose: .start)
            $0.lastRequestID = 2
        }
        // The rule is how the ceremony starts; Folio's answers to a start are tested in AuthReducerStepTests.
        store.skip(.startCeremony(requestID: 2, start: F.start(.recoveryContinuing(ceremonyId: "cer_1"))))
        store.finish()
    }

    func testStartVerificationWithoutOperation() {
        var store = ReducerTester(F.reducer, state: .init(session: F.signedIn))
        store.receive(
            .start(value: .verification(value: VerificationRequirement())),
            effects: [.startCeremony(requestID: 1, start: F.start(.verification(sessionId: "ses_1", operation: nil)))]
        ) {
            $0.flow = .busy()
            $0.ceremony = AuthCeremonyContext(purpose: .verification, identifier: nil)
            $0.pending = AuthPendingCall(requestID: 1, purpose: .start)
            $0.lastRequestID = 1
        }
        // The rule is how the ceremony starts; Folio's answers to a start are tested in AuthReducerStepTests.
        store.skip(.startCeremony(requestID: 1, start: F.start(.verification(sessionId: "ses_1", operation: nil))))
        store.finish()
    }

    func testStartVerificationBoundToAnOperation() {
        var store = ReducerTester(F.reducer, state: .init(session: F.signedIn))
        let operation = VerificationOperation(operationType: .deleteAccount, binding: "doc-1", displayText: "Delete")
        let folioOperation = FolioVerificationOperation(
            operationType: .deleteAccount, binding: "doc-1", displayText: "Delete")
        store.receive(
            .start(value: .verification(value: VerificationRequirement(operation: operation))),
            effects: [
                .startCeremony(
                    requestID: 1, start: F.start(.verification(sessionId: "ses_1", operation: folioOperation)))
            ]
        ) {
            $0.flow = .busy()
            $0.ceremony = AuthCeremonyContext(purpose: .verification, identifier: nil)
            $0.pending = AuthPendingCall(requestID: 1, purpose: .start)
            $0.lastRequestID = 1
        }
        // The rule is how the ceremony starts; Folio's answers to a start are tested in AuthReducerStepTests.
        store.skip(
            .startCeremony(requestID: 1, start: F.start(.verification(sessionId: "ses_1", operation: folioOperation))))
        store.finish()
    }

    func testVerificationWhileTheSessionIsTransientFailsWithNotSignedIn() {
        let guest = AuthSessionContext(identity: .transient(accountId: "acc_guest1"), sessionId: nil)
        var store = ReducerTester(F.reducer, state: .init(session: guest))
        store.receive(.start(value: .verification(value: VerificationRequirement()))) {
            $0.flow = .failed(error: .notSignedIn)
        }
        store.finish()
    }

    func testVerificationOfAnEndedSessionReportsNotSignedIn() {
        var store = F.tester(
            session: F.signedIn, after: [.actionReceived(.start(value: .verification(value: .init())))])
        store.send(.folioFailed(requestID: 1, F.refused(.sessionExpired))) {
            $0.flow = .failed(error: .notSignedIn)
            $0.ceremony = nil
            $0.pending = nil
        }
        store.finish()
    }

    func testStartFailureIsReportedInFailedBecauseThereIsNoStep() {
        var store = F.tester(after: [.actionReceived(.start(value: F.signInWithEmail))])
        store.send(.folioFailed(requestID: 1, .unreachable)) {
            $0.flow = .failed(error: .network)
            $0.ceremony = nil
            $0.pending = nil
        }
        var limited = F.tester(after: [.actionReceived(.start(value: F.signInWithEmail))])
        limited.send(.folioFailed(requestID: 1, F.refused(.rateLimited(retryAfterSeconds: 30)))) {
            $0.flow = .failed(error: .rateLimited(retryAfter: 30))
            $0.ceremony = nil
            $0.pending = nil
        }
        var unclassified = F.tester(after: [.actionReceived(.start(value: F.signInWithEmail))])
        unclassified.send(.folioFailed(requestID: 1, .unclassified(message: "Folio answered 500"))) {
            $0.flow = .failed(error: .unknown(message: "Folio answered 500"))
            $0.ceremony = nil
            $0.pending = nil
        }
        store.finish()
        limited.finish()
        unclassified.finish()
    }

    func testRecoveryOfAnUnknownAccountFailsWithAccountNotFound() {
        var store = F.tester(after: [.actionReceived(.start(value: .recovery(identifier: F.email)))])
        store.send(.folioFailed(requestID: 1, F.refused(.unknownAccount, "no account"))) {
            $0.flow = .failed(error: .accountNotFound)
            $0.ceremony = nil
            $0.pending = nil
        }
        store.finish()
    }

    func testStartWhileACeremonyIsOpenCancelsItAtFolio() {
        var store = F.waiting(at: F.awaiting(F.passwordPhase))
        store.receive(
            .start(value: .signIn(value: .anonymous)),
            effects: [
                .cancelCeremony(requestID: 2, ceremonyId: "cer_1"),
                .startCeremony(requestID: 3, start: F.start(.signIn(identifier: nil))),
            ]
        ) {
            $0.flow = .busy()
            $0.ceremony = AuthCeremonyContext(purpose: .signIn, identifier: nil)
            $0.pending = AuthPendingCall(requestID: 3, purpose: .start)
            $0.lastRequestID = 3
        }
        // The rule is how the ceremony starts; Folio's answers to a start are tested in AuthReducerStepTests.
        store.run(.cancelCeremony(requestID: 2, ceremonyId: "cer_1"))
        store.skip(.startCeremony(requestID: 3, start: F.start(.signIn(identifier: nil))))
        store.finish()
    }

    func testCancelGoesBackToIdleAndCancelsTheCeremonyAtFolio() {
        var store = F.waiting(at: F.awaiting(F.passwordPhase))
        store.receive(.selectDataRegion(region: .eu)) { $0.dataRegion = .eu }
        store.receive(.cancel, effects: [.cancelCeremony(requestID: 2, ceremonyId: "cer_1")]) {
            $0.flow = .idle
            $0.ceremony = nil
            $0.dataRegion = nil
            $0.lastRequestID = 2
        }
        // A late answer of the cancelled ceremony changes nothing.
        store.sendStray(.folioAnswered(requestID: 1, F.ceremony(.awaitingInput(F.awaiting(F.otpPhase)))))
        store.run(.cancelCeremony(requestID: 2, ceremonyId: "cer_1"))
        store.finish()
    }

    func testCancelWhileIdleOnlyClearsTheDataRegion() {
        var store = ReducerTester(F.reducer, state: .init(dataRegion: .us))
        store.receive(.cancel) { $0.dataRegion = nil }
        store.finish()
    }

    func testSelectDataRegionRecordsOnlyAndStartClearsIt() {
        var store = ReducerTester(F.reducer, state: .init())
        store.receive(.selectDataRegion(region: .us)) { $0.dataRegion = .us }
        XCTAssertEqual(
            F.reducer.model(of: store.state)["dataRegions"],
            .array([
                ["region": ["type": "EU"], "title": "European Union", "selected": false],
                ["region": ["type": "US"], "title": "United States", "selected": true],
            ]), "options in display order, EU first")
        XCTAssertEqual(F.reducer.model(of: store.state)["dataRegion"], ["type": "US"])
        store.receive(.selectDataRegion(region: .eu)) { $0.dataRegion = .eu }
        store.receive(
            .start(value: F.signInWithEmail),
            effects: [.startCeremony(requestID: 1, start: F.start(.signIn(identifier: F.folioEmail)))]
        ) {
            $0.flow = .busy()
            $0.dataRegion = nil
            $0.ceremony = AuthCeremonyContext(purpose: .signIn, identifier: F.email)
            $0.pending = AuthPendingCall(requestID: 1, purpose: .start)
            $0.lastRequestID = 1
        }
        // Recorded during a ceremony too, without any effect.
        store.receive(.selectDataRegion(region: .us)) { $0.dataRegion = .us }
        // The rule is what the data region does; the start's answers are tested in AuthReducerStepTests.
        store.skip(.startCeremony(requestID: 1, start: F.start(.signIn(identifier: F.folioEmail))))
        store.finish()
    }

    func testActionsThatDoNotFitIdleDoNothing() {
        var store = ReducerTester(F.reducer, state: .init())
        store.receive(.answer(value: .otp(value: "123456")))
        store.receive(.selectAlternative(method: .password))
        store.receive(.resendOtp)
        store.receive(.acknowledgeRecoveryCode)
        store.receive(.completeDeviceLink(challengeId: "dc_7", transferAck: "c2ln"))
        store.sendStray(.folioAnswered(requestID: 1, F.ceremony(.awaitingInput(F.awaiting(F.otpPhase)))))
        store.sendStray(.sessionSwitchFailed(requestID: 1))
        store.finish()
    }
}
