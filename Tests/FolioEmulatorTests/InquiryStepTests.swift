import FolioClient
import FolioEmulator
import FolioModel
import XCTest

final class InquiryStepTests: InquiryTestCase {
    func testTheFirstStepIsAScreenWithNavigationAndErrors() async throws {
        let harness = try await startEmulator()
        let (launch, inquiry) = try await launched(harness)
        let step = try await inquiry.step()
        XCTAssertEqual(step.inquiryId, launch.inquiryId)
        XCTAssertEqual(step.correlationId, launch.correlationId)
        XCTAssertEqual(step.locale, "en")
        XCTAssertEqual(step.languages.map(\.code), ["en", "de"])
        XCTAssertEqual(step.stage["content"]?["type"], "SCREEN")
        XCTAssertEqual(
            step.stage["navigation"],
            [
                "canGoBack": false, "canComplete": false,
                "bar": [
                    "closeLabel": "Close",
                    "cancelDialog": [
                        "title": "Leave the verification?", "prompt": "Your progress will be lost.",
                        "confirmText": "Leave", "dismissText": "Stay",
                    ],
                ],
            ], "no backLabel on the first step")
        XCTAssertEqual(step.stage["errors"], ["transportError": "Something went wrong. Please try again."])
        let name = try XCTUnwrap(field(step, key: "name"))
        XCTAssertEqual(name["required"], true)
        XCTAssertEqual(name["readOnly"], false)
        XCTAssertEqual(name["label"], "Name *")
        XCTAssertNil(name["value"], "no value submitted, prefilled or defaulted")
    }

    func testGermanTextsAndUnknownLocalesFallBackToTheDefault() async throws {
        let harness = try await startEmulator()
        let (_, inquiry) = try await launched(harness, template: "tmpl_full")
        let german = try await inquiry.step(locale: "de")
        XCTAssertEqual(german.locale, "de")
        XCTAssertEqual(text(german, id: "personal_title"), "Persönliche Angaben")
        XCTAssertEqual(field(german, key: "full_name")?["label"], "Vollständiger Name *")
        XCTAssertEqual(german.stage["navigation"]?["bar"]?["closeLabel"], "Schließen")
        let later = try await inquiry.step()
        XCTAssertEqual(later.locale, "de", "the inquiry keeps the last language asked for")
        let unknown = try await inquiry.step(locale: "fr")
        XCTAssertEqual(unknown.locale, "en", "unknown → the template's default")
        XCTAssertEqual(text(unknown, id: "personal_title"), "Personal details")
    }

    func testSubmitMovesOnAndValuesComeBackFromSubmissionsPrefillAndDefaults() async throws {
        let harness = try await startEmulator()
        let (_, inquiry) = try await launched(
            harness, template: "tmpl_full",
            prefill: ["full_name": "Erika Mustermann", "birth_date": "1990-04-12", "phone": "+447700900123"])
        let first = try await inquiry.step()
        XCTAssertEqual(field(first, key: "full_name")?["value"], "Erika Mustermann", "prefill")
        XCTAssertEqual(
            field(first, key: "birth_date")?["value"], "12.04.1990", "an ISO date shown in its mask's format")

        let second = try await inquiry.submit(
            stepId: "personal", fields: ["full_name": "Jane Doe", "birth_date": "1991-05-06"], idempotencyKey: key())
        XCTAssertEqual(second.stepId, "contact")
        XCTAssertEqual(second.stage["navigation"]?["canGoBack"], true)
        XCTAssertEqual(second.stage["navigation"]?["bar"]?["backLabel"], "Back")
        let phone = try XCTUnwrap(field(second, key: "phone"))
        XCTAssertEqual(phone["input"]?["country"]?["selected"]?["country"], "GB")
        XCTAssertEqual(phone["input"]?["national"]?["text"], "7700900123")
        XCTAssertEqual(phone["input"]?["national"]?["field"], "phone_national")

        let back = try await inquiry.back(stepId: "contact", idempotencyKey: key())
        XCTAssertEqual(back.stepId, "personal")
        XCTAssertEqual(field(back, key: "full_name")?["value"], "Jane Doe", "the last submitted value wins")
        XCTAssertEqual(field(back, key: "birth_date")?["value"], "06.05.1991")
    }

    func testPhoneDefaultIsTheTemplatesInput() async throws {
        let harness = try await startEmulator()
        let (_, inquiry) = try await launched(harness, template: "tmpl_full")
        let contact = try await inquiry.submit(stepId: "personal", fields: ["full_name": "A"], idempotencyKey: key())
        let phone = try XCTUnwrap(field(contact, key: "phone"))
        XCTAssertEqual(phone["input"]?["country"]?["selected"]?["dialCode"], "+49")
        XCTAssertEqual(phone["input"]?["national"]?["text"], "")
        XCTAssertNil(phone["value"], "a PHONE field has input, not value")
    }

    func testValidationErrors() async throws {
        let harness = try await startEmulator()
        let (_, inquiry) = try await launched(harness, template: "tmpl_full")
        let missing = await inquiryError { () async throws(FolioInquiryError) in
            try await inquiry.submit(stepId: "personal", fields: ["full_name": ""], idempotencyKey: self.key())
        }
        guard case .fieldValidation(_, let fields) = missing else { return XCTFail("\(String(describing: missing))") }
        XCTAssertEqual(fields, ["full_name": "This field is required."])

        let wrongType = await inquiryError { () async throws(FolioInquiryError) in
            try await inquiry.submit(stepId: "personal", fields: ["full_name": 42], idempotencyKey: self.key())
        }
        guard case .schemaValidation(let message) = wrongType else {
            return XCTFail("\(String(describing: wrongType))")
        }
        XCTAssertTrue(message.contains("full_name"), message)

        let rejected = await inquiryError { () async throws(FolioInquiryError) in
            try await inquiry.submit(
                stepId: "personal", fields: ["full_name": "A", "reject_me": "x"], idempotencyKey: self.key())
        }
        XCTAssertEqual(
            rejected,
            .fieldValidation(message: "reject_me: rejected by Folio", fields: ["reject_me": "rejected by Folio"]))

        let outdated = await inquiryError { () async throws(FolioInquiryError) in
            try await inquiry.submit(stepId: "contact", fields: [:], idempotencyKey: self.key())
        }
        XCTAssertEqual(outdated, .stepOutdated)

        _ = try await inquiry.submit(stepId: "personal", fields: ["full_name": "A"], idempotencyKey: key())
        _ = try await inquiry.submit(stepId: "contact", fields: ["household_size": 3], idempotencyKey: key())
        let choices: [(String, JSONValue, String)] = [
            ("terms", "yes", "a string for CHECKBOX"), ("interests", "savings", "a non-array for MULTI_SELECT"),
            ("consents", [1], "numbers in a CHECKBOX_GROUP"),
        ]
        for (key, value, name) in choices {
            let error = await inquiryError { () async throws(FolioInquiryError) in
                var fields: JSONObject = ["terms": true]
                fields[key] = value
                return try await inquiry.submit(stepId: "choices", fields: fields, idempotencyKey: self.key())
            }
            guard case .schemaValidation = error else { return XCTFail("\(name): \(String(describing: error))") }
        }
        let unchecked = await inquiryError { () async throws(FolioInquiryError) in
            try await inquiry.submit(
                stepId: "choices", fields: ["terms": false, "document_type": "spaceship"], idempotencyKey: self.key())
        }
        XCTAssertEqual(
            unchecked,
            .fieldValidation(
                message: "document_type: Choose one of the options.; terms: This field is required.",
                fields: ["terms": "This field is required.", "document_type": "Choose one of the options."]))
        let stored = try await harness.admin.inquiry(id: inquiry.inquiryId)
        XCTAssertEqual(
            stored.submissions.map(\.stepId), ["personal", "contact"], "refused submissions are not recorded")
        XCTAssertEqual(stored.stepId, "choices")
    }

    func testGermanValidationMessages() async throws {
        let harness = try await startEmulator()
        let (_, inquiry) = try await launched(harness)
        let error = await inquiryError { () async throws(FolioInquiryError) in
            try await inquiry.submit(stepId: "name", fields: [:], locale: "de", idempotencyKey: self.key())
        }
        guard case .fieldValidation(_, let fields) = error else { return XCTFail("\(String(describing: error))") }
        XCTAssertEqual(fields, ["name": "Dieses Feld ist erforderlich."])
    }

    func testARepeatedSubmitIsRecordedOnce() async throws {
        let harness = try await startEmulator()
        let (_, inquiry) = try await launched(harness)
        let first = try await inquiry.submit(stepId: "name", fields: ["name": "Ada"], idempotencyKey: "submit-1")
        let replay = try await inquiry.submit(stepId: "name", fields: ["name": "Ada"], idempotencyKey: "submit-1")
        XCTAssertEqual(replay, first)
        XCTAssertEqual(replay.stepId, "review", "not moved a second time")
        let stored = try await harness.admin.inquiry(id: inquiry.inquiryId)
        XCTAssertEqual(stored.submissions.count, 1)
        XCTAssertEqual(stored.submissions.first?.fields, ["name": "Ada"])
        XCTAssertEqual(stored.submissions.first?.deviceId, "dev_phone")
        XCTAssertEqual(stored.stepIndex, 1)
    }

    func testSubmitOnTheLastStepStaysThereAndCompleteEndsIt() async throws {
        let harness = try await startEmulator()
        let (_, inquiry) = try await launched(harness)
        let tooEarly = await inquiryError { () async throws(FolioInquiryError) in
            try await inquiry.complete(idempotencyKey: self.key())
        }
        XCTAssertEqual(tooEarly, .cannotComplete)
        let cannotGoBack = await inquiryError { () async throws(FolioInquiryError) in
            try await inquiry.back(stepId: "name", idempotencyKey: self.key())
        }
        XCTAssertEqual(cannotGoBack, .cannotGoBack)

        let review = try await inquiry.submit(stepId: "name", fields: ["name": "Ada"], idempotencyKey: key())
        XCTAssertEqual(review.stage["navigation"]?["canComplete"], true)
        let again = try await inquiry.submit(stepId: "review", fields: [:], idempotencyKey: key())
        XCTAssertEqual(again.stepId, "review")
        let done = try await inquiry.complete(idempotencyKey: key())
        XCTAssertEqual(done.status, .completed)
        XCTAssertEqual(done.stage["content"], ["type": "TERMINAL", "value": ["outcome": "COMPLETED"]], "no redirect")
        let result = try await inquiry.result()
        XCTAssertEqual(result.status, .completed)
        XCTAssertEqual(result.outcome, .completed)
        let now = try await harness.admin.now()
        XCTAssertEqual(result.finishedAt, now)

        let finished = await inquiryError { () async throws(FolioInquiryError) in
            try await inquiry.submit(stepId: "review", fields: [:], idempotencyKey: self.key())
        }
        XCTAssertEqual(finished, .finished)
        let read = try await inquiry.step()
        XCTAssertEqual(read.stage["content"]?["type"], "TERMINAL", "a GET still answers the terminal stage")
    }

    func testTheFullTemplateCompletesWithItsRedirect() async throws {
        let harness = try await startEmulator()
        let (_, inquiry) = try await launched(harness, template: "tmpl_full")
        _ = try await inquiry.submit(stepId: "personal", fields: ["full_name": "A"], idempotencyKey: key())
        _ = try await inquiry.submit(stepId: "contact", fields: [:], idempotencyKey: key())
        _ = try await inquiry.submit(stepId: "choices", fields: ["terms": true], idempotencyKey: key())
        let done = try await inquiry.complete(idempotencyKey: key())
        XCTAssertEqual(
            done.stage["content"]?["value"],
            [
                "outcome": "COMPLETED",
                "redirect": ["type": "UNIVERSAL", "value": ["url": "https://app.example.com/done"]],
            ])
    }

    func testCancelEndsTheInquiry() async throws {
        let harness = try await startEmulator()
        let (_, inquiry) = try await launched(harness)
        let canceled = try await inquiry.cancel(idempotencyKey: key())
        XCTAssertEqual(canceled.status, .canceled)
        XCTAssertEqual(canceled.stage["content"], ["type": "TERMINAL", "value": ["outcome": "CANCELED"]])
        let result = try await inquiry.result()
        XCTAssertEqual(result.outcome, .canceled)
        let again = await inquiryError { () async throws(FolioInquiryError) in
            try await inquiry.cancel(idempotencyKey: self.key())
        }
        XCTAssertEqual(again, .finished)
    }

    func testTokenRules() async throws {
        let harness = try await startEmulator()
        let (launch, inquiry) = try await launched(harness, tokenTtlSeconds: 120)
        let (otherLaunch, _) = try await launched(harness)
        let cases: [(String, FolioInquiryClient)] = [
            ("no token", harness.client.inquiry(id: launch.inquiryId, token: "", deviceId: "dev_phone")),
            ("unknown token", harness.client.inquiry(id: launch.inquiryId, token: "itk_nope", deviceId: "dev_phone")),
            (
                "another inquiry's token",
                harness.client.inquiry(id: launch.inquiryId, token: otherLaunch.inquiryToken, deviceId: "dev_phone")
            ),
            (
                "another device",
                harness.client.inquiry(id: launch.inquiryId, token: launch.inquiryToken, deviceId: "dev_x")
            ),
        ]
        for (name, client) in cases {
            let error = await inquiryError { () async throws(FolioInquiryError) in try await client.step() }
            XCTAssertEqual(error, .tokenInvalid, name)
        }
        let unknown = await inquiryError { () async throws(FolioInquiryError) in
            try await harness.client.inquiry(id: "inq_nope", token: launch.inquiryToken, deviceId: "dev_phone").step()
        }
        XCTAssertEqual(unknown, .inquiryNotFound)

        try await harness.admin.advanceClock(seconds: 121)
        let expired = await inquiryError { () async throws(FolioInquiryError) in try await inquiry.step() }
        XCTAssertEqual(expired, .tokenExpired)
        let submit = await inquiryError { () async throws(FolioInquiryError) in
            try await inquiry.submit(stepId: "name", fields: ["name": "A"], idempotencyKey: self.key())
        }
        XCTAssertEqual(submit, .tokenExpired)
    }

    func testAnInquiryExpiresWithTimeOrByTheAdmin() async throws {
        let harness = try await startEmulator()
        let created = try await harness.client.createInquiry(
            FolioInquiryCreate(
                organizationId: Self.organization, templateId: "tmpl_simple", expiresInSeconds: 60,
                tokenTtlSeconds: 3_600),
            idempotencyKey: key())
        let launch = try await harness.client.launchInquiry(
            launchCode: created.launchCode, organizationId: Self.organization, deviceId: "dev_a", idempotencyKey: key())
        let inquiry = harness.client.inquiry(id: launch.inquiryId, token: launch.inquiryToken, deviceId: "dev_a")
        try await harness.admin.advanceClock(seconds: 60)
        let expired = await inquiryError { () async throws(FolioInquiryError) in try await inquiry.step() }
        XCTAssertEqual(expired, .expired)
        let stored = try await harness.admin.inquiry(id: launch.inquiryId)
        XCTAssertEqual(stored.status, "EXPIRED")

        let (_, other) = try await launched(harness)
        let expiredByAdmin = try await harness.admin.expireInquiry(id: other.inquiryId)
        XCTAssertEqual(expiredByAdmin.status, "EXPIRED")
        let error = await inquiryError { () async throws(FolioInquiryError) in
            try await other.submit(stepId: "name", fields: ["name": "A"], idempotencyKey: self.key())
        }
        XCTAssertEqual(error, .expired)
        let result = await inquiryError { () async throws(FolioInquiryError) in try await other.result() }
        XCTAssertEqual(result, .expired)
    }
}
