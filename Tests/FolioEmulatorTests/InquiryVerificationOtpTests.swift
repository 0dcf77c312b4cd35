import FolioClient
import FolioEmulator
import FolioModel
import XCTest

final class InquiryVerificationOtpTests: InquiryVerificationTestCase {
    func testEmailVerifySendsACodeToTheMailboxAndTheRightCodePassesAndMovesOn() async throws {
        let harness = try await startEmulator()
        let (_, inquiry) = try await launched(harness, template: "tmpl_email")
        let verify = try await inquiry.step()
        XCTAssertEqual(verify.verification?["type"], "EMAIL_OTP")
        XCTAssertEqual(attempt(verify), ["phase": "CREATED", "used": 1, "max": 2, "canRetry": false])
        XCTAssertEqual(
            state(verify),
            [
                "type": "VERIFY",
                "value": [
                    "title": "Your email address", "description": "We send you a code by email.",
                    "buttons": [
                        [
                            "id": "email_submit", "label": "Send code", "style": "PRIMARY",
                            "intent": ["type": "SUBMIT"],
                            "enabled": true,
                        ]
                    ],
                    "contactField": "email", "label": "Email *", "placeholder": "name@example.com",
                ],
            ])

        let confirm = try await submit(inquiry, "email", ["email": "erika@example.com"])
        XCTAssertEqual(
            state(confirm),
            [
                "type": "CONFIRM",
                "value": [
                    "title": "Enter the code", "description": "We sent a code to erika@example.com.",
                    "buttons": [
                        [
                            "id": "email_submit", "label": "Confirm", "style": "PRIMARY", "intent": ["type": "SUBMIT"],
                            "enabled": true,
                        ],
                        [
                            "id": "email_back", "label": "Send a new code", "style": "SECONDARY",
                            "intent": ["type": "BACK"], "enabled": true,
                        ],
                    ],
                    "codeField": "email_code", "code": ["length": 6, "groups": 2, "value": "", "formatted": ""],
                    "confirmLimit": 3, "codeTtl": 300,
                ],
            ])
        let messages = try await harness.admin.mailbox(to: "erika@example.com")
        XCTAssertEqual(messages.count, 1)
        let message = try XCTUnwrap(messages.first)
        XCTAssertEqual(message.channel, "EMAIL")
        XCTAssertEqual(message.inquiryId, inquiry.inquiryId)
        XCTAssertEqual(message.stepId, "email")
        XCTAssertNil(message.ceremonyId)
        XCTAssertEqual(message.code.count, 6)
        XCTAssertTrue(message.code.allSatisfy(\.isNumber))

        let passed = try await submit(inquiry, "email", ["email_code": .string(message.code)])
        XCTAssertEqual(stateType(passed), "PASSED", "a code step passes without PROCESSING")
        XCTAssertEqual(attempt(passed)?["phase"], "PASSED")
        let next = try await submit(inquiry, "email")
        XCTAssertEqual(next.stepId, "done")
        let stored = try await harness.admin.inquiryVerification(inquiryId: inquiry.inquiryId, stepId: "email")
        XCTAssertEqual(stored.target, "erika@example.com")
        XCTAssertEqual(stored.sends, 1)
    }

    func testWrongCodesAreInvalidUntilTheConfirmLimitExhaustsTheCodeAndANewCodeWorks() async throws {
        let harness = try await startEmulator()
        let (_, inquiry) = try await launched(harness, template: "tmpl_email")
        _ = try await submit(inquiry, "email", ["email": "erika@example.com"])
        let first = try await harness.admin.lastCode(to: "erika@example.com")
        let wrong = first == "000000" ? "111111" : "000000"
        for round in 1...3 {
            let error = await inquiryError { () async throws(FolioInquiryError) in
                try await inquiry.submit(
                    stepId: "email", fields: ["email_code": .string(wrong)], idempotencyKey: self.key())
            }
            XCTAssertEqual(error, .invalidCode(message: "This code is not correct."), "wrong code \(round)")
        }
        let stored = try await harness.admin.inquiryVerification(inquiryId: inquiry.inquiryId, stepId: "email")
        XCTAssertEqual(stored.wrongCodes, 3, "refused codes are counted")
        let exhausted = await inquiryError { () async throws(FolioInquiryError) in
            try await inquiry.submit(
                stepId: "email", fields: ["email_code": .string(first)], idempotencyKey: self.key())
        }
        XCTAssertEqual(
            exhausted, .confirmExhausted(message: "Too many wrong codes. Request a new one."),
            "even the right code after confirmLimit wrong ones")

        let verify = try await inquiry.back(stepId: "email", idempotencyKey: key())
        XCTAssertEqual(stateType(verify), "VERIFY", "BACK on CONFIRM returns to VERIFY")
        XCTAssertEqual(state(verify)?["value"]?["value"], "erika@example.com", "the last address is shown")
        _ = try await submit(inquiry, "email", ["email": "erika@example.com"])
        let second = try await harness.admin.lastCode(to: "erika@example.com")
        let passed = try await submit(inquiry, "email", ["email_code": .string(second)])
        XCTAssertEqual(stateType(passed), "PASSED")
    }

    func testACodeTypedWithSpacesCounts() async throws {
        let harness = try await startEmulator()
        let (_, inquiry) = try await launched(harness, template: "tmpl_email")
        _ = try await submit(inquiry, "email", ["email": "erika@example.com"])
        let code = try await harness.admin.lastCode(to: "erika@example.com")
        let spaced = String(code.prefix(3)) + " " + String(code.dropFirst(3))
        let passed = try await submit(inquiry, "email", ["email_code": .string(spaced)])
        XCTAssertEqual(stateType(passed), "PASSED")
    }

    func testACodeExpiresAfterCodeTtlSecondsOfTheEmulatorClock() async throws {
        let harness = try await startEmulator()
        let (_, inquiry) = try await launched(harness, template: "tmpl_email")
        _ = try await submit(inquiry, "email", ["email": "erika@example.com"])
        let code = try await harness.admin.lastCode(to: "erika@example.com")
        try await harness.admin.advanceClock(seconds: 300)
        let error = await inquiryError { () async throws(FolioInquiryError) in
            try await inquiry.submit(stepId: "email", fields: ["email_code": .string(code)], idempotencyKey: self.key())
        }
        XCTAssertEqual(error, .expiredCode(message: "This code has expired. Request a new one."))
    }

    func testMissingAndMalformedAddressesAreRefusedWithLocalizedMessages() async throws {
        let harness = try await startEmulator()
        let (_, inquiry) = try await launched(harness, template: "tmpl_email")
        let missing = await inquiryError { () async throws(FolioInquiryError) in
            try await inquiry.submit(stepId: "email", fields: ["email": "  "], idempotencyKey: self.key())
        }
        XCTAssertEqual(missing, .missingTarget(message: "Enter where to send the code."))
        let invalid = await inquiryError { () async throws(FolioInquiryError) in
            try await inquiry.submit(
                stepId: "email", fields: ["email": "erika.example.com"], idempotencyKey: self.key())
        }
        XCTAssertEqual(invalid, .invalidTarget(message: "Enter a valid email address."))
        let german = await inquiryError { () async throws(FolioInquiryError) in
            try await inquiry.submit(
                stepId: "email", fields: ["email": "erika@"], locale: "de", idempotencyKey: self.key())
        }
        XCTAssertEqual(german, .invalidTarget(message: "Gib eine gültige E-Mail-Adresse ein."))
        let number = await inquiryError { () async throws(FolioInquiryError) in
            try await inquiry.submit(stepId: "email", fields: ["email": 5], idempotencyKey: self.key())
        }
        guard case .schemaValidation = number else { return XCTFail("\(String(describing: number))") }
    }

    func testSendsBeyondTheResendLimitAreExhausted() async throws {
        let harness = try await startEmulator()
        let (_, inquiry) = try await launched(harness, template: "tmpl_email")
        for _ in 1...3 {
            let confirm = try await submit(inquiry, "email", ["email": "erika@example.com"])
            XCTAssertEqual(stateType(confirm), "CONFIRM")
            _ = try await inquiry.back(stepId: "email", idempotencyKey: key())
        }
        let error = await inquiryError { () async throws(FolioInquiryError) in
            try await inquiry.submit(
                stepId: "email", fields: ["email": "erika@example.com"], idempotencyKey: self.key())
        }
        XCTAssertEqual(error, .attemptsExhausted(message: "No more codes can be sent."))
        let mailbox = try await harness.admin.mailbox(to: "erika@example.com")
        XCTAssertEqual(mailbox.count, 3)
    }

    func testTheDeliveryFailsKnobFailsEverySendWithoutSendingACode() async throws {
        let harness = try await startEmulator()
        let inquiry = try await launched(
            harness, template: "tmpl_email", knobs: ["email": FolioVerificationKnobs(deliveryFails: true)])
        let error = await inquiryError { () async throws(FolioInquiryError) in
            try await inquiry.submit(
                stepId: "email", fields: ["email": "erika@example.com"], idempotencyKey: self.key())
        }
        XCTAssertEqual(error, .deliveryFailed(message: "The code could not be sent. Try again."))
        let mailbox = try await harness.admin.mailbox(to: "erika@example.com")
        XCTAssertEqual(mailbox, [])
    }

    func testAPrefilledEmailMakesTheStepBoundAndItsSubmitSendsTheCodeThere() async throws {
        let harness = try await startEmulator()
        let (_, inquiry) = try await launched(harness, template: "tmpl_email", prefill: ["email": "bound@example.com"])
        let bound = try await inquiry.step()
        XCTAssertEqual(
            state(bound),
            [
                "type": "BOUND",
                "value": [
                    "title": "Confirm your email address",
                    "description": "We send a code by email to bound@example.com.",
                    "footer": "Not yours? Contact support.",
                    "buttons": [
                        [
                            "id": "email_submit", "label": "Send code", "style": "PRIMARY",
                            "intent": ["type": "SUBMIT"],
                            "enabled": true,
                        ]
                    ],
                ],
            ])
        let confirm = try await submit(inquiry, "email")
        XCTAssertEqual(stateType(confirm), "CONFIRM")
        let code = try await harness.admin.lastCode(to: "bound@example.com")
        _ = try await submit(inquiry, "email", ["email_code": .string(code)])
        let back = try await inquiry.step()
        XCTAssertEqual(stateType(back), "PASSED")
    }

    func testBackOnTheConfirmOfABoundStepReturnsToBound() async throws {
        let harness = try await startEmulator()
        let (_, inquiry) = try await launched(harness, template: "tmpl_email", prefill: ["email": "bound@example.com"])
        _ = try await submit(inquiry, "email")
        let bound = try await inquiry.back(stepId: "email", idempotencyKey: key())
        XCTAssertEqual(stateType(bound), "BOUND")
    }

    func testPhoneVerifyHasThePhoneInputOnTheDefaultCountryAndSendsAnSms() async throws {
        let harness = try await startEmulator()
        let (_, inquiry) = try await launched(harness, template: "tmpl_phone")
        let verify = try await inquiry.step()
        XCTAssertEqual(verify.verification?["type"], "PHONE_OTP")
        let value = try XCTUnwrap(state(verify)?["value"])
        XCTAssertEqual(value["contactField"], "phone")
        XCTAssertEqual(value["label"], "Phone number *")
        let germany: JSONValue = [
            "country": "DE", "name": "Germany", "dialCode": "+49", "label": "Germany (+49)", "flag": "🇩🇪",
        ]
        XCTAssertEqual(
            value["input"],
            [
                "country": ["field": "phone_country", "selected": germany],
                "national": ["field": "phone_national", "text": ""],
            ])
        XCTAssertEqual(
            value["countryOptions"]?.arrayValue?.compactMap { $0["country"]?.stringValue },
            ["DE", "AT", "CH", "GB", "US"])
        XCTAssertNil(value["placeholder"])

        let confirm = try await submit(inquiry, "phone", ["phone": "+4915112345678"])
        XCTAssertEqual(state(confirm)?["value"]?["code"], ["length": 6, "groups": 3, "value": "", "formatted": ""])
        let sent = try await harness.admin.mailbox(to: "+4915112345678")
        let message = try XCTUnwrap(sent.last)
        XCTAssertEqual(message.channel, "SMS")
        let passed = try await submit(inquiry, "phone", ["phone_code": .string(message.code)])
        XCTAssertEqual(stateType(passed), "PASSED")

        let again = await inquiryError { () async throws(FolioInquiryError) in
            try await inquiry.back(stepId: "phone", idempotencyKey: self.key())
        }
        XCTAssertEqual(again, .cannotGoBack, "BACK on PASSED is the inquiry's, and this is its first step")
    }

    func testAPhoneNumberMustBeE164() async throws {
        let harness = try await startEmulator()
        let (_, inquiry) = try await launched(harness, template: "tmpl_phone")
        let error = await inquiryError { () async throws(FolioInquiryError) in
            try await inquiry.submit(stepId: "phone", fields: ["phone": "015112345678"], idempotencyKey: self.key())
        }
        XCTAssertEqual(error, .invalidTarget(message: "Enter a valid phone number."))
        let missing = await inquiryError { () async throws(FolioInquiryError) in
            try await inquiry.submit(stepId: "phone", fields: [:], idempotencyKey: self.key())
        }
        XCTAssertEqual(missing, .missingTarget(message: "Enter where to send the code."))
    }

    func testAPrefilledPhoneMakesTheStepBound() async throws {
        let harness = try await startEmulator()
        let (_, inquiry) = try await launched(harness, template: "tmpl_phone", prefill: ["phone": "+447700900123"])
        let bound = try await inquiry.step()
        XCTAssertEqual(stateType(bound), "BOUND")
        XCTAssertEqual(state(bound)?["value"]?["description"], "We send a code by SMS to +447700900123.")
        _ = try await submit(inquiry, "phone")
        let sent = try await harness.admin.mailbox(to: "+447700900123")
        let message = try XCTUnwrap(sent.last)
        XCTAssertEqual(message.channel, "SMS")
    }

    func testAFailedCodeAttemptIsRetriedFromVerifyWithFreshCounters() async throws {
        let harness = try await startEmulator()
        let inquiry = try await launched(
            harness, template: "tmpl_email", knobs: ["email": FolioVerificationKnobs(outcomes: [.fail])])
        _ = try await submit(inquiry, "email", ["email": "erika@example.com"])
        let code = try await harness.admin.lastCode(to: "erika@example.com")
        let failed = try await submit(inquiry, "email", ["email_code": .string(code)])
        XCTAssertEqual(stateType(failed), "FAILED")
        XCTAssertEqual(attempt(failed), ["phase": "FAILED", "used": 1, "max": 2, "canRetry": true])
        let retry = try await submit(inquiry, "email")
        XCTAssertEqual(stateType(retry), "VERIFY")
        XCTAssertEqual(attempt(retry), ["phase": "CREATED", "used": 2, "max": 2, "canRetry": false])
        let stored = try await harness.admin.inquiryVerification(inquiryId: inquiry.inquiryId, stepId: "email")
        XCTAssertEqual(stored.sends, 0)
    }
}
