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

    /// A new inquiry of `template` for org-demo: (inquiry id, launch code).
    func createInquiry(
        _ template: String = "tmpl_full", organization: String = "org-demo", testing: FolioInquiryTesting? = nil
    ) async throws -> (String, String) {
        var create = FolioInquiryCreate(organizationId: organization, templateId: template)
        create.testing = testing
        let created = try await operatorFolio.createInquiry(create, idempotencyKey: RandomID.base32(count: 20))
        return (created.inquiryId, created.launchCode)
    }

    /// A runtime of org-demo (on the device of `deviceCredential` when given) with an InquiryStore mounted:
    /// (token, store id, device credential).
    func mountInquiry(deviceCredential: String? = nil, timeZone: String? = nil) async throws
        -> (token: String, store: String, device: String)
    {
        var params: [String: JSONValue] = ["organizationId": "org-demo"]
        if let deviceCredential { params["deviceCredential"] = .string(deviceCredential) }
        let created = try await rpc("runtime.create", .object(params))
        let token = try XCTUnwrap(created["result"]?["token"]?.stringValue, "\(created)")
        let device = try XCTUnwrap(created["result"]?["deviceCredential"]?.stringValue, "\(created)")
        let mounted = try await rpc(
            "inquiry.mount", timeZone.map { ["timeZone": .string($0)] } ?? [:], token: token)
        return (token, try XCTUnwrap(mounted["result"]?["storeId"]?.stringValue, "\(mounted)"), device)
    }

    func openInquiry(_ code: String) -> JSONValue {
        ["type": "OPEN", "value": ["entry": ["type": "START", "value": ["launchCode": .string(code)]]]]
    }

    func act(_ intent: JSONValue) -> JSONValue { ["type": "ACT", "value": intent] }

    func edit(_ key: String, _ value: JSONValue) -> JSONValue {
        act(["type": "EDIT", "value": ["key": .string(key), "value": value]])
    }

    func text(_ text: String) -> JSONValue { ["type": "TEXT", "value": ["text": .string(text)]] }

    /// The step id the model shows, if any.
    func stepID(_ model: JSONValue) -> String? {
        model["inquiry"]?["stage"]?["content"]?["value"]?["stepId"]?.stringValue
    }

    /// Follows the store until it shows step `id` and no request runs.
    func followStep(_ store: String, _ id: String, token: String) async throws -> JSONValue {
        try await follow(store, token: token) { self.stepID($0) == id && $0["loading"] == false }
    }

    /// The FieldView of the model with this id.
    func modelField(_ model: JSONValue, _ id: String) -> JSONValue? {
        for container in model["inquiry"]?["stage"]?["content"]?["value"]?["containers"]?.arrayValue ?? [] {
            for element in container["elements"]?.arrayValue ?? []
            where element["type"] == "FIELD" && element["value"]?["value"]?["id"]?.stringValue == id {
                return element["value"]?["value"]
            }
        }
        return nil
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

        try await dispatch(first.store, act(["type": "HANDOFF"]), token: first.token)
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
        try await dispatch(other.store, act(["type": "CONTINUE_HERE"]), token: other.token)
        _ = try await followStep(other.store, "personal", token: other.token)

        // The first device's next request is refused: it shows the observer screen, not an error.
        try await dispatch(first.store, act(["type": "SUBMIT"]), token: first.token)
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
