import FolioClient
import FolioEmulator
import FolioModel
import XCTest

final class InquiryVerificationGovIdTests: InquiryVerificationTestCase {
    func testTheStepStartsWithTheDocumentChoiceInTheWireShapeOfTheStore() async throws {
        let harness = try await startEmulator()
        let (_, inquiry) = try await launched(harness, template: "tmpl_govid")
        let step = try await inquiry.step()
        XCTAssertEqual(step.stepId, "government_id")
        XCTAssertEqual(step.stage["content"]?["type"], "VERIFICATION")
        XCTAssertEqual(step.verification?["type"], "GOVERNMENT_ID")
        XCTAssertEqual(attempt(step), ["phase": "CREATED", "used": 1, "max": 3, "canRetry": false])
        XCTAssertEqual(
            state(step),
            [
                "type": "SELECT_DOCUMENT",
                "value": [
                    "title": "Choose your document", "description": "Which document do you want to use?",
                    "buttons": [
                        [
                            "id": "government_id_submit", "label": "Continue", "style": "PRIMARY",
                            "intent": ["type": "SUBMIT"], "enabled": true,
                        ]
                    ],
                    "selectionField": "document_type",
                    "options": [
                        ["value": "PASSPORT", "label": "Passport"],
                        ["value": "NATIONAL_IDENTITY_CARD", "label": "ID card"],
                        ["value": "DRIVING_LICENSE", "label": "Driving licence"],
                        ["value": "RESIDENCE_PERMIT", "label": "Residence permit"],
                    ],
                ],
            ])
        XCTAssertEqual(step.stage["navigation"]?["canGoBack"], false)
        XCTAssertEqual(step.stage["errors"], ["transportError": "Something went wrong. Please try again."])
    }

    func testAPassportIsScannedAndConfirmedOnItsFrontOnlyAndPassesAfterOneRead() async throws {
        let harness = try await startEmulator()
        let (_, inquiry) = try await launched(harness, template: "tmpl_govid")
        let scan = try await submit(inquiry, "government_id", ["document_type": "PASSPORT"])
        XCTAssertEqual(
            state(scan),
            [
                "type": "SCAN",
                "value": [
                    "title": "The front of your document",
                    "description": "Place the front of the document in the frame.",
                    "buttons": [
                        [
                            "id": "government_id_back", "label": "Choose another document", "style": "SECONDARY",
                            "intent": ["type": "BACK"], "enabled": true,
                        ]
                    ],
                    "side": "FRONT", "captureField": "document_front", "captureMode": "CAMERA",
                    "camera": ["trigger": ["type": "SEARCHING"], "shouldCapture": false],
                ],
            ])
        XCTAssertEqual(scan.stage["navigation"]?["canGoBack"], true, "back goes to the document choice")

        let (file, confirm) = try await capture(inquiry, stepId: "government_id", field: "document_front")
        XCTAssertEqual(stateType(confirm), "CONFIRM")
        XCTAssertEqual(state(confirm)?["value"]?["side"], "FRONT")
        XCTAssertEqual(state(confirm)?["value"]?["image"], file.fieldValue)
        XCTAssertEqual(state(confirm)?["value"]?["title"], "Is the photo sharp?")
        XCTAssertEqual(buttons(confirm), ["Use this photo": "SUBMIT", "Take it again": "BACK"])

        let processing = try await submit(inquiry, "government_id")
        XCTAssertEqual(
            state(processing),
            [
                "type": "PROCESSING",
                "value": [
                    "processing": [
                        "title": "Checking your document", "description": "This takes a few seconds.",
                    ]
                ],
            ], "a passport has no back")
        XCTAssertEqual(attempt(processing)?["phase"], "PROCESSING")

        let passed = try await inquiry.step()
        XCTAssertEqual(stateType(passed), "PASSED")
        XCTAssertEqual(attempt(passed), ["phase": "PASSED", "used": 1, "max": 3, "canRetry": false])
        XCTAssertEqual(buttons(passed), ["Continue": "SUBMIT"])
        let next = try await submit(inquiry, "government_id")
        XCTAssertEqual(next.stepId, "done", "Continue moves the inquiry on")
        let stored = try await harness.admin.inquiryVerification(inquiryId: inquiry.inquiryId, stepId: "government_id")
        XCTAssertEqual(stored.state, "PASSED")
        XCTAssertEqual(stored.documentType, "PASSPORT")
    }

    func testAnIdCardNeedsBothSidesAndBackOnConfirmTakesTheSideAgain() async throws {
        let harness = try await startEmulator()
        let (_, inquiry) = try await launched(harness, template: "tmpl_govid")
        _ = try await submit(inquiry, "government_id", ["document_type": "NATIONAL_IDENTITY_CARD"])
        let (_, confirmFront) = try await capture(inquiry, stepId: "government_id", field: "document_front")
        XCTAssertEqual(stateType(confirmFront), "CONFIRM")
        let retake = try await inquiry.back(stepId: "government_id", idempotencyKey: key())
        XCTAssertEqual(stateType(retake), "SCAN")
        XCTAssertEqual(state(retake)?["value"]?["side"], "FRONT", "back on CONFIRM scans the same side again")
        XCTAssertNil(state(retake)?["value"]?["image"])

        let (_, again) = try await capture(inquiry, stepId: "government_id", field: "document_front")
        XCTAssertEqual(stateType(again), "CONFIRM")
        let scanBack = try await submit(inquiry, "government_id")
        XCTAssertEqual(stateType(scanBack), "SCAN")
        XCTAssertEqual(state(scanBack)?["value"]?["side"], "BACK")
        XCTAssertEqual(state(scanBack)?["value"]?["captureField"], "document_back")
        XCTAssertEqual(state(scanBack)?["value"]?["title"], "The back of your document")
        let (backFile, confirmBack) = try await capture(inquiry, stepId: "government_id", field: "document_back")
        XCTAssertEqual(state(confirmBack)?["value"]?["side"], "BACK")
        XCTAssertEqual(state(confirmBack)?["value"]?["image"], backFile.fieldValue)
        let processing = try await submit(inquiry, "government_id")
        XCTAssertEqual(stateType(processing), "PROCESSING")
        let read = try await inquiry.step()
        XCTAssertEqual(stateType(read), "PASSED")
    }

    func testBackFromTheFirstScanReturnsToTheDocumentChoiceWithTheChoiceSelected() async throws {
        let harness = try await startEmulator()
        let (_, inquiry) = try await launched(harness, template: "tmpl_govid")
        _ = try await submit(inquiry, "government_id", ["document_type": "DRIVING_LICENSE"])
        let choice = try await inquiry.back(stepId: "government_id", idempotencyKey: key())
        XCTAssertEqual(stateType(choice), "SELECT_DOCUMENT")
        XCTAssertEqual(state(choice)?["value"]?["selected"], "DRIVING_LICENSE")
        let error = await inquiryError { () async throws(FolioInquiryError) in
            try await inquiry.back(stepId: "government_id", idempotencyKey: self.key())
        }
        XCTAssertEqual(error, .cannotGoBack, "the document choice of the first step has nothing before it")
    }

    func testTheDocumentChoiceMustBeAStringAmongTheOptions() async throws {
        let harness = try await startEmulator()
        let (_, inquiry) = try await launched(harness, template: "tmpl_govid")
        let missing = await inquiryError { () async throws(FolioInquiryError) in
            try await inquiry.submit(stepId: "government_id", fields: [:], idempotencyKey: self.key())
        }
        guard case .fieldValidation(_, let missingFields) = missing else {
            return XCTFail("\(String(describing: missing))")
        }
        XCTAssertEqual(missingFields, ["document_type": "This field is required."])
        let other = await inquiryError { () async throws(FolioInquiryError) in
            try await inquiry.submit(
                stepId: "government_id", fields: ["document_type": "VISA"], idempotencyKey: self.key())
        }
        guard case .fieldValidation(_, let otherFields) = other else { return XCTFail("\(String(describing: other))") }
        XCTAssertEqual(otherFields, ["document_type": "Choose one of the options."])
        let number = await inquiryError { () async throws(FolioInquiryError) in
            try await inquiry.submit(stepId: "government_id", fields: ["document_type": 5], idempotencyKey: self.key())
        }
        guard case .schemaValidation = number else { return XCTFail("\(String(describing: number))") }
    }

    func testACaptureMustBeAnImageUploadedToTheFieldOfTheSideUnderWay() async throws {
        let harness = try await startEmulator()
        let (_, inquiry) = try await launched(harness, template: "tmpl_govid")
        _ = try await submit(inquiry, "government_id", ["document_type": "NATIONAL_IDENTITY_CARD"])
        let nothing = await inquiryError { () async throws(FolioInquiryError) in
            try await inquiry.submit(stepId: "government_id", fields: [:], idempotencyKey: self.key())
        }
        guard case .fieldValidation(_, let nothingFields) = nothing else {
            return XCTFail("\(String(describing: nothing))")
        }
        XCTAssertEqual(nothingFields, ["document_front": "This field is required."])
        let otherSide = await inquiryError { () async throws(FolioInquiryError) in
            try await inquiry.uploadFile(
                field: "document_back", fileName: "b.png", mimeType: "image/png", bytes: Self.png,
                idempotencyKey: self.key())
        }
        guard case .upstream(400, "INVALID_REQUEST", _) = otherSide else {
            return XCTFail("\(String(describing: otherSide))")
        }
        let pdf = await inquiryError { () async throws(FolioInquiryError) in
            try await inquiry.uploadFile(
                field: "document_front", fileName: "f.pdf", mimeType: "application/pdf", bytes: [1],
                idempotencyKey: self.key())
        }
        guard case .fieldValidation(_, let pdfFields) = pdf else { return XCTFail("\(String(describing: pdf))") }
        XCTAssertEqual(pdfFields, ["document_front": "This file type is not accepted."])
        let unknown = await inquiryError { () async throws(FolioInquiryError) in
            try await inquiry.submit(
                stepId: "government_id", fields: ["document_front": ["fileId": "ifl_nope"]], idempotencyKey: self.key())
        }
        guard case .fieldValidation(_, let unknownFields) = unknown else {
            return XCTFail("\(String(describing: unknown))")
        }
        XCTAssertEqual(unknownFields, ["document_front": "Upload the file first."])
        let text = await inquiryError { () async throws(FolioInquiryError) in
            try await inquiry.submit(
                stepId: "government_id", fields: ["document_front": "photo"], idempotencyKey: self.key())
        }
        guard case .schemaValidation = text else { return XCTFail("\(String(describing: text))") }
    }

    func testFailedAndErrorAttemptsAreRetriedFromTheFirstScanAndCountedInAttempt() async throws {
        let harness = try await startEmulator()
        let inquiry = try await launched(
            harness, template: "tmpl_govid",
            knobs: ["government_id": FolioVerificationKnobs(outcomes: [.fail, .error, .pass])])
        _ = try await submit(inquiry, "government_id", ["document_type": "PASSPORT"])
        _ = try await capture(inquiry, stepId: "government_id", field: "document_front")
        _ = try await submit(inquiry, "government_id")
        let failed = try await inquiry.step()
        XCTAssertEqual(stateType(failed), "FAILED")
        XCTAssertEqual(attempt(failed), ["phase": "FAILED", "used": 1, "max": 3, "canRetry": true])
        XCTAssertEqual(buttons(failed), ["Try again": "SUBMIT"])

        let second = try await submit(inquiry, "government_id")
        XCTAssertEqual(stateType(second), "SCAN", "the retry keeps the document and scans its first side")
        XCTAssertEqual(state(second)?["value"]?["side"], "FRONT")
        XCTAssertEqual(attempt(second), ["phase": "CREATED", "used": 2, "max": 3, "canRetry": false])
        _ = try await capture(inquiry, stepId: "government_id", field: "document_front")
        _ = try await submit(inquiry, "government_id")
        let error = try await inquiry.step()
        XCTAssertEqual(
            state(error),
            [
                "type": "ERROR",
                "value": [
                    "title": "Something went wrong", "description": "The check could not be finished.",
                    "failureReason": "The service did not answer.",
                    "illustration": ["type": "PRESET", "value": ["preset": "FAILURE"]],
                    "buttons": [
                        [
                            "id": "government_id_retry", "label": "Try again", "style": "PRIMARY",
                            "intent": ["type": "SUBMIT"], "enabled": true,
                        ]
                    ],
                ],
            ])
        XCTAssertEqual(attempt(error), ["phase": "ERROR", "used": 2, "max": 3, "canRetry": true])

        _ = try await submit(inquiry, "government_id")
        _ = try await capture(inquiry, stepId: "government_id", field: "document_front")
        _ = try await submit(inquiry, "government_id")
        let passed = try await inquiry.step()
        XCTAssertEqual(attempt(passed), ["phase": "PASSED", "used": 3, "max": 3, "canRetry": false])
    }

    func testAFailedLastAttemptCannotRetryAndItsContinueMovesOn() async throws {
        let harness = try await startEmulator()
        let inquiry = try await launched(
            harness, template: "tmpl_govid",
            knobs: ["government_id": FolioVerificationKnobs(outcomes: [.fail, .fail, .fail])])
        _ = try await submit(inquiry, "government_id", ["document_type": "PASSPORT"])
        for _ in 1...2 {
            _ = try await capture(inquiry, stepId: "government_id", field: "document_front")
            _ = try await submit(inquiry, "government_id")
            _ = try await inquiry.step()
            _ = try await submit(inquiry, "government_id")
        }
        _ = try await capture(inquiry, stepId: "government_id", field: "document_front")
        _ = try await submit(inquiry, "government_id")
        let last = try await inquiry.step()
        XCTAssertEqual(attempt(last), ["phase": "FAILED", "used": 3, "max": 3, "canRetry": false])
        XCTAssertEqual(buttons(last), ["Continue": "SUBMIT"])
        let next = try await submit(inquiry, "government_id")
        XCTAssertEqual(next.stepId, "done")
    }

    func testAnExpiredAttemptShowsTheErrorStateWithThePhaseExpiredAndTheExpiredTexts() async throws {
        let harness = try await startEmulator()
        let inquiry = try await launched(
            harness, template: "tmpl_govid", knobs: ["government_id": FolioVerificationKnobs(outcomes: [.expire])])
        _ = try await submit(inquiry, "government_id", ["document_type": "PASSPORT"])
        _ = try await capture(inquiry, stepId: "government_id", field: "document_front")
        _ = try await submit(inquiry, "government_id")
        let expired = try await inquiry.step()
        XCTAssertEqual(stateType(expired), "ERROR")
        XCTAssertEqual(attempt(expired), ["phase": "EXPIRED", "used": 1, "max": 3, "canRetry": true])
        XCTAssertEqual(state(expired)?["value"]?["title"], "Time is up")
        XCTAssertNil(state(expired)?["value"]?["failureReason"], "the EXPIRED texts have none")
    }

    func testProcessingLastsTheKnobsNumberOfReadsAndRefusesSubmits() async throws {
        let harness = try await startEmulator()
        let inquiry = try await launched(
            harness, template: "tmpl_govid", knobs: ["government_id": FolioVerificationKnobs(processingReads: 3)])
        _ = try await submit(inquiry, "government_id", ["document_type": "PASSPORT"])
        _ = try await capture(inquiry, stepId: "government_id", field: "document_front")
        _ = try await submit(inquiry, "government_id")
        let busy = await inquiryError { () async throws(FolioInquiryError) in
            try await inquiry.submit(stepId: "government_id", fields: [:], idempotencyKey: self.key())
        }
        guard case .upstream(409, "VERIFICATION_PROCESSING", _) = busy else {
            return XCTFail("\(String(describing: busy))")
        }
        var seen: [String?] = []
        for _ in 1...3 {
            let read = try await inquiry.step()
            seen.append(stateType(read))
        }
        XCTAssertEqual(seen, ["PROCESSING", "PROCESSING", "PASSED"])
    }

    func testAnObserversReadsDoNotCountDownProcessing() async throws {
        let harness = try await startEmulator()
        let (_, inquiry) = try await launched(harness, template: "tmpl_govid")
        _ = try await submit(inquiry, "government_id", ["document_type": "PASSPORT"])
        _ = try await capture(inquiry, stepId: "government_id", field: "document_front")
        _ = try await submit(inquiry, "government_id")
        let handoff = try await inquiry.createHandoff(idempotencyKey: key())
        let joined = try await harness.client.redeemHandoff(
            code: handoff.code, organizationId: Self.organization, deviceId: "dev_laptop", idempotencyKey: key())
        let observer = harness.client.inquiry(id: joined.inquiryId, token: joined.inquiryToken, deviceId: "dev_laptop")
        let watched = try await observer.step()
        XCTAssertEqual(watched.stepId, "observer")
        let stored = try await harness.admin.inquiryVerification(inquiryId: inquiry.inquiryId, stepId: "government_id")
        XCTAssertEqual(stored.state, "PROCESSING")
        let read = try await inquiry.step()
        XCTAssertEqual(stateType(read), "PASSED")
    }

    func testTheFilePickerTemplateShowsEachUploadForReviewBeforeAcceptingTheSide() async throws {
        let harness = try await startEmulator()
        let (_, inquiry) = try await launched(harness, template: "tmpl_govid_upload")
        let review = try await submit(inquiry, "government_id", ["document_type": "DRIVING_LICENSE"])
        XCTAssertEqual(
            state(review),
            [
                "type": "UPLOAD_REVIEW",
                "value": [
                    "title": "The front of your document", "description": "Pick a photo or scan of the front.",
                    "buttons": [
                        [
                            "id": "government_id_submit", "label": "Continue", "style": "PRIMARY",
                            "intent": ["type": "SUBMIT"], "enabled": false,
                        ],
                        [
                            "id": "government_id_back", "label": "Back", "style": "SECONDARY",
                            "intent": ["type": "BACK"],
                            "enabled": true,
                        ],
                    ],
                    "side": "FRONT", "captureField": "document_front", "captureMode": "FILE_PICKER",
                ],
            ], "no image yet, so Continue is disabled")
        let empty = await inquiryError { () async throws(FolioInquiryError) in
            try await inquiry.submit(stepId: "government_id", fields: [:], idempotencyKey: self.key())
        }
        guard case .fieldValidation(_, let emptyFields) = empty else { return XCTFail("\(String(describing: empty))") }
        XCTAssertEqual(emptyFields, ["document_front": "This field is required."])

        let front = try await inquiry.uploadFile(
            field: "document_front", fileName: "front.pdf", mimeType: "application/pdf", bytes: [0x25, 0x50],
            idempotencyKey: key())
        let shown = try await submit(inquiry, "government_id", ["document_front": front.fieldValue])
        XCTAssertEqual(stateType(shown), "UPLOAD_REVIEW")
        XCTAssertEqual(state(shown)?["value"]?["image"], front.fieldValue)
        XCTAssertEqual(state(shown)?["value"]?["buttons"]?.arrayValue?.first?["enabled"], true)
        let backSide = try await submit(inquiry, "government_id", ["document_front": front.fieldValue])
        XCTAssertEqual(state(backSide)?["value"]?["side"], "BACK", "a submit of the shown file accepts the side")
        let (_, backShown) = try await capture(inquiry, stepId: "government_id", field: "document_back")
        XCTAssertEqual(state(backShown)?["value"]?["side"], "BACK")
        let processing = try await submit(inquiry, "government_id")
        XCTAssertEqual(stateType(processing), "PROCESSING", "a submit without a file accepts the shown one")
    }

    func testTheGovernmentIdTextsFollowTheInquirysLanguage() async throws {
        let harness = try await startEmulator()
        let (_, inquiry) = try await launched(harness, template: "tmpl_govid")
        let german = try await inquiry.step(locale: "de")
        XCTAssertEqual(state(german)?["value"]?["title"], "Wähle dein Dokument")
        XCTAssertEqual(state(german)?["value"]?["options"]?.arrayValue?.dropFirst().first?["label"], "Personalausweis")
        let scan = try await inquiry.submit(
            stepId: "government_id", fields: ["document_type": "NATIONAL_IDENTITY_CARD"], locale: "de",
            idempotencyKey: key())
        XCTAssertEqual(state(scan)?["value"]?["title"], "Die Vorderseite deines Dokuments")
        XCTAssertEqual(buttons(scan), ["Anderes Dokument wählen": "BACK"])
        XCTAssertEqual(scan.stage["navigation"]?["bar"]?["closeLabel"], "Schließen")
    }
}
