import FolioClient
import FolioEmulator
import FolioModel
import XCTest

/// Helpers for the verification step tests: inquiries with knobs, the VerificationView of a step, photos.
class InquiryVerificationTestCase: InquiryTestCase {
    /// A 1×1 PNG.
    static let png: [UInt8] = [
        0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00, 0x00, 0x00, 0x0D, 0x49, 0x48, 0x44, 0x52, 0x00, 0x00,
        0x00, 0x01, 0x00, 0x00, 0x00, 0x01, 0x08, 0x06, 0x00, 0x00, 0x00, 0x1F, 0x15, 0xC4, 0x89, 0x00, 0x00, 0x00,
        0x0D, 0x49, 0x44, 0x41, 0x54, 0x78, 0x9C, 0x63, 0x60, 0x00, 0x02, 0x00, 0x00, 0x05, 0x00, 0x01, 0xE9, 0xFA,
        0xDC, 0xD8, 0x00, 0x00, 0x00, 0x00, 0x49, 0x45, 0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82,
    ]

    /// Creates an inquiry of `template` with verification knobs and launches it on `dev_phone`.
    func launched(
        _ harness: Harness, template: String, knobs: [String: FolioVerificationKnobs],
        prefill: JSONObject? = nil
    ) async throws -> FolioInquiryClient {
        let created = try await harness.client.createInquiry(
            FolioInquiryCreate(
                organizationId: Self.organization, templateId: template, prefill: prefill,
                testing: FolioInquiryTesting(verification: knobs)),
            idempotencyKey: key())
        let launch = try await harness.client.launchInquiry(
            launchCode: created.launchCode, organizationId: Self.organization, deviceId: "dev_phone",
            idempotencyKey: key())
        return harness.client.inquiry(id: launch.inquiryId, token: launch.inquiryToken, deviceId: "dev_phone")
    }

    /// The `{type, value}` state of a VERIFICATION stage.
    func state(_ step: FolioInquiryStep) -> JSONValue? {
        step.verification?["value"]?["state"]
    }

    /// The state's type, e.g. `SCAN`.
    func stateType(_ step: FolioInquiryStep) -> String? {
        state(step)?["type"]?.stringValue
    }

    /// AttemptState `{phase, used, max, canRetry}`.
    func attempt(_ step: FolioInquiryStep) -> JSONValue? {
        step.verification?["value"]?["attempt"]
    }

    /// The labels of the state's buttons with their intent types, e.g. `["Continue": "SUBMIT"]`.
    func buttons(_ step: FolioInquiryStep) -> [String: String] {
        var labels: [String: String] = [:]
        for button in state(step)?["value"]?["buttons"]?.arrayValue ?? [] {
            if let label = button["label"]?.stringValue, let intent = button["intent"]?["type"]?.stringValue {
                labels[label] = intent
            }
        }
        return labels
    }

    /// Uploads a PNG to `field` and hands it to the step, as the store's UPLOAD intent does.
    func capture(_ inquiry: FolioInquiryClient, stepId: String, field: String, fileName: String = "side.png")
        async throws -> (FolioInquiryFile, FolioInquiryStep)
    {
        let file = try await inquiry.uploadFile(
            field: field, fileName: fileName, mimeType: "image/png", bytes: Self.png, idempotencyKey: key())
        let step = try await inquiry.submit(stepId: stepId, fields: [field: file.fieldValue], idempotencyKey: key())
        return (file, step)
    }

    /// Submits `fields` to the current verification step.
    func submit(_ inquiry: FolioInquiryClient, _ stepId: String, _ fields: JSONObject = [:]) async throws
        -> FolioInquiryStep
    {
        try await inquiry.submit(stepId: stepId, fields: fields, idempotencyKey: key())
    }
}
