import FolioModel
import StoreKitTesting
import XCTest

@testable import InquiryService

/// EMAIL_OTP and PHONE_OTP steps (spec "Verification steps", "Errors in the model").
final class InquiryReducerCodeStepTests: InquiryReducerTestCase {
    typealias Steps = VerificationFixtures

    private func shownState(_ state: InquiryReducer.State) -> JSONValue? {
        checkedModel(of: state)["inquiry"]?["stage"]?["content"]?["value"]?["value"]?["state"]?["value"]
    }

    func testRuleEmailVerifyTakesTheAddressAsAnEditUnderContactFieldShowsItAndSubmitsIt() {
        var store = running(stage: Steps.emailVerify())
        store.receive(.act(.edit(key: "email", value: .text(text: "ada@example.com")))) {
            $0.kept["email"] = .text("ada@example.com")
        }
        XCTAssertEqual(shownState(store.state)?["value"], "ada@example.com")
        let sent = receiveAskingFolio(
            &store, .act(.submit), .submit(stepId: "step_1", fields: ["email": "ada@example.com"], locale: "en"))
        // The rule is what goes to Folio; Folio's answers are tested on their own.
        store.skip(sent)
        store.finish()
    }

    func testRulePhoneVerifyStartsOnFoliosCountryFormatsTheNumberAndSubmitsItInE164UnderContactField() {
        var store = running(stage: Steps.phoneVerify())
        XCTAssertEqual(shownState(store.state)?["input"]?["country"]?["selected"]?["country"], "DE")
        store.receive(.act(.edit(key: "phone_national", value: .text(text: "015112345678")))) {
            $0.kept["phone"] = .phone(country: "DE", national: "01511 2345678")
        }
        XCTAssertEqual(shownState(store.state)?["input"]?["national"]?["text"], "01511 2345678")
        let sent = receiveAskingFolio(
            &store, .act(.submit), .submit(stepId: "step_1", fields: ["phone": "+4915112345678"], locale: "en"))
        // The rule is what goes to Folio; Folio's answers are tested on their own.
        store.skip(sent)
        store.finish()
    }

    func testRulePhoneVerifyTakesACountryOfItsOptionsOnly() {
        var store = running(stage: Steps.phoneVerify())
        store.receive(.act(.edit(key: "phone_country", value: .selection(value: "FR")))) {
            $0.error = .platform(message: "FR is not a country option of phone")
        }
        store.finish()
    }

    func testRuleBoundHasNoFieldItsSubmitAsksFolioForTheCode() {
        var store = running(stage: Steps.bound())
        store.receive(.act(.edit(key: "email", value: .text(text: "x@example.com")))) {
            $0.error = .platform(message: "no field email on this step")
        }
        let request = FolioInquiryRequest.submit(stepId: "step_1", fields: [:], locale: "en")
        store.receive(.act(.submit), effects: [.callFolio(requestID: 4, saved, request)]) {
            $0.loading = true
            $0.error = nil
            $0.pendingRequest = 4
            $0.pendingFolio = request
            $0.nextRequestID = 4
        }
        // The rule is what goes to Folio; Folio's answers are tested on their own.
        store.skip(.callFolio(requestID: 4, saved, request))
        store.finish()
    }

    func testRuleConfirmKeepsTheTypedDigitsUpToTheLengthAndShowsThemInGroups() {
        var store = running(stage: Steps.confirm())
        store.receive(.act(.edit(key: "code", value: .text(text: "12a3 4-5678")))) { $0.kept["code"] = .text("123456") }
        XCTAssertEqual(
            shownState(store.state)?["code"],
            ["length": 6, "groups": 2, "value": "123456", "formatted": "123 456"])
        let sent = receiveAskingFolio(
            &store, .act(.submit), .submit(stepId: "step_1", fields: ["code": "123456"], locale: "en"))
        // The rule is what goes to Folio; Folio's answers are tested on their own.
        store.skip(sent)
        store.finish()
    }

    func testRuleFormattedSplitsUnevenLengthsWithTheFirstGroupsLonger() {
        XCTAssertEqual(OtpCodeView.grouped("1234567", length: 7, groups: 3), "123 45 67")
        XCTAssertEqual(OtpCodeView.grouped("12", length: 6, groups: 2), "12")
        XCTAssertEqual(OtpCodeView.grouped("1234", length: 6, groups: 2), "123 4")
    }

    /// Folio's code error in answer to a Submit on `stage`, as the model shows it.
    private func errorView(on stage: InquiryStage, _ error: InquiryError) -> JSONValue? {
        var store = running(stage: stage)
        receiveAskingFolio(&store, .act(.submit), .submit(stepId: "step_1", fields: submitted(stage), locale: "en"))
        store.send(.folioFailed(requestID: 4, error)) {
            $0.loading = false
            $0.pendingFolio = nil
            $0.pendingRequest = nil
            $0.error = error
        }
        return checkedModel(of: store.state)["error"]
    }

    private func submitted(_ stage: InquiryStage) -> JSONObject {
        guard case .verification(let view) = stage.content else { return [:] }
        return (try? VerificationSubmission.fields(of: view, kept: [:])) ?? [:]
    }

    func testRuleEveryFixableCodeErrorIsPlacedAtContactFieldInVerifyWithFoliosMessage() {
        let errors: [InquiryError] = [
            .invalidTarget(message: "m"), .missingTarget(message: "m"), .deliveryFailed(message: "m"),
            .attemptsExhausted(message: "m"), .invalidCode(message: "m"), .expiredCode(message: "m"),
            .confirmExhausted(message: "m"),
        ]
        for error in errors {
            XCTAssertEqual(
                errorView(on: Steps.emailVerify(), error),
                ["placement": ["type": "FIELD", "value": ["fieldId": "email"]], "text": "m", "retryable": false],
                "\(error)")
        }
    }

    func testRuleACodeErrorInConfirmIsPlacedAtCodeField() {
        XCTAssertEqual(
            errorView(on: Steps.confirm(kind: "PHONE_OTP"), .invalidCode(message: "Wrong code")),
            ["placement": ["type": "FIELD", "value": ["fieldId": "code"]], "text": "Wrong code", "retryable": false])
    }

    func testRuleACodeErrorInBoundIsABannerWithFoliosMessage() {
        XCTAssertEqual(
            errorView(on: Steps.bound(), .deliveryFailed(message: "Could not send")),
            ["placement": ["type": "BANNER"], "text": "Could not send", "retryable": false])
    }

    func testRuleEditingTheCodeFieldClearsTheCodeErrorPlacedThere() {
        var state = runningState(stage: Steps.confirm())
        state.error = .invalidCode(message: "Wrong code")
        var store = ReducerTester(InquiryReducer(), state: state)
        store.receive(.act(.edit(key: "code", value: .text(text: "1")))) {
            $0.error = nil
            $0.kept["code"] = .text("1")
        }
        store.finish()
    }
}
