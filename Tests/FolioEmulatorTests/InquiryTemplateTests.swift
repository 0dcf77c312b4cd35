import FolioClient
import FolioEmulator
import FolioModel
import HTTP
import XCTest

final class InquiryTemplateTests: InquiryTestCase {
    func testTheShippedTemplatesLoad() throws {
        let fixtures = try FixtureSet.load(from: Self.repositoryFixtures)
        XCTAssertEqual(
            fixtures["inquiryTemplates"].map(\.id).sorted(),
            [
                "tmpl_app_redirect", "tmpl_badlink", "tmpl_email", "tmpl_full", "tmpl_govid", "tmpl_govid_upload",
                "tmpl_kyc", "tmpl_membership", "tmpl_nfc", "tmpl_phone", "tmpl_residence_permit",
                "tmpl_selfie_liveness", "tmpl_selfie_photo", "tmpl_simple",
            ])
        XCTAssertTrue(fixtures["inquiryTemplates"].allSatisfy { $0.file.hasPrefix("inquiry/") })
    }

    /// Walks tmpl_full through all four steps and collects what its screens show.
    func testTheFullTemplateCoversEveryElementAndFieldKind() async throws {
        let harness = try await startEmulator()
        let (_, inquiry) = try await launched(harness, template: "tmpl_full")
        var steps = [try await inquiry.step()]
        steps.append(try await inquiry.submit(stepId: "personal", fields: ["full_name": "A"], idempotencyKey: key()))
        steps.append(try await inquiry.submit(stepId: "contact", fields: [:], idempotencyKey: key()))
        steps.append(try await inquiry.submit(stepId: "choices", fields: ["terms": true], idempotencyKey: key()))
        XCTAssertEqual(steps.map(\.stepId), ["personal", "contact", "choices", "review"])

        let all = steps.flatMap(elements)
        XCTAssertEqual(
            Set(all.compactMap { $0["type"]?.stringValue }), ["TEXT", "IMAGE", "BUTTON", "FIELD", "LANGUAGE_SELECTOR"])
        let kinds = Set(all.compactMap { $0["type"] == "FIELD" ? $0["value"]?["type"]?.stringValue : nil })
        XCTAssertEqual(
            kinds,
            [
                "TEXT", "URL", "TEXT_AREA", "NUMBER", "MASKED", "PHONE", "DATE", "ADDRESS", "COUNTRY", "SELECT",
                "MULTI_SELECT", "RADIO", "CHECKBOX", "CHECKBOX_GROUP", "FILE",
            ])
        let texts = all.filter { $0["type"] == "TEXT" }.compactMap { $0["value"] }
        for style in ["TITLE", "BODY", "CAPTION", "FINE_PRINT"] {
            for color in ["PRIMARY", "SECONDARY"] {
                XCTAssertTrue(
                    texts.contains { $0["style"]?.stringValue == style && $0["color"]?.stringValue == color },
                    "\(style) \(color)")
            }
        }
        let images = all.filter { $0["type"] == "IMAGE" }.compactMap { $0["value"]?["image"]?["type"]?.stringValue }
        XCTAssertEqual(Set(images), ["PRESET", "ASSET"])
        let layouts = steps.flatMap { $0.stage["content"]?["value"]?["containers"]?.arrayValue ?? [] }
            .compactMap { $0["layout"]?["type"]?.stringValue }
        XCTAssertEqual(Set(layouts), ["HEADER", "CONTENT", "ACTION", "FOOTER", "CUSTOM"])

        for (index, step) in steps.enumerated() {
            let intents = elements(step).filter { $0["type"] == "BUTTON" }.compactMap {
                $0["value"]?["intent"]?["type"]?.stringValue
            }
            XCTAssertTrue(intents.contains(index == 3 ? "COMPLETE" : "SUBMIT"), "step \(index)")
            XCTAssertEqual(intents.contains("BACK"), index > 0, "step \(index)")
            XCTAssertTrue(intents.contains("CANCEL"), "step \(index)")
        }

        let personal = steps[0]
        let birth = try XCTUnwrap(field(personal, key: "birth_date")?["constraints"])
        XCTAssertEqual(birth["mask"]?["pattern"], "##.##.####")
        XCTAssertEqual(birth["mask"]?["format"], "DD.MM.YYYY")
        XCTAssertEqual(birth["allowFuture"], false)
        XCTAssertEqual(birth["minAgeYears"], 18)
        let appointment = try XCTUnwrap(field(personal, key: "appointment")?["constraints"])
        XCTAssertEqual(appointment["includeTime"], true)
        XCTAssertEqual(appointment["disabledWeekdays"], ["SUNDAY"])
        XCTAssertEqual(appointment["timeZone"], "Europe/Berlin")
        XCTAssertEqual(field(personal, key: "customer_number")?["constraints"]?["mask"]?["pattern"], "##-###")
        let phone = try XCTUnwrap(field(steps[1], key: "phone")?["constraints"])
        XCTAssertEqual(
            phone["countryOptions"]?.arrayValue?.compactMap { $0["dialCode"]?.stringValue }, ["+49", "+1", "+44"])
        XCTAssertEqual(phone["showCountryCodeSelector"], true)
        let file = try XCTUnwrap(field(steps[2], key: "proof_of_address"))
        XCTAssertEqual(file["capture"], "CAMERA_OR_FILE")
        XCTAssertEqual(file["constraints"], ["accept": ["image/jpeg", "application/pdf"], "maxBytes": 33_554_432])

        let review = steps[3]
        let selector = try XCTUnwrap(elements(review).first { $0["type"] == "LANGUAGE_SELECTOR" }?["value"])
        XCTAssertEqual(selector["currentLocale"], "en")
        XCTAssertEqual(selector["languages"]?.arrayValue?.count, 2)
        let link = elements(review).compactMap { $0["value"]?["intent"] }.first { $0["type"] == "OPEN_LINK" }
        XCTAssertEqual(link?["value"]?["target"]?["value"]?["url"], "HTTPS://Folio.ID/terms of use", "sent as written")
    }

    func testTheBadLinkTemplateSendsAnUnparsableURL() async throws {
        let harness = try await startEmulator()
        let (_, inquiry) = try await launched(harness, template: "tmpl_badlink")
        let step = try await inquiry.step()
        let link = elements(step).compactMap { $0["value"]?["intent"] }.first { $0["type"] == "OPEN_LINK" }
        XCTAssertEqual(link?["value"]?["target"]?["value"]?["url"], "https://exa mple.com:99999/")
        XCTAssertEqual(step.stage["navigation"]?["canComplete"], true, "one step: it is the last")
    }

    func testMalformedTemplatesFailTheStartNamingTheFile() async throws {
        let template = { (steps: String) in
            """
            {"inquiryTemplates": [{"id": "tmpl_x", "defaultLocale": "en",
              "languages": [{"code": "en", "name": "English", "nativeName": "English"}], "steps": \(steps)}]}
            """
        }
        let field = #"{"type": "FIELD", "value": {"type": "TEXT", "value": {"id": "f", "key": "k", "label": "L"}}}"#
        let cases: [(String, String)] = [
            ("no steps", template("[]")),
            ("a step without id", template(#"[{"screen": {"containers": []}}]"#)),
            (
                "an unknown field kind",
                template(
                    #"[{"id": "s", "screen": {"containers": [{"id": "c", "layout": {"type": "CONTENT"}, "elements": [{"type": "FIELD", "value": {"type": "SLIDER", "value": {"id": "f", "key": "k"}}}]}]}}]"#
                )
            ),
            (
                "a $t without the default locale",
                template(
                    #"[{"id": "s", "screen": {"containers": [{"id": "c", "layout": {"type": "HEADER"}, "elements": [{"type": "TEXT", "value": {"id": "t", "text": {"$t": {"de": "Hallo"}}, "style": "TITLE", "color": "PRIMARY"}}]}]}}]"#
                )
            ),
            (
                "a duplicate element id",
                template(
                    #"[{"id": "s", "screen": {"containers": [{"id": "c", "layout": {"type": "CONTENT"}, "elements": [\#(field), \#(field)]}]}}]"#
                )
            ),
            ("the observer step id", template(#"[{"id": "observer", "screen": {"containers": []}}]"#)),
            ("steps not an array", template(#"{"id": "s"}"#)),
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
    }

    func testFaultsInjectOnInquiryRoutes() async throws {
        let harness = try await startEmulator()
        let (_, inquiry) = try await launched(harness)
        try await harness.admin.injectFault(
            EmulatorFault(route: "POST /v1/inquiries/{inquiryId}/submit", count: 1, status: 503, retryAfterSeconds: 1))
        let unavailable = await inquiryError { () async throws(FolioInquiryError) in
            try await inquiry.submit(stepId: "name", fields: ["name": "A"], idempotencyKey: "retry-me")
        }
        guard case .internal = unavailable else { return XCTFail("\(String(describing: unavailable))") }
        XCTAssertEqual(unavailable?.isRetryable, true)
        let retried = try await inquiry.submit(stepId: "name", fields: ["name": "A"], idempotencyKey: "retry-me")
        XCTAssertEqual(retried.stepId, "review", "the retry with the same key runs")

        // A fresh HTTP client opens a new connection (libcurl retries once on a reused one that closes).
        let fresh = harness.client(http: HTTPClient())
            .inquiry(id: inquiry.inquiryId, token: inquiry.token, deviceId: inquiry.deviceId)
        try await harness.admin.injectFault(EmulatorFault(route: "GET /v1/inquiries/{inquiryId}", count: 1, drop: true))
        let dropped = await inquiryError { () async throws(FolioInquiryError) in try await fresh.step() }
        guard case .network = dropped else { return XCTFail("\(String(describing: dropped))") }
        XCTAssertEqual(dropped?.isRetryable, true)

        try await harness.admin.injectFault(
            EmulatorFault(route: "POST /v1/inquiries/launch", count: 1, status: 429, retryAfterSeconds: 7))
        let limited = await inquiryError { () async throws(FolioInquiryError) in
            try await harness.client.launchInquiry(
                launchCode: "ilc_x", organizationId: Self.organization, deviceId: "d", idempotencyKey: self.key())
        }
        XCTAssertEqual(limited, .rateLimited(retryAfterSeconds: 7))

        try await harness.admin.injectFault(
            EmulatorFault(route: "GET /v1/inquiries/{inquiryId}/result", count: 1, delayMs: 2_000))
        let impatient = harness.client(timeout: .milliseconds(300))
            .inquiry(id: inquiry.inquiryId, token: inquiry.token, deviceId: inquiry.deviceId)
        let timedOut = await inquiryError { () async throws(FolioInquiryError) in try await impatient.result() }
        guard case .network = timedOut else { return XCTFail("\(String(describing: timedOut))") }
    }

    func testASubmitWhoseAnswerIsLostIsRecordedOnceOnRetry() async throws {
        let harness = try await startEmulator()
        let (_, launchedInquiry) = try await launched(harness)
        let inquiry = harness.client(http: HTTPClient())
            .inquiry(id: launchedInquiry.inquiryId, token: launchedInquiry.token, deviceId: launchedInquiry.deviceId)
        try await harness.admin.injectFault(
            EmulatorFault(route: "POST /v1/inquiries/{inquiryId}/submit", count: 1, drop: true, afterHandler: true))
        let lost = await inquiryError { () async throws(FolioInquiryError) in
            try await inquiry.submit(stepId: "name", fields: ["name": "Ada"], idempotencyKey: "lost-answer")
        }
        guard case .network = lost else { return XCTFail("\(String(describing: lost))") }
        let retried = try await inquiry.submit(stepId: "name", fields: ["name": "Ada"], idempotencyKey: "lost-answer")
        XCTAssertEqual(retried.stepId, "review", "the replay answers the first run's step, not STEP_OUTDATED")
        let stored = try await harness.admin.inquiry(id: inquiry.inquiryId)
        XCTAssertEqual(stored.submissions.count, 1)
    }
}
