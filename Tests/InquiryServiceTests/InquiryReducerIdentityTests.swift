import FolioModel
import StoreKitTesting
import XCTest

@testable import InquiryService

/// The identity save of a passed government id attempt (spec "Verified identity", identity-records.md).
final class InquiryReducerIdentityTests: InquiryReducerTestCase {
    typealias Steps = VerificationFixtures

    static let save = IdentitySaveRequest(stepId: "step_1", attempt: 1, saveId: "inq_1/step_1/1")
    static let identity = VerifiedIdentity(
        inquiryId: "inq_1", selectedDocumentType: .passport, output: .govId(GovIdOutput()), issuedAt: 1, expiresAt: 2,
        files: [IdentityFile(id: "AT_x", field: .outcomeJwt, format: .other(mediaType: "application/jwt"))])

    /// A store on a government id step being checked, answered PASSED: it starts the save as request 5.
    private func passed(nfc: Bool = false) -> ReducerTester<InquiryReducer> {
        var store = running(stage: Steps.governmentIdProcessing())
        receiveAskingFolio(&store, .status, .read(locale: "en"))
        let passed =
            nfc
            ? Steps.stage("GOVERNMENT_ID_NFC", state: "PASSED", Steps.panel([:]), phase: "PASSED")
            : Steps.governmentIdPassed()
        store.send(
            .folioAnswered(requestID: 4, .step(Steps.update(passed))),
            effects: [.saveIdentity(requestID: 5, saved, Self.save)]
        ) {
            $0.pendingFolio = nil
            $0.pendingRequest = 5
            $0.nextRequestID = 5
            $0.stage = passed
            $0.identitySaves = ["step_1/1"]
            $0.pendingSave = Self.save
        }
        return store
    }

    func testRuleAPassedGovernmentIdAttemptSavesItsIdentityAndTheModelShowsItOnlyOnceSaved() {
        var store = passed()
        XCTAssertNil(checkedModel(of: store.state)["identity"], "not before the save")
        XCTAssertEqual(checkedModel(of: store.state)["loading"], true)
        store.send(.identitySaved(requestID: 5, Self.identity)) {
            $0.loading = false
            $0.pendingRequest = nil
            $0.pendingSave = nil
            $0.identity = Self.identity
        }
        XCTAssertEqual(checkedModel(of: store.state)["identity"], Self.identity.json)
        store.finish()
    }

    func testRuleAPassedChipReadSavesItsIdentityToo() {
        _ = passed(nfc: true)
    }

    func testRuleTheSameAttemptIsSavedOnceWhenFolioShowsItAgain() {
        var store = passed()
        store.send(.identitySaved(requestID: 5, Self.identity)) {
            $0.loading = false
            $0.pendingRequest = nil
            $0.pendingSave = nil
            $0.identity = Self.identity
        }
        receiveAskingFolio6(&store)
        store.send(.folioAnswered(requestID: 6, .step(Steps.update(Steps.governmentIdPassed())))) {
            $0.loading = false
            $0.pendingFolio = nil
            $0.pendingRequest = nil
        }
        store.finish()
    }

    func testRuleOtherPassedStepsSaveNothing() {
        var store = running(stage: Steps.preparing())
        receiveAskingFolio(&store, .status, .read(locale: "en"))
        let selfie = Steps.stage("SELFIE", state: "PASSED", Steps.panel([:]), phase: "PASSED")
        store.send(.folioAnswered(requestID: 4, .step(Steps.update(selfie)))) {
            $0.loading = false
            $0.pendingFolio = nil
            $0.pendingRequest = nil
            $0.stage = selfie
        }
        store.finish()
    }

    func testRuleRecordMappingAndFileTooLargeEndTheInquiryWithTheFailureNoticeAndLaterIntentsAreNoOps() {
        for error: InquiryError in [
            .recordMapping(message: "not a saved identity"), .fileTooLarge(limitBytes: 33_554_432),
        ] {
            var store = passed()
            store.send(.identityNotSaved(requestID: 5, error)) {
                $0.loading = false
                $0.pendingRequest = nil
                $0.pendingSave = nil
                $0.error = error
                $0.failure = .saveFailed(error)
                $0.lifecycle = .failed(error: error)
            }
            XCTAssertNil(checkedModel(of: store.state)["identity"], "nothing saved")
            XCTAssertNil(checkedModel(of: store.state)["failure"]?["retry"])
            for action: InquiryAction in [.status, .act(.retry), .act(.submit), .act(.cancel)] {
                store.receive(action)
            }
            store.finish()
        }
    }

    func testRuleInvalidStateIsABannerAndTheInquiryStaysOpen() {
        var store = passed()
        let error = InquiryError.invalidState(message: "the session holds no vault to save the identity in")
        store.send(.identityNotSaved(requestID: 5, error)) {
            $0.loading = false
            $0.pendingRequest = nil
            $0.pendingSave = nil
            $0.error = error
        }
        let model = checkedModel(of: store.state)
        XCTAssertEqual(model["error"], ["placement": ["type": "BANNER"], "retryable": false])
        XCTAssertEqual(model["lifecycle"]?["type"], "STARTED")
        XCTAssertNil(model["failure"])
        store.finish()
    }

    func testRuleANetworkFailureOfTheSaveIsRetriedWithTheSameSave() {
        var store = passed()
        let error = InquiryError.network(message: "Folio could not be reached")
        store.send(.identityNotSaved(requestID: 5, error)) {
            $0.loading = false
            $0.pendingRequest = nil
            $0.pendingSave = nil
            $0.error = error
            $0.retry = .saveIdentity(Self.save)
        }
        store.receive(.act(.retry), effects: [.saveIdentity(requestID: 6, saved, Self.save)]) {
            $0.loading = true
            $0.error = nil
            $0.retry = nil
            $0.pendingRequest = 6
            $0.nextRequestID = 6
            $0.pendingSave = Self.save
        }
        // The rule is that Retry sends the same save again; how a save ends is tested above.
        store.skip(.saveIdentity(requestID: 6, saved, Self.save))
        store.finish()
    }

    private func receiveAskingFolio6(_ store: inout ReducerTester<InquiryReducer>) {
        store.receive(.status, effects: [.callFolio(requestID: 6, saved, .read(locale: "en"))]) {
            $0.loading = true
            $0.pendingRequest = 6
            $0.pendingFolio = .read(locale: "en")
            $0.nextRequestID = 6
        }
    }
}
