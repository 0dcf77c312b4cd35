import FolioClient
import FolioEmulator
import FolioModel
import HTTP
import XCTest

final class InquiryFileTests: InquiryTestCase {
    /// An inquiry of tmpl_full on its `choices` step (the one with the FILE field).
    private func onChoices(_ harness: Harness) async throws -> FolioInquiryClient {
        let (_, inquiry) = try await launched(harness, template: "tmpl_full")
        _ = try await inquiry.submit(stepId: "personal", fields: ["full_name": "A"], idempotencyKey: key())
        _ = try await inquiry.submit(stepId: "contact", fields: [:], idempotencyKey: key())
        return inquiry
    }

    func testAnUploadedFileIsTheValueOfItsField() async throws {
        let harness = try await startEmulator()
        let inquiry = try await onChoices(harness)
        let bytes = (0..<100_000).map { UInt8(truncatingIfNeeded: $0) }
        let file = try await inquiry.uploadFile(
            field: "proof_of_address", fileName: "bill.pdf", mimeType: "application/pdf", bytes: bytes,
            idempotencyKey: "upload-1")
        XCTAssertEqual(file.fileName, "bill.pdf")
        XCTAssertEqual(file.sizeBytes, 100_000)
        let replay = try await inquiry.uploadFile(
            field: "proof_of_address", fileName: "bill.pdf", mimeType: "application/pdf", bytes: bytes,
            idempotencyKey: "upload-1")
        XCTAssertEqual(replay, file)

        let review = try await inquiry.submit(
            stepId: "choices", fields: ["terms": true, "proof_of_address": file.fieldValue], idempotencyKey: key())
        XCTAssertEqual(review.stepId, "review")
        let back = try await inquiry.back(stepId: "review", idempotencyKey: key())
        XCTAssertEqual(field(back, key: "proof_of_address")?["value"], file.fieldValue)
        let stored = try await harness.admin.inquiry(id: inquiry.inquiryId)
        XCTAssertEqual(stored.files.count, 1, "the replayed upload stored nothing twice")
        XCTAssertEqual(stored.files.first?.mimeType, "application/pdf")
        XCTAssertEqual(stored.files.first?.deviceId, "dev_phone")
    }

    func testUploadsAreCheckedAgainstTheField() async throws {
        let harness = try await startEmulator()
        let inquiry = try await onChoices(harness)
        let wrongType = await inquiryError { () async throws(FolioInquiryError) in
            try await inquiry.uploadFile(
                field: "proof_of_address", fileName: "a.gif", mimeType: "image/gif", bytes: [1, 2],
                idempotencyKey: self.key())
        }
        guard case .fieldValidation(_, let fields) = wrongType else {
            return XCTFail("\(String(describing: wrongType))")
        }
        XCTAssertEqual(fields, ["proof_of_address": "This file type is not accepted."])
        let notAFileField = await inquiryError { () async throws(FolioInquiryError) in
            try await inquiry.uploadFile(
                field: "terms", fileName: "a.pdf", mimeType: "application/pdf", bytes: [1], idempotencyKey: self.key())
        }
        guard case .upstream(400, "INVALID_REQUEST", _) = notAFileField else {
            return XCTFail("\(String(describing: notAFileField))")
        }
        let unknownFile = await inquiryError { () async throws(FolioInquiryError) in
            try await inquiry.submit(
                stepId: "choices", fields: ["terms": true, "proof_of_address": ["fileId": "ifl_nope"]],
                idempotencyKey: self.key())
        }
        guard case .fieldValidation(_, let unknownFields) = unknownFile else {
            return XCTFail("\(String(describing: unknownFile))")
        }
        XCTAssertEqual(unknownFields, ["proof_of_address": "Upload the file first."])
    }

    func testAFileOver32MiBIsTooLargeButTheBodyGetsThrough() async throws {
        let harness = try await startEmulator()
        let inquiry = try await onChoices(harness)
        let patient = harness.client(timeout: .seconds(120))
            .inquiry(id: inquiry.inquiryId, token: inquiry.token, deviceId: inquiry.deviceId)
        let error = await inquiryError { () async throws(FolioInquiryError) in
            try await patient.uploadFile(
                field: "proof_of_address", fileName: "big.pdf", mimeType: "application/pdf",
                bytes: [UInt8](repeating: 7, count: (32 << 20) + 1), idempotencyKey: self.key())
        }
        XCTAssertEqual(error, .fileTooLarge(limitBytes: 33_554_432), "Folio's answer, not the HTTP layer's")
    }

    func testOtherRoutesKeepTheOneMiBBodyLimit() async throws {
        let harness = try await startEmulator()
        let (_, inquiry) = try await launched(harness)
        let big = String(repeating: "a", count: (1 << 20) + 1)
        let raw = try await harness.http.send(
            HTTPClientRequest(
                method: "POST", url: harness.server.baseURL + "/v1/inquiries/\(inquiry.inquiryId)/submit",
                headers: harness.apiAuth.merging(["Folio-Inquiry-Token": inquiry.token, "Idempotency-Key": "big"]) {
                    a, _ in a
                },
                body: Array(#"{"deviceId": "dev_phone", "stepId": "name", "fields": {"name": "\#(big)"}}"#.utf8)))
        XCTAssertEqual(raw.status, 413)
        XCTAssertEqual(String(decoding: raw.body, as: UTF8.self), "payload too large")
        let error = await inquiryError { () async throws(FolioInquiryError) in
            try await inquiry.submit(stepId: "name", fields: ["name": .string(big)], idempotencyKey: self.key())
        }
        XCTAssertEqual(error, .fileTooLarge(limitBytes: FolioInquiryError.defaultFileLimitBytes), "a plain 413")
    }
}
