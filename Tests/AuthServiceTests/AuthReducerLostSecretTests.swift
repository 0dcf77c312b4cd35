import AuthService
import FolioClient
import FolioModel
import StoreKitTesting
import XCTest

/// A typed secret never reaches the snapshot (docs/auth-store.md, "AuthAnswer"), so a worker that restarts
/// while its proof is derived has lost it. The step stays open and says so; the person typed nothing wrong,
/// so it is not the phase's wrong-input error (spec "Errors").
final class AuthReducerLostSecretTests: XCTestCase {
    typealias F = AuthFixtures

    func testALostPasswordAsksToTypeItAgainAndIsNotWrongPassword() {
        var store = F.waiting(
            at: F.awaiting(F.passwordPhase, alternatives: [.otp]),
            then: [.actionReceived(.answer(value: .password(value: "pw")))])
        store.send(.secretLost(requestID: 2, kind: .password)) {
            $0.flow = .awaitingInput(phase: .password, alternatives: [.otp], error: .secretLost(.password))
            $0.pending = nil
        }
        XCTAssertEqual(
            AuthError.secretLost(.password),
            .unknown(message: "the service restarted before the password was sent; type it again"))
        store.finish()
    }

    func testALostRecoveryCodeOrNewPasswordIsNotWrongRecoveryCodeOrWeakPassword() {
        let phases: [(FolioAuthPhase, AuthPhase, AuthAnswer, AuthProofRequest.Kind)] = [
            (
                .recoveryCode(FolioRecoveryCodePhase(derivation: F.derivation)), .recoveryCode,
                .recoveryCode(value: "OMAR3HVN8RLC2ZEG"), .recoveryCode
            ),
            (
                .newPassword(
                    FolioNewPasswordPhase(
                        derivation: F.derivation, policy: FolioPasswordPolicy(minLength: 12, minCharacterClasses: 3))),
                .newPassword, .newPassword(value: "a new password"), .newPassword
            ),
        ]
        for (folio, shown, answer, kind) in phases {
            var store = F.waiting(at: F.awaiting(folio), then: [.actionReceived(.answer(value: answer))])
            store.send(.secretLost(requestID: 2, kind: kind)) {
                $0.flow = .awaitingInput(phase: shown, alternatives: [], error: .secretLost(kind))
                $0.pending = nil
            }
            store.finish()
        }
    }

    func testAStaleLossIsIgnored() {
        var store = F.waiting(
            at: F.awaiting(F.passwordPhase), then: [.actionReceived(.answer(value: .password(value: "pw")))])
        store.sendStray(.secretLost(requestID: 1, kind: .password))
        // The rule is that the loss of another request is stale; request 2's derivation stays in flight.
        store.skip(
            .deriveProof(
                requestID: 2,
                request: AuthProofRequest(kind: .password, derivation: F.derivation, secret: TransientSecret("pw"))))
        store.finish()
    }
}
