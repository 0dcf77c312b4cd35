import FolioClient
import FolioEmulator
import FolioModel
import Foundation
import HTTP
import XCTest

/// InquiryStore through the whole stack: Gateway → InquiryService → Folio (the emulator) and PostgreSQL.
extension FoundationStackTests {
    /// The operator's side of Folio: creates inquiries and their launch codes.
    var operatorFolio: FolioClient {
        FolioClient(
            configuration: .init(baseURL: "http://127.0.0.1:\(emulatorPort)", apiKey: "e2e-key"), httpClient: http)
    }

    /// A new inquiry of `template` for `organization`, created by the operator: (inquiry id, launch code).
    func createInquiry(
        _ template: String = "tmpl_full", organization: String = "org-demo",
        launchAnswer: FolioInquiryTesting.LaunchAnswer? = nil
    ) async throws -> (id: String, code: String) {
        var create = FolioInquiryCreate(organizationId: organization, templateId: template)
        if let launchAnswer { create.testing = FolioInquiryTesting(launchAnswer: launchAnswer) }
        let created = try await operatorFolio.createInquiry(create, idempotencyKey: RandomID.base32(count: 20))
        return (created.inquiryId, created.launchCode)
    }

    /// A runtime of org-demo, on the device of `deviceCredential` when given.
    func inquiryRuntime(deviceCredential: String? = nil, organization: String = "org-demo") async throws
        -> (token: String, runtimeID: String, device: String)
    {
        var params: JSONObject = ["organizationId": .string(organization)]
        if let deviceCredential { params["deviceCredential"] = .string(deviceCredential) }
        let created = try await rpc("runtime.create", .object(params))
        return (
            try XCTUnwrap(created["result"]?["token"]?.stringValue, "\(created)"),
            try XCTUnwrap(created["result"]?["runtimeId"]?.stringValue, "\(created)"),
            try XCTUnwrap(created["result"]?["deviceCredential"]?.stringValue, "\(created)")
        )
    }

    /// An InquiryStore mounted on the runtime of `token`.
    func mountInquiryStore(token: String, timeZone: String? = nil) async throws -> String {
        let mounted = try await rpc("inquiry.mount", timeZone.map { ["timeZone": .string($0)] } ?? [:], token: token)
        return try XCTUnwrap(mounted["result"]?["storeId"]?.stringValue, "\(mounted)")
    }

    /// A new runtime of org-demo with an InquiryStore mounted: (token, store id, device credential).
    func mountInquiry(deviceCredential: String? = nil, timeZone: String? = nil) async throws
        -> (token: String, store: String, device: String)
    {
        let runtime = try await inquiryRuntime(deviceCredential: deviceCredential)
        return (runtime.token, try await mountInquiryStore(token: runtime.token, timeZone: timeZone), runtime.device)
    }

    func openInquiry(_ code: String) -> JSONValue {
        ["type": "OPEN", "value": ["entry": ["type": "START", "value": ["launchCode": .string(code)]]]]
    }

    func resumeInquiry(_ inquiryID: String? = nil) -> JSONValue {
        let source: JSONValue = ["type": "SAME_DEVICE", "value": inquiryID.map { ["inquiryId": .string($0)] } ?? [:]]
        return ["type": "OPEN", "value": ["entry": ["type": "RESUME", "value": ["source": source]]]]
    }

    func act(_ type: String, _ value: JSONValue? = nil) -> JSONValue {
        let intent: JSONValue = value.map { ["type": .string(type), "value": $0] } ?? ["type": .string(type)]
        return ["type": "ACT", "value": intent]
    }

    func edit(_ key: String, _ type: String, _ value: JSONValue) -> JSONValue {
        act("EDIT", ["key": .string(key), "value": ["type": .string(type), "value": value]])
    }

    func editText(_ key: String, _ text: String) -> JSONValue { edit(key, "TEXT", ["text": .string(text)]) }

    /// The step id the model shows, if any.
    func stepID(_ model: JSONValue) -> String? {
        model["inquiry"]?["stage"]?["content"]?["value"]?["stepId"]?.stringValue
    }

    /// Follows the store until it shows step `id` and no request runs.
    func followStep(_ store: String, _ id: String, token: String) async throws -> JSONValue {
        try await follow(store, token: token) { self.stepID($0) == id && $0["loading"] == false }
    }

    /// The elements of the screen the model shows.
    func modelElements(_ model: JSONValue) -> [JSONValue] {
        (model["inquiry"]?["stage"]?["content"]?["value"]?["containers"]?.arrayValue ?? []).flatMap {
            $0["elements"]?.arrayValue ?? []
        }
    }

    /// The FieldView (`{type, value}`) with this id on the shown screen.
    func modelField(_ model: JSONValue, _ id: String) -> JSONValue? {
        modelElements(model).first { $0["type"] == "FIELD" && $0["value"]?["value"]?["id"]?.stringValue == id }?[
            "value"]
    }

    func testInquiryStartsByLaunchCodeAndShowsItsFirstStep() async throws {
        let (inquiryID, code) = try await createInquiry()
        let (token, store, _) = try await mountInquiry()
        let idle = try await rpc("store.state", ["storeId": .string(store)], token: token)
        XCTAssertEqual(idle["result"]?["model"]?["lifecycle"], ["type": "IDLE"], "\(idle)")
        try await dispatch(store, openInquiry(code), token: token)
        let model = try await followStep(store, "personal", token: token)
        XCTAssertEqual(model["lifecycle"]?["type"], "STARTED", "\(model)")
        XCTAssertEqual(model["lifecycle"]?["value"]?["inquiryId"]?.stringValue, inquiryID)
        XCTAssertEqual(model["inquiry"]?["id"]?.stringValue, inquiryID)
        XCTAssertNil(model["error"])
        XCTAssertEqual(model["chrome"]?["close"], "Close")
        let inquiry = try await admin.inquiry(id: inquiryID)
        XCTAssertEqual(inquiry.launchExchanges, 1)
    }
}

extension FoundationStackTests {
    func testInquiryHandoffLetsAnotherDeviceJoinAsObserverTakeControlAndTheFirstDeviceBecomesAnObserver() async throws {
        let (_, code) = try await createInquiry()
        let first = try await mountInquiry()
        try await dispatch(first.store, openInquiry(code), token: first.token)
        _ = try await followStep(first.store, "personal", token: first.token)

        try await dispatch(first.store, act("HANDOFF"), token: first.token)
        let handoff = try await follow(first.store, token: first.token) {
            $0["inquiry"]?["stage"]?["content"]?["type"] == "HANDOFF" && $0["loading"] == false
        }
        let view = try XCTUnwrap(handoff["inquiry"]?["stage"]?["content"]?["value"])
        XCTAssertEqual(view["kind"], "QR")
        XCTAssertEqual(view["link"]?["type"], "EXTERNAL", "the QR payload is an https URL: \(view)")
        let handoffCode = try XCTUnwrap(view["code"]?.stringValue)
        try await dispatch(first.store, ["type": "STATUS"], token: first.token)
        _ = try await followStep(first.store, "personal", token: first.token)

        // The other device joins with the code, as an observer.
        let other = try await mountInquiry()
        let resume: JSONValue = [
            "type": "OPEN",
            "value": [
                "entry": [
                    "type": "RESUME",
                    "value": ["source": ["type": "ANOTHER_DEVICE", "value": ["code": .string(handoffCode)]]],
                ]
            ],
        ]
        try await dispatch(other.store, resume, token: other.token)
        let observing = try await followStep(other.store, "observer", token: other.token)
        XCTAssertEqual(observing["lifecycle"]?["type"], "STARTED")
        try await dispatch(other.store, act("CONTINUE_HERE"), token: other.token)
        _ = try await followStep(other.store, "personal", token: other.token)

        // The first device's next request is refused: it shows the observer screen, not an error.
        try await dispatch(first.store, act("SUBMIT"), token: first.token)
        let refused = try await followStep(first.store, "observer", token: first.token)
        XCTAssertNil(refused["error"], "\(refused)")
    }
}

extension FoundationStackTests {
    func testInquiryOfAnotherOrganizationFailsWithLaunchInvalidAndNoRetry() async throws {
        let (_, code) = try await createInquiry("tmpl_simple", organization: "org_acme")
        let (token, store, _) = try await mountInquiry()
        try await dispatch(store, openInquiry(code), token: token)
        let model = try await follow(store, token: token) { $0["lifecycle"]?["type"] == "FAILED" }
        XCTAssertEqual(model["lifecycle"]?["value"]?["error"]?["type"], "LAUNCH_INVALID", "\(model)")
        XCTAssertEqual(model["failure"]?["title"], "This link does not work")
        XCTAssertNil(model["failure"]?["retry"])
        XCTAssertNil(model["inquiry"], "no inquiry was produced")
    }
}
