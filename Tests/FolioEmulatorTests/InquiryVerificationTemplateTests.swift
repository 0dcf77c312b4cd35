import FolioClient
import FolioEmulator
import FolioModel
import XCTest

final class InquiryVerificationTemplateTests: InquiryVerificationTestCase {
    func testEveryVerificationFixtureRendersItsFirstStepInEnglishAndGermanWithoutTranslationObjects() async throws {
        let harness = try await startEmulator()
        let kinds = [
            "tmpl_govid": "GOVERNMENT_ID", "tmpl_govid_upload": "GOVERNMENT_ID", "tmpl_nfc": "GOVERNMENT_ID_NFC",
            "tmpl_selfie_liveness": "SELFIE", "tmpl_selfie_photo": "SELFIE", "tmpl_email": "EMAIL_OTP",
            "tmpl_phone": "PHONE_OTP", "tmpl_kyc": "GOVERNMENT_ID",
        ]
        for (template, kind) in kinds.sorted(by: { $0.key < $1.key }) {
            let (_, inquiry) = try await launched(harness, template: template)
            let english = try await inquiry.step(locale: "en")
            let german = try await inquiry.step(locale: "de")
            for step in [english, german] {
                XCTAssertEqual(step.verification?["type"], .string(kind), template)
                let text = String(decoding: step.stage.serialized(), as: UTF8.self)
                XCTAssertFalse(text.contains("$t"), "\(template) \(step.locale): \(text)")
            }
            let title = { (step: FolioInquiryStep) in
                self.state(step)?["value"]?["title"] ?? self.state(step)?["value"]?["processing"]?["title"]
            }
            XCTAssertNotNil(title(english), template)
            XCTAssertNotEqual(title(english), title(german), "\(template): the German title is German")
            XCTAssertEqual(german.locale, "de")
        }
    }

    func testTheKycTemplateGoesFromTheDocumentChoiceThroughSelfieAndBothCodesToCompleted() async throws {
        let harness = try await startEmulator()
        let (_, inquiry) = try await launched(harness, template: "tmpl_kyc", device: "dev_phone")
        let choice = try await inquiry.step()
        XCTAssertEqual(stateType(choice), "SELECT_DOCUMENT")
        XCTAssertEqual(
            state(choice)?["value"]?["options"]?.arrayValue?.compactMap { $0["value"]?.stringValue },
            ["NATIONAL_IDENTITY_CARD", "PASSPORT", "DRIVING_LICENSE", "RESIDENCE_PERMIT"])
        _ = try await submit(inquiry, "government_id", ["document_type": "NATIONAL_IDENTITY_CARD"])
        _ = try await capture(inquiry, stepId: "government_id", field: "document_front")
        _ = try await submit(inquiry, "government_id")
        _ = try await capture(inquiry, stepId: "government_id", field: "document_back")
        _ = try await submit(inquiry, "government_id")
        let passed = try await inquiry.step()
        XCTAssertEqual(stateType(passed), "PASSED")

        let preparing = try await submit(inquiry, "government_id")
        XCTAssertEqual(preparing.stepId, "selfie")
        XCTAssertEqual(stateType(preparing), "PREPARING")
        XCTAssertEqual(preparing.stage["navigation"]?["canGoBack"], true)
        let liveness = try await inquiry.step()
        let capture = try XCTUnwrap(state(liveness)?["value"]?["capture"])
        let session = try XCTUnwrap(capture["captureSessionId"]?.stringValue)
        let proxy = try await harness.raw("POST", "/v1/selfie-proxy/sessions/\(session)/transactions")
        let transaction = try XCTUnwrap(proxy.json["transactionId"]?.stringValue)
        _ = try await submit(
            inquiry, "selfie", ["captureSessionId": .string(session), "transactionId": .string(transaction)])
        _ = try await inquiry.step()

        let email = try await submit(inquiry, "selfie")
        XCTAssertEqual(email.stepId, "email")
        XCTAssertEqual(stateType(email), "VERIFY")
        _ = try await submit(inquiry, "email", ["email": "erika@example.com"])
        let emailCode = try await harness.admin.lastCode(to: "erika@example.com")
        _ = try await submit(inquiry, "email", ["email_code": .string(emailCode)])

        let phone = try await submit(inquiry, "email")
        XCTAssertEqual(phone.stepId, "phone")
        XCTAssertEqual(stateType(phone), "VERIFY")
        _ = try await submit(inquiry, "phone", ["phone": "+4915112345678"])
        let smsCode = try await harness.admin.lastCode(to: "+4915112345678")
        _ = try await submit(inquiry, "phone", ["phone_code": .string(smsCode)])

        let done = try await submit(inquiry, "phone")
        XCTAssertEqual(done.stepId, "done")
        XCTAssertEqual(done.stage["content"]?["type"], "SCREEN")
        XCTAssertEqual(done.stage["navigation"]?["canComplete"], true)
        let completed = try await inquiry.complete(idempotencyKey: key())
        XCTAssertEqual(completed.status, .completed)
        XCTAssertEqual(
            completed.stage["content"]?["value"]?["redirect"]?["value"]?["url"], "https://app.example.com/verified")

        let stored = try await harness.admin.inquiry(id: inquiry.inquiryId)
        XCTAssertEqual(stored.verifications.keys.sorted(), ["email", "government_id", "phone", "selfie"])
        XCTAssertTrue(stored.verifications.values.allSatisfy { $0.state == "PASSED" })
        let outcome = try await inquiry.verificationOutcome(stepId: "government_id")
        XCTAssertEqual(outcome.artifacts.map(\.field), ["document.front", "document.back"])
    }

    func testBackFromAVerificationStepsFirstStateGoesToThePreviousStepWhichKeepsItsProgress() async throws {
        let harness = try await startEmulator()
        let (_, inquiry) = try await launched(harness, template: "tmpl_kyc")
        _ = try await submit(inquiry, "government_id", ["document_type": "PASSPORT"])
        _ = try await capture(inquiry, stepId: "government_id", field: "document_front")
        _ = try await submit(inquiry, "government_id")
        _ = try await inquiry.step()
        _ = try await submit(inquiry, "government_id")
        let liveness = try await inquiry.step()
        XCTAssertEqual(stateType(liveness), "LIVENESS")
        let previous = try await inquiry.back(stepId: "selfie", idempotencyKey: key())
        XCTAssertEqual(previous.stepId, "government_id")
        XCTAssertEqual(stateType(previous), "PASSED", "a passed step stays passed")
        let again = try await submit(inquiry, "government_id")
        XCTAssertEqual(stateType(again), "LIVENESS", "the selfie keeps its capture")
    }

    func testVerificationKnobsAreCheckedWhenTheInquiryIsCreated() async throws {
        let harness = try await startEmulator()
        let cases: [(String, String)] = [
            ("an unknown testing member", #"{"verificationKnobs": {}}"#),
            ("a step that is not a verification step", #"{"verification": {"done": {}}}"#),
            ("an unknown step", #"{"verification": {"nope": {}}}"#),
            ("an unknown knob", #"{"verification": {"government_id": {"outcome": "PASS"}}}"#),
            ("an unknown outcome", #"{"verification": {"government_id": {"outcomes": ["MAYBE"]}}}"#),
            ("negative processing reads", #"{"verification": {"government_id": {"processingReads": -1}}}"#),
            ("a string flag", #"{"verification": {"government_id": {"deliveryFails": "yes"}}}"#),
            ("an unknown mismatch", #"{"verification": {"government_id": {"captureMismatch": "URL"}}}"#),
            ("an unknown output field", #"{"verification": {"government_id": {"output": {"givenName": "X"}}}}"#),
            (
                "a birthdate that is no date",
                #"{"verification": {"government_id": {"output": {"birthdate": "12.08.1983"}}}}"#
            ),
        ]
        for (index, (name, testing)) in cases.enumerated() {
            let answer = try await harness.raw(
                "POST", "/v1/operator/inquiries",
                headers: harness.apiAuth.merging([
                    "Idempotency-Key": "knob-\(index)", "Content-Type": "application/json",
                ]) {
                    a, _ in a
                },
                body: #"{"organizationId": "org-demo", "templateId": "tmpl_govid", "testing": \#(testing)}"#)
            XCTAssertEqual(answer.status, 400, name)
            XCTAssertEqual(answer.json["error"]?["code"], "INVALID_REQUEST", name)
        }
    }

    func testMalformedVerificationStepsFailTheStartNamingTheFile() async throws {
        let template = { (verification: String) in
            """
            {"inquiryTemplates": [{"id": "tmpl_x", "defaultLocale": "en",
              "languages": [{"code": "en", "name": "English", "nativeName": "English"}],
              "steps": [{"id": "v", "verification": \(verification)}]}]}
            """
        }
        let outcomes = """
            "PROCESSING": {"title": "T", "description": "D"}, "PASSED": {"title": "T", "description": "D", "submit": "S"},
            "FAILED": {"title": "T", "description": "D", "submit": "S", "retry": "R"},
            "ERROR": {"title": "T", "description": "D", "submit": "S", "retry": "R"}
            """
        let email = """
            "otp": {"contactField": "email", "codeField": "code"}
            """
        let emailStates = """
            "VERIFY": {"title": "T", "description": "D", "submit": "S", "label": "L"},
            "CONFIRM": {"title": "T", "description": "D", "submit": "S", "back": "B"}, \(outcomes)
            """
        let cases: [(String, String)] = [
            ("an unknown kind", template(#"{"kind": "FINGERPRINT", "states": {}}"#)),
            (
                "an unknown member",
                template(#"{"kind": "EMAIL_OTP", \#(email), "states": {\#(emailStates)}, "color": 1}"#)
            ),
            ("a missing state", template(#"{"kind": "EMAIL_OTP", \#(email), "states": {\#(outcomes)}}"#)),
            (
                "a state of another kind",
                template(#"{"kind": "EMAIL_OTP", \#(email), "states": {\#(emailStates), "PREPARING": {"title": "T"}}}"#)
            ),
            (
                "a state text member that does not exist",
                template(
                    #"{"kind": "EMAIL_OTP", \#(email), "states": {\#(emailStates), "BOUND": {"title": "T", "colour": "x"}}}"#
                )
            ),
            (
                "code groups of unequal size",
                template(
                    #"{"kind": "EMAIL_OTP", "otp": {"contactField": "e", "codeField": "c", "codeLength": 6, "groups": 4}, "states": {\#(emailStates)}}"#
                )
            ),
            (
                "a $t without the default locale",
                template(
                    #"{"kind": "EMAIL_OTP", \#(email), "states": {\#(emailStates), "EXPIRED": {"title": {"$t": {"de": "Abgelaufen"}}, "description": "D"}}}"#
                )
            ),
            (
                "settings of another kind",
                template(
                    #"{"kind": "EMAIL_OTP", \#(email), "selfie": {"mode": "PHOTO"}, "states": {\#(emailStates)}}"#)
            ),
            (
                "an unknown chip file",
                template(
                    #"{"kind": "GOVERNMENT_ID_NFC", "nfc": {"documentType": "PASSPORT", "chipField": "c", "chipFiles": ["DG1", "DG17"]}, "states": {"SCAN": {"title": "T", "description": "D", "submit": "S"}, \#(outcomes)}}"#
                )
            ),
            (
                "a document with a side the step lacks",
                template(
                    #"{"kind": "GOVERNMENT_ID", "governmentId": {"selectionField": "t", "sides": [{"side": "FRONT", "captureField": "f", "captureMode": "CAMERA"}], "documents": [{"type": "PASSPORT", "label": "P", "sides": ["BACK"]}]}, "states": {}}"#
                )
            ),
            (
                "a selfie PHOTO without captureField",
                template(
                    #"{"kind": "SELFIE", "selfie": {"mode": "PHOTO"}, "states": {"PREPARING": {"title": "T", "description": "D"}, "PHOTO": {"title": "T", "description": "D"}, \#(outcomes)}}"#
                )
            ),
            (
                "a phone step whose default country is no option",
                template(
                    #"{"kind": "PHONE_OTP", "otp": {"contactField": "p", "codeField": "c", "countryField": "pc", "nationalField": "pn", "defaultCountry": "FR", "countryOptions": [{"country": "DE", "name": "Germany", "dialCode": "+49", "label": "DE"}]}, "states": {\#(emailStates)}}"#
                )
            ),
        ]
        for (name, contents) in cases {
            let folder = try TemporaryFixtures([
                "organizations.json": TemporaryFixtures.organizations, "inquiry/bad.json": contents,
            ])
            do {
                _ = try await startEmulator { $0.fixturesPath = folder.path }
                XCTFail("\(name): the emulator started")
            } catch let error as EmulatorError {
                XCTAssertEqual(error, .invalidFixture, name)
                XCTAssertEqual(error.file, "inquiry/bad.json", name)
            }
        }
        let valid = try TemporaryFixtures([
            "organizations.json": TemporaryFixtures.organizations,
            "inquiry/good.json": template(#"{"kind": "EMAIL_OTP", \#(email), "states": {\#(emailStates)}}"#),
        ])
        _ = try await startEmulator { $0.fixturesPath = valid.path }
    }
}
