import FolioClient
import FolioEmulator
import FolioModel
import XCTest

/// Helpers for the inquiry tests: create and launch inquiries through FolioClient.
class InquiryTestCase: EmulatorTestCase {
    static let organization = "org-demo"
    private var keys = 0

    /// A fresh Idempotency-Key.
    func key() -> String {
        keys += 1
        return "inquiry-test-\(keys)"
    }

    func create(
        _ harness: Harness, template: String = "tmpl_simple", prefill: JSONObject? = nil,
        launchAnswer: FolioInquiryTesting.LaunchAnswer? = nil, tokenTtlSeconds: Int? = nil
    ) async throws -> FolioInquiryCreated {
        try await harness.client.createInquiry(
            FolioInquiryCreate(
                organizationId: Self.organization, templateId: template, prefill: prefill,
                tokenTtlSeconds: tokenTtlSeconds, testing: launchAnswer.map { FolioInquiryTesting(launchAnswer: $0) }),
            idempotencyKey: key())
    }

    /// Creates an inquiry and launches it on `device`; answers the launch and that device's client.
    func launched(
        _ harness: Harness, template: String = "tmpl_simple", device: String = "dev_phone",
        prefill: JSONObject? = nil, tokenTtlSeconds: Int? = nil
    ) async throws -> (FolioInquiryLaunch, FolioInquiryClient) {
        let created = try await create(harness, template: template, prefill: prefill, tokenTtlSeconds: tokenTtlSeconds)
        let launch = try await harness.client.launchInquiry(
            launchCode: created.launchCode, organizationId: Self.organization, deviceId: device,
            idempotencyKey: key())
        return (launch, harness.client.inquiry(id: launch.inquiryId, token: launch.inquiryToken, deviceId: device))
    }

    /// The error `body` throws, failing the test if it succeeds.
    func inquiryError<T>(
        _ body: () async throws(FolioInquiryError) -> T, file: StaticString = #filePath, line: UInt = #line
    ) async -> FolioInquiryError? {
        do {
            let value = try await body()
            XCTFail("expected a FolioInquiryError, got \(value)", file: file, line: line)
            return nil
        } catch {
            return error
        }
    }

    /// Every element of a SCREEN stage, container by container.
    func elements(_ step: FolioInquiryStep) -> [JSONValue] {
        (step.stage["content"]?["value"]?["containers"]?.arrayValue ?? []).flatMap { $0["elements"]?.arrayValue ?? [] }
    }

    /// The FieldView (`{id, key, ...}`) with this key on a SCREEN stage.
    func field(_ step: FolioInquiryStep, key: String) -> JSONValue? {
        elements(step).compactMap { $0["type"] == "FIELD" ? $0["value"] : nil }
            .first { $0["value"]?["key"]?.stringValue == key }?["value"]
    }

    /// The text of the TEXT element with this id.
    func text(_ step: FolioInquiryStep, id: String) -> String? {
        elements(step).first { $0["type"] == "TEXT" && $0["value"]?["id"]?.stringValue == id }?["value"]?["text"]?
            .stringValue
    }
}
