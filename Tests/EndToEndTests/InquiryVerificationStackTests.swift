import DocumentCaptureTesting
import FolioClient
import FolioEmulator
import FolioModel
import Foundation
import HTTP
import XCTest

/// The verification steps through the whole stack (Gateway → InquiryService → Folio, the emulator): a full KYC
/// flow with automatic document capture from preview frames sent through `POST /frames`, a failed attempt
/// retried, a selfie liveness run, email and phone codes read from the emulator's outbox; and the errors of
/// these steps produced with the emulator's knobs.
extension FoundationStackTests {
    // MARK: helpers

    /// A new inquiry of `template` with verification knobs: (inquiry id, launch code).
    func createVerificationInquiry(
        _ template: String, organization: String = "org-demo", knobs: [String: FolioVerificationKnobs] = [:],
        prefill: JSONObject? = nil
    ) async throws -> (id: String, code: String) {
        var create = FolioInquiryCreate(organizationId: organization, templateId: template)
        create.prefill = prefill
        if !knobs.isEmpty { create.testing = FolioInquiryTesting(verification: knobs) }
        let created = try await operatorFolio.createInquiry(create, idempotencyKey: RandomID.base32(count: 20))
        return (created.inquiryId, created.launchCode)
    }

    /// The VerificationView `{type, value: {stepId, attempt, state}}` the model shows, if any.
    func verification(_ model: JSONValue) -> JSONValue? {
        guard model["inquiry"]?["stage"]?["content"]?["type"] == "VERIFICATION" else { return nil }
        return model["inquiry"]?["stage"]?["content"]?["value"]
    }

    /// `{type, value}` of the verification state shown.
    func verificationState(_ model: JSONValue) -> JSONValue? { verification(model)?["value"]?["state"] }

    /// Whether the model shows `state` of verification step `step`, with no request running.
    func shows(_ model: JSONValue, step: String, state: String) -> Bool {
        verification(model)?["value"]?["stepId"]?.stringValue == step
            && verificationState(model)?["type"]?.stringValue == state && model["loading"] == false
    }

    /// Dispatches `action` and follows the store until it shows `state` of `step`.
    @discardableResult
    func verificationGo(_ store: String, _ action: JSONValue, step: String, state: String, token: String)
        async throws -> JSONValue
    {
        try await journeySend(store, action, token: token) { self.shows($0, step: step, state: state) }
    }

    /// Follows the store (without an action: the store moves on by itself) until it shows `state` of `step`.
    @discardableResult
    func verificationAwait(_ store: String, step: String, state: String, token: String) async throws -> JSONValue {
        try await follow(store, token: token) { self.shows($0, step: step, state: state) }
    }

    /// Sends one preview frame through the Gateway's binary path.
    func postFrame(_ store: String, _ frame: (luma: [UInt8], width: Int, height: Int), token: String) async throws
        -> HTTPClientResponse
    {
        try await http.send(
            HTTPClientRequest(
                method: "POST",
                url:
                    "http://127.0.0.1:\(gatewayPort)/frames?storeId=\(store)&width=\(frame.width)&height=\(frame.height)",
                headers: ["content-type": "application/octet-stream", "authorization": "Bearer \(token)"],
                body: frame.luma))
    }

    /// A sharp, steady ID-1 card on a desk, 1280×720.
    static let cardFrame: (luma: [UInt8], width: Int, height: Int) = {
        let frame = TestFrames.frame(card: TestCard(centreX: 630, centreY: 355, width: 820, rotationDegrees: 6))
        return (frame.luma, frame.width, frame.height)
    }()

    /// Sends preview frames at about 30 per second until the SCAN's camera says shouldCapture; the model then.
    func captureUntilDecided(_ store: String, token: String) async throws -> JSONValue {
        for index in 0..<300 {
            let response = try await postFrame(store, Self.cardFrame, token: token)
            XCTAssertEqual(response.status, 200, String(decoding: response.body, as: UTF8.self))
            if index % 5 == 4 {
                let state = try await rpc("store.state", ["storeId": .string(store)], token: token)
                let model = state["result"]?["model"] ?? .null
                if verificationState(model)?["value"]?["camera"]?["shouldCapture"] == true { return model }
            }
            try await Task.sleep(for: .milliseconds(33))
        }
        throw StackError("the capture never decided")
    }

    /// A 2×2 PNG: the photo a client takes once shouldCapture is true.
    static let photo: [UInt8] = [
        0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00, 0x00, 0x00, 0x0D, 0x49, 0x48, 0x44, 0x52, 0x00, 0x00,
        0x00, 0x02, 0x00, 0x00, 0x00, 0x02, 0x08, 0x02, 0x00, 0x00, 0x00, 0xFD, 0xD4, 0x9A, 0x73, 0x00, 0x00, 0x00,
        0x11, 0x49, 0x44, 0x41, 0x54, 0x78, 0x9C, 0x63, 0xF8, 0xCF, 0xC0, 0x00, 0x44, 0x0C, 0x60, 0xF2, 0x3F, 0x00,
        0x1B, 0xF2, 0x03, 0xFD, 0xF3, 0xE7, 0x4B, 0xB1, 0x00, 0x00, 0x00, 0x00, 0x49, 0x45, 0x4E, 0x44, 0xAE, 0x42,
        0x60, 0x82,
    ]

    func upload(_ field: String) -> JSONValue {
        act(
            "UPLOAD",
            [
                "field": .string(field), "fileName": "side.png", "mimeType": "image/png",
                "bytes": .string(Data(Self.photo).base64EncodedString()),
            ])
    }

    /// Scans both sides of an ID card (frames until shouldCapture, then the photo) and confirms each; ends when
    /// the step is being checked.
    func scanIdCard(_ store: String, step: String, token: String) async throws {
        for (side, field) in [("FRONT", "document_front"), ("BACK", "document_back")] {
            let scanning = try await follow(store, token: token) { self.shows($0, step: step, state: "SCAN") }
            XCTAssertEqual(verificationState(scanning)?["value"]?["side"]?.stringValue, side)
            XCTAssertEqual(verificationState(scanning)?["value"]?["camera"]?["trigger"]?["type"], "SEARCHING")
            let decided = try await captureUntilDecided(store, token: token)
            XCTAssertEqual(verificationState(decided)?["value"]?["camera"]?["trigger"]?["type"], "DECIDED")
            let confirm = try await verificationGo(store, upload(field), step: step, state: "CONFIRM", token: token)
            XCTAssertEqual(verificationState(confirm)?["value"]?["side"]?.stringValue, side)
            XCTAssertEqual(verificationState(confirm)?["value"]?["image"]?["fileName"], "side.png")
            try await dispatch(store, act("SUBMIT"), token: token)
        }
    }

    /// The code the emulator sent to `address` last.
    func lastCode(to address: String) async throws -> String {
        try await admin.lastCode(to: address)
    }

    // MARK: the full KYC flow

    /// Spec "Verification steps", "Selfie capture", "Document capture": document choice → government id front and
    /// back, captured automatically from preview frames, failed once and retried → selfie liveness → email code
    /// (a wrong code placed at codeField first) → phone code → completed.
    func testInquiryKycFlowSavesTheIdentityAndCompletesWithCapturedDocumentsASelfieAndBothCodes() async throws {
        let (inquiryID, code) = try await createVerificationInquiry(
            "tmpl_kyc", knobs: ["government_id": FolioVerificationKnobs(outcomes: [.fail, .pass])])
        let (token, store, _) = try await mountInquiry()
        let choice = try await verificationGo(
            store, openInquiry(code), step: "government_id", state: "SELECT_DOCUMENT", token: token)
        XCTAssertEqual(verification(choice)?["type"], "GOVERNMENT_ID")
        XCTAssertEqual(verification(choice)?["value"]?["attempt"]?["used"], 1)
        try await dispatch(store, edit("document_type", "SELECTION", ["value": "NATIONAL_IDENTITY_CARD"]), token: token)
        try await dispatch(store, act("SUBMIT"), token: token)

        // The first attempt fails after the store read the checked step again by itself.
        try await scanIdCard(store, step: "government_id", token: token)
        let failed = try await verificationAwait(store, step: "government_id", state: "FAILED", token: token)
        XCTAssertEqual(verification(failed)?["value"]?["attempt"]?["phase"], "FAILED")
        XCTAssertEqual(verification(failed)?["value"]?["attempt"]?["canRetry"], true)
        try await dispatch(store, act("SUBMIT"), token: token)
        let retried = try await follow(store, token: token) {
            self.verification($0)?["value"]?["attempt"]?["used"] == 2 && $0["loading"] == false
        }
        if shows(retried, step: "government_id", state: "SELECT_DOCUMENT") {
            try await dispatch(
                store, edit("document_type", "SELECTION", ["value": "NATIONAL_IDENTITY_CARD"]), token: token)
            try await dispatch(store, act("SUBMIT"), token: token)
        }
        try await scanIdCard(store, step: "government_id", token: token)
        let passed = try await verificationAwait(store, step: "government_id", state: "PASSED", token: token)
        XCTAssertEqual(verification(passed)?["value"]?["attempt"]?["phase"], "PASSED")
        // The verified identity is saved in the person's vault by the built-in mapper, its files as attachments.
        let saved = try await follow(store, token: token) { $0["identity"] != nil && $0["loading"] == false }
        let files = try XCTUnwrap(saved["identity"]?["files"]?.arrayValue, "\(saved)")
        XCTAssertEqual(files.map { $0["field"] }, ["outcome.jwt", "document.front", "document.back"])
        let vault = try await mountVault(token: token)
        let records = try await identityRecords(vault, token: token)
        XCTAssertEqual(records[0]["header"]?["attachments"], .array(files.map { $0["id"] ?? .null }))
        XCTAssertEqual(records[0]["header"]?["version"], 1)

        // Selfie: PREPARING moves on by itself; the liveness engine's transaction goes back with SubmitCapture.
        try await dispatch(store, act("SUBMIT"), token: token)
        let liveness = try await verificationAwait(store, step: "selfie", state: "LIVENESS", token: token)
        let capture = try XCTUnwrap(verificationState(liveness)?["value"]?["capture"])
        XCTAssertEqual(capture["serviceUrl"]?.stringValue, "http://127.0.0.1:\(emulatorPort)/v1/selfie-proxy")
        let session = try XCTUnwrap(capture["captureSessionId"]?.stringValue)
        let transaction = try await http.send(
            HTTPClientRequest(
                method: "POST",
                url: "http://127.0.0.1:\(emulatorPort)/v1/selfie-proxy/sessions/\(session)/transactions",
                headers: ["content-type": "application/json"], body: Array("{}".utf8)))
        let transactionID = try XCTUnwrap(
            try JSONParser.parse(transaction.body)["transactionId"]?.stringValue,
            String(decoding: transaction.body, as: UTF8.self))
        try await dispatch(
            store,
            act("SUBMIT_CAPTURE", ["captureSessionId": .string(session), "transactionId": .string(transactionID)]),
            token: token)
        try await verificationAwait(store, step: "selfie", state: "PASSED", token: token)

        // Email code: a wrong code is placed at codeField with Folio's message, the right one passes.
        try await verificationGo(store, act("SUBMIT"), step: "email", state: "VERIFY", token: token)
        try await dispatch(store, editText("email", "erika@example.com"), token: token)
        try await verificationGo(store, act("SUBMIT"), step: "email", state: "CONFIRM", token: token)
        let emailCode = try await lastCode(to: "erika@example.com")
        let wrong = emailCode == "000000" ? "111111" : "000000"
        try await dispatch(store, editText("email_code", wrong), token: token)
        let refused = try await journeyFails(store, act("SUBMIT"), token: token)
        XCTAssertEqual(refused["error"]?["placement"], ["type": "FIELD", "value": ["fieldId": "email_code"]])
        XCTAssertNotNil(refused["error"]?["text"]?.stringValue)
        try await dispatch(store, editText("email_code", emailCode), token: token)
        try await verificationGo(store, act("SUBMIT"), step: "email", state: "PASSED", token: token)

        // Phone code: the number typed nationally on Folio's country, sent in E.164.
        let phone = try await verificationGo(store, act("SUBMIT"), step: "phone", state: "VERIFY", token: token)
        XCTAssertEqual(verificationState(phone)?["value"]?["input"]?["country"]?["selected"]?["country"], "DE")
        try await dispatch(store, editText("phone_national", "015112345678"), token: token)
        try await verificationGo(store, act("SUBMIT"), step: "phone", state: "CONFIRM", token: token)
        let smsCode = try await lastCode(to: "+4915112345678")
        try await dispatch(store, editText("phone_code", smsCode), token: token)
        let typed = try await follow(store, token: token) {
            self.verificationState($0)?["value"]?["code"]?["value"]?.stringValue == smsCode
        }
        XCTAssertEqual(verificationState(typed)?["value"]?["code"]?["formatted"]?.stringValue?.count, 8)
        try await verificationGo(store, act("SUBMIT"), step: "phone", state: "PASSED", token: token)

        // The last screen, then Complete.
        let last = try await journeySend(store, act("SUBMIT"), token: token) {
            $0["inquiry"]?["stage"]?["content"]?["type"] == "SCREEN" && $0["loading"] == false
        }
        XCTAssertEqual(stepID(last), "done")
        let completed = try await journeySend(store, act("COMPLETE"), token: token) {
            $0["inquiry"]?["stage"]?["content"]?["type"] == "TERMINAL" && $0["loading"] == false
        }
        XCTAssertEqual(completed["inquiry"]?["status"], "COMPLETED")
        let stored = try await admin.inquiry(id: inquiryID)
        XCTAssertEqual(stored.status, "COMPLETED")
    }
}

extension FoundationStackTests {
    /// Spec "Verification steps", GovernmentIdNfc: the native shell uploads each file it read from the chip under
    /// chipField, named by its data group; Folio lists what it received, and the chip read passes.
    func testInquiryChipReadUploadsEachChipFileAndPasses() async throws {
        let (_, code) = try await createVerificationInquiry("tmpl_nfc")
        let (token, store, _) = try await mountInquiry()
        let scan = try await verificationGo(store, openInquiry(code), step: "chip", state: "SCAN", token: token)
        XCTAssertEqual(verificationState(scan)?["value"]?["documentType"], "PASSPORT")
        XCTAssertEqual(verificationState(scan)?["value"]?["chipFiles"], ["DG1", "DG2", "SOD"])
        let files: [(String, [UInt8])] = [
            ("DG1", [0x61, 0x03, 0x5F, 0x1F, 0x00]), ("DG2", [0x75, 0x02, 0x7F, 0x61]),
            ("SOD", [0x77, 0x02, 0x30, 0x00]),
        ]
        for (index, (name, bytes)) in files.enumerated() {
            let upload = act(
                "UPLOAD",
                [
                    "field": "chip", "fileName": .string(name), "mimeType": "application/octet-stream",
                    "bytes": .string(Data(bytes).base64EncodedString()),
                ])
            let received = try await journeySend(store, upload, token: token) {
                self.verificationState($0)?["value"]?["received"]?.arrayValue?.count == index + 1
                    && $0["loading"] == false
            }
            XCTAssertNil(received["error"], "\(received)")
        }
        try await dispatch(store, act("SUBMIT"), token: token)
        try await verificationAwait(store, step: "chip", state: "PASSED", token: token)
    }
}
