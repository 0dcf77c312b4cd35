import FolioClient
import FolioEmulator
import FolioModel
import XCTest

final class InquiryVerificationSelfieTests: InquiryVerificationTestCase {
    /// A transaction id of the emulator's selfie proxy in `session`, as the liveness engine gets one.
    func transaction(_ harness: Harness, session: String) async throws -> String {
        let answer = try await harness.raw(
            "POST", "/v1/selfie-proxy/sessions/\(session)/transactions", body: #"{"frames": []}"#)
        XCTAssertEqual(answer.status, 201)
        return try XCTUnwrap(answer.json["transactionId"]?.stringValue)
    }

    /// Reads the step past PREPARING (one read by default), as the store's polling does.
    func prepared(_ inquiry: FolioInquiryClient) async throws -> FolioInquiryStep {
        var step = try await inquiry.step()
        for _ in 0..<3 where stateType(step) == "PREPARING" { step = try await inquiry.step() }
        return step
    }

    func testLivenessPreparesForOneReadThenShowsACaptureAtTheEmulatorsSelfieProxy() async throws {
        let harness = try await startEmulator()
        let (_, inquiry) = try await launched(harness, template: "tmpl_selfie_liveness")
        let preparing = try await inquiry.step()
        XCTAssertEqual(preparing.verification?["type"], "SELFIE")
        XCTAssertEqual(
            state(preparing),
            [
                "type": "PREPARING",
                "value": ["processing": ["title": "Preparing the camera", "description": "One moment, please."]],
            ])
        let liveness = try await prepared(inquiry)
        let session = try XCTUnwrap(state(liveness)?["value"]?["capture"]?["captureSessionId"]?.stringValue)
        XCTAssertFalse(session.isEmpty)
        XCTAssertEqual(
            state(liveness),
            [
                "type": "LIVENESS",
                "value": [
                    "title": "Show your face", "description": "Follow the instructions on the screen.", "buttons": [],
                    "capture": [
                        "captureSessionId": .string(session),
                        "serviceUrl": .string(harness.server.baseURL + "/v1/selfie-proxy"),
                        "inquiryId": .string(inquiry.inquiryId), "stepId": "selfie",
                        "expiresAtMs": 1_735_690_200_000,
                    ],
                ],
            ], "the second read shows the capture, which lives 600 s from 2025-01-01T00:00:00Z")
        XCTAssertEqual(attempt(liveness), ["phase": "CREATED", "used": 1, "max": 3, "canRetry": false])
    }

    func testALivenessResultNeedsATransactionTheProxyIssuedInTheCurrentSession() async throws {
        let harness = try await startEmulator()
        let (_, inquiry) = try await launched(harness, template: "tmpl_selfie_liveness")
        let liveness = try await prepared(inquiry)
        let session = try XCTUnwrap(state(liveness)?["value"]?["capture"]?["captureSessionId"]?.stringValue)
        let issued = try await transaction(harness, session: session)
        let refused: [(String, JSONObject)] = [
            ("a blank transaction id", ["captureSessionId": .string(session), "transactionId": " "]),
            ("no transaction id", ["captureSessionId": .string(session)]),
            ("an unknown transaction id", ["captureSessionId": .string(session), "transactionId": "ltx_nope"]),
            ("another session", ["captureSessionId": "cap_other", "transactionId": .string(issued)]),
        ]
        for (name, fields) in refused {
            let error = await inquiryError { () async throws(FolioInquiryError) in
                try await inquiry.submit(stepId: "selfie", fields: fields, idempotencyKey: self.key())
            }
            guard case .schemaValidation = error else { return XCTFail("\(name): \(String(describing: error))") }
        }
        let processing = try await submit(
            inquiry, "selfie", ["captureSessionId": .string(session), "transactionId": .string(issued)])
        XCTAssertEqual(stateType(processing), "PROCESSING")
        let passed = try await inquiry.step()
        XCTAssertEqual(stateType(passed), "PASSED")
        let next = try await submit(inquiry, "selfie")
        XCTAssertEqual(next.stepId, "done")
    }

    func testTheSelfieProxyAnswersOnlyForALiveCaptureSession() async throws {
        let harness = try await startEmulator()
        let (_, inquiry) = try await launched(harness, template: "tmpl_selfie_liveness")
        let unknown = try await harness.raw("POST", "/v1/selfie-proxy/sessions/cap_nope/transactions")
        XCTAssertEqual(unknown.status, 404)
        XCTAssertEqual(unknown.json["error"]?["code"], "CAPTURE_SESSION_NOT_FOUND")
        let liveness = try await prepared(inquiry)
        let session = try XCTUnwrap(state(liveness)?["value"]?["capture"]?["captureSessionId"]?.stringValue)
        try await harness.admin.advanceClock(seconds: 600)
        let ended = try await harness.raw("POST", "/v1/selfie-proxy/sessions/\(session)/transactions")
        XCTAssertEqual(ended.status, 410)
        XCTAssertEqual(ended.json["error"]?["code"], "CAPTURE_SESSION_EXPIRED")
    }

    func testACaptureSubmittedAfterItsSessionEndedExpiresTheAttempt() async throws {
        let harness = try await startEmulator()
        let (_, inquiry) = try await launched(harness, template: "tmpl_selfie_liveness")
        let liveness = try await prepared(inquiry)
        let session = try XCTUnwrap(state(liveness)?["value"]?["capture"]?["captureSessionId"]?.stringValue)
        let issued = try await transaction(harness, session: session)
        try await harness.admin.advanceClock(seconds: 601)
        let expired = try await submit(
            inquiry, "selfie", ["captureSessionId": .string(session), "transactionId": .string(issued)])
        XCTAssertEqual(stateType(expired), "ERROR")
        XCTAssertEqual(attempt(expired), ["phase": "EXPIRED", "used": 1, "max": 3, "canRetry": true])
    }

    func testEveryAttemptGetsANewCaptureSession() async throws {
        let harness = try await startEmulator()
        let inquiry = try await launched(
            harness, template: "tmpl_selfie_liveness", knobs: ["selfie": FolioVerificationKnobs(outcomes: [.fail])])
        let first = try await prepared(inquiry)
        let session = try XCTUnwrap(state(first)?["value"]?["capture"]?["captureSessionId"]?.stringValue)
        let issued = try await transaction(harness, session: session)
        _ = try await submit(
            inquiry, "selfie", ["captureSessionId": .string(session), "transactionId": .string(issued)])
        let failed = try await inquiry.step()
        XCTAssertEqual(stateType(failed), "FAILED")
        let preparing = try await submit(inquiry, "selfie")
        XCTAssertEqual(stateType(preparing), "PREPARING", "a retry prepares a new capture")
        XCTAssertEqual(attempt(preparing)?["used"], 2)
        let second = try await prepared(inquiry)
        let newSession = try XCTUnwrap(state(second)?["value"]?["capture"]?["captureSessionId"]?.stringValue)
        XCTAssertNotEqual(newSession, session)
        let stale = await inquiryError { () async throws(FolioInquiryError) in
            try await inquiry.submit(
                stepId: "selfie", fields: ["captureSessionId": .string(newSession), "transactionId": .string(issued)],
                idempotencyKey: self.key())
        }
        guard case .schemaValidation = stale else {
            return XCTFail("a transaction of the old session: \(String(describing: stale))")
        }
    }

    func testPhotoModeTakesThePhotoUploadedToItsCaptureFieldWithTheSession() async throws {
        let harness = try await startEmulator()
        let (_, inquiry) = try await launched(harness, template: "tmpl_selfie_photo")
        let photo = try await prepared(inquiry)
        let session = try XCTUnwrap(state(photo)?["value"]?["captureSessionId"]?.stringValue)
        XCTAssertEqual(
            state(photo),
            [
                "type": "PHOTO",
                "value": [
                    "title": "Take a selfie", "description": "Look straight into the camera.", "buttons": [],
                    "captureSessionId": .string(session), "captureField": "selfie_photo", "captureMode": "CAMERA",
                ],
            ])
        let file = try await inquiry.uploadFile(
            field: "selfie_photo", fileName: "selfie.png", mimeType: "image/png", bytes: Self.png,
            idempotencyKey: key())
        let withoutSession = await inquiryError { () async throws(FolioInquiryError) in
            try await inquiry.submit(
                stepId: "selfie", fields: ["selfie_photo": file.fieldValue], idempotencyKey: self.key())
        }
        guard case .schemaValidation = withoutSession else { return XCTFail("\(String(describing: withoutSession))") }
        let processing = try await submit(
            inquiry, "selfie", ["selfie_photo": file.fieldValue, "captureSessionId": .string(session)])
        XCTAssertEqual(stateType(processing), "PROCESSING")
    }

    func testUploadsToASelfieStepAreRefusedOutsidePhoto() async throws {
        let harness = try await startEmulator()
        let (_, inquiry) = try await launched(harness, template: "tmpl_selfie_liveness")
        let error = await inquiryError { () async throws(FolioInquiryError) in
            try await inquiry.uploadFile(
                field: "selfie_photo", fileName: "s.png", mimeType: "image/png", bytes: Self.png,
                idempotencyKey: self.key())
        }
        guard case .upstream(400, "INVALID_REQUEST", _) = error else { return XCTFail("\(String(describing: error))") }
    }

    func testCaptureKnobsRenderAForeignServiceAndMismatchedCaptures() async throws {
        let harness = try await startEmulator()
        let foreign = try await launched(
            harness, template: "tmpl_selfie_liveness",
            knobs: ["selfie": FolioVerificationKnobs(selfieServiceUrl: "https://liveness.example.net/v1")])
        let foreignStep = try await prepared(foreign)
        XCTAssertEqual(state(foreignStep)?["value"]?["capture"]?["serviceUrl"], "https://liveness.example.net/v1")

        let cases: [(FolioVerificationKnobs.CaptureMismatch, String, (FolioInquiryClient) -> JSONValue)] = [
            (.stepId, "stepId", { _ in "selfie_other" }),
            (.inquiryId, "inquiryId", { .string($0.inquiryId + "_other") }),
            (.blankSession, "captureSessionId", { _ in "" }),
        ]
        for (mismatch, member, expected) in cases {
            let inquiry = try await launched(
                harness, template: "tmpl_selfie_liveness",
                knobs: ["selfie": FolioVerificationKnobs(captureMismatch: mismatch)])
            let step = try await prepared(inquiry)
            XCTAssertEqual(state(step)?["value"]?["capture"]?[member], expected(inquiry), "\(mismatch)")
        }

        let photo = try await launched(
            harness, template: "tmpl_selfie_photo",
            knobs: ["selfie": FolioVerificationKnobs(photoWithoutCaptureField: true)])
        let photoStep = try await prepared(photo)
        XCTAssertEqual(stateType(photoStep), "PHOTO")
        XCTAssertNil(state(photoStep)?["value"]?["captureField"])
    }
}
