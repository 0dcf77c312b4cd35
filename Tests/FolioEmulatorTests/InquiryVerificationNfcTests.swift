import FolioClient
import FolioEmulator
import FolioModel
import XCTest

final class InquiryVerificationNfcTests: InquiryVerificationTestCase {
    /// Uploads a chip file whose first byte is `tag`, as the native shell does after reading the chip.
    func upload(_ inquiry: FolioInquiryClient, _ name: String, tag: UInt8) async throws(FolioInquiryError)
        -> FolioInquiryFile
    {
        try await inquiry.uploadFile(
            field: "chip", fileName: name, mimeType: "application/octet-stream", bytes: [tag, 0x82, 0x01, 0x00],
            idempotencyKey: key())
    }

    func testTheChipScanNamesTheChipFilesAndListsTheReceivedOnes() async throws {
        let harness = try await startEmulator()
        let (_, inquiry) = try await launched(harness, template: "tmpl_nfc")
        let scan = try await inquiry.step()
        XCTAssertEqual(scan.verification?["type"], "GOVERNMENT_ID_NFC")
        XCTAssertEqual(attempt(scan), ["phase": "CREATED", "used": 1, "max": 2, "canRetry": false])
        XCTAssertEqual(
            state(scan),
            [
                "type": "SCAN",
                "value": [
                    "title": "Read the chip", "description": "Hold your phone against the passport.",
                    "buttons": [
                        [
                            "id": "chip_submit", "label": "Continue", "style": "PRIMARY", "intent": ["type": "SUBMIT"],
                            "enabled": true,
                        ]
                    ],
                    "documentType": "PASSPORT", "chipField": "chip", "chipFiles": ["DG1", "DG2", "SOD"], "received": [],
                ],
            ])
        _ = try await upload(inquiry, "SOD", tag: 0x77)
        _ = try await upload(inquiry, "DG1", tag: 0x61)
        let read = try await inquiry.step()
        XCTAssertEqual(state(read)?["value"]?["received"], ["DG1", "SOD"], "in chip file order")
    }

    func testChipFilesAreCheckedByNameAndByTheirIcaoTag() async throws {
        let harness = try await startEmulator()
        let (_, inquiry) = try await launched(harness, template: "tmpl_nfc")
        _ = try await inquiry.step()
        let unnamed = await inquiryError { () async throws(FolioInquiryError) in
            try await self.upload(inquiry, "COM", tag: 0x60)
        }
        guard case .schemaValidation(let unnamedMessage) = unnamed else {
            return XCTFail("\(String(describing: unnamed))")
        }
        XCTAssertTrue(unnamedMessage.contains("COM"), unnamedMessage)
        let mistagged = await inquiryError { () async throws(FolioInquiryError) in
            try await self.upload(inquiry, "DG1", tag: 0x75)
        }
        guard case .schemaValidation(let mistaggedMessage) = mistagged else {
            return XCTFail("\(String(describing: mistagged))")
        }
        XCTAssertTrue(mistaggedMessage.contains("0x61"), mistaggedMessage)
        let otherField = await inquiryError { () async throws(FolioInquiryError) in
            try await inquiry.uploadFile(
                field: "document_front", fileName: "DG1", mimeType: "application/octet-stream", bytes: [0x61],
                idempotencyKey: self.key())
        }
        guard case .upstream(400, "INVALID_REQUEST", _) = otherField else {
            return XCTFail("\(String(describing: otherField))")
        }
        let stored = try await harness.admin.inquiryVerification(inquiryId: inquiry.inquiryId, stepId: "chip")
        XCTAssertNil(stored.received, "nothing was received")
    }

    func testASubmitWithMissingChipFilesNamesThemAndACompleteReadIsChecked() async throws {
        let harness = try await startEmulator()
        let (_, inquiry) = try await launched(harness, template: "tmpl_nfc")
        _ = try await upload(inquiry, "DG1", tag: 0x61)
        let missing = await inquiryError { () async throws(FolioInquiryError) in
            try await inquiry.submit(stepId: "chip", fields: [:], idempotencyKey: self.key())
        }
        XCTAssertEqual(missing, .schemaValidation(message: "the chip files DG2, SOD were not uploaded"))
        _ = try await upload(inquiry, "DG2", tag: 0x75)
        _ = try await upload(inquiry, "SOD", tag: 0x77)
        _ = try await upload(inquiry, "DG14", tag: 0x6E)
        let processing = try await submit(inquiry, "chip")
        XCTAssertEqual(stateType(processing), "PROCESSING")
        let passed = try await inquiry.step()
        XCTAssertEqual(stateType(passed), "PASSED")
        let stored = try await harness.admin.inquiryVerification(inquiryId: inquiry.inquiryId, stepId: "chip")
        XCTAssertEqual(stored.received, ["DG1", "DG14", "DG2", "SOD"], "an extra chip file is kept too")
    }

    func testARetriedChipReadStartsWithNothingReceived() async throws {
        let harness = try await startEmulator()
        let inquiry = try await launched(
            harness, template: "tmpl_nfc", knobs: ["chip": FolioVerificationKnobs(outcomes: [.error])])
        for (name, tag) in [("DG1", UInt8(0x61)), ("DG2", 0x75), ("SOD", 0x77)] {
            _ = try await upload(inquiry, name, tag: tag)
        }
        _ = try await submit(inquiry, "chip")
        let error = try await inquiry.step()
        XCTAssertEqual(stateType(error), "ERROR")
        let retry = try await submit(inquiry, "chip")
        XCTAssertEqual(stateType(retry), "SCAN")
        XCTAssertEqual(state(retry)?["value"]?["received"], [])
        XCTAssertEqual(attempt(retry)?["used"], 2)
    }
}
