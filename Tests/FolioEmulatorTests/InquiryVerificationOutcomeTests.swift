import Crypto
import FolioClient
import FolioEmulator
import FolioModel
import XCTest

final class InquiryVerificationOutcomeTests: InquiryVerificationTestCase {
    /// Takes tmpl_govid's ID card through both sides to PASSED; answers the two photos.
    func passIdCard(_ inquiry: FolioInquiryClient) async throws -> [FolioInquiryFile] {
        _ = try await submit(inquiry, "government_id", ["document_type": "NATIONAL_IDENTITY_CARD"])
        let (front, _) = try await capture(inquiry, stepId: "government_id", field: "document_front", fileName: "f.png")
        _ = try await submit(inquiry, "government_id")
        let (back, _) = try await capture(inquiry, stepId: "government_id", field: "document_back", fileName: "b.png")
        _ = try await submit(inquiry, "government_id")
        let passed = try await inquiry.step()
        XCTAssertEqual(stateType(passed), "PASSED")
        return [front, back]
    }

    func testAPassedGovernmentIdHasAnOutcomeSignedWithThePublishedKeyWhoseArtifactsDownload() async throws {
        let harness = try await startEmulator()
        let (_, inquiry) = try await launched(harness, template: "tmpl_govid")
        let photos = try await passIdCard(inquiry)
        let answer = try await inquiry.verificationOutcome(stepId: "government_id")
        let kid = try XCTUnwrap(try JWS.unverifiedKeyID(of: answer.jwt))
        let jwks = try await FolioSigningKeys(folio: harness.client).keys(holding: kid)
        let outcome = try FolioVerificationOutcome.verify(
            answer.jwt, jwks: jwks, inquiryId: inquiry.inquiryId, stepId: "government_id")
        XCTAssertEqual(outcome.typ, "verification-outcome")
        XCTAssertEqual(outcome.iss, "folio-emulator")
        XCTAssertEqual(outcome.org, Self.organization)
        XCTAssertEqual(outcome.selectedDocumentType, "NATIONAL_IDENTITY_CARD")
        XCTAssertEqual(
            outcome.output,
            [
                "type": "GOV_ID",
                "value": [
                    "documentNumber": "C01X00T47", "givenName": "ERIKA", "familyName": "MUSTERMANN",
                    "birthdate": "1983-08-12", "placeOfBirth": "BERLIN", "sex": "F", "nationality": "DEU",
                    "issuingCountry": "DEU", "issuingAuthority": "STADT KÖLN", "issueDate": "2021-03-01",
                    "expirationDate": "2031-02-28", "documentType": "NATIONAL_IDENTITY_CARD",
                ],
            ])
        XCTAssertEqual(outcome.iat, 1_735_689_600, "the emulator clock")
        XCTAssertEqual(outcome.exp, 1_735_689_600 + 31_536_000)
        XCTAssertEqual(
            answer.artifacts,
            [
                FolioVerificationArtifact(
                    field: "document.front", fileId: photos[0].fileId, mimeType: "image/png", sizeBytes: Self.png.count),
                FolioVerificationArtifact(
                    field: "document.back", fileId: photos[1].fileId, mimeType: "image/png", sizeBytes: Self.png.count),
            ])
        XCTAssertEqual(outcome.artifacts, answer.artifacts, "the signed claims name the same artifacts")
        for artifact in answer.artifacts {
            let download = try await inquiry.downloadFile(fileId: artifact.fileId)
            XCTAssertEqual(download, FolioInquiryDownload(mimeType: "image/png", bytes: Self.png))
        }
    }

    func testTheOutcomeIsNotFoundBeforeTheStepPassedAndAfterItFailed() async throws {
        let harness = try await startEmulator()
        let inquiry = try await launched(
            harness, template: "tmpl_govid", knobs: ["government_id": FolioVerificationKnobs(outcomes: [.fail])])
        let early = await inquiryError { () async throws(FolioInquiryError) in
            try await inquiry.verificationOutcome(stepId: "government_id")
        }
        guard case .upstream(404, "OUTCOME_NOT_FOUND", _) = early else {
            return XCTFail("\(String(describing: early))")
        }
        _ = try await submit(inquiry, "government_id", ["document_type": "PASSPORT"])
        _ = try await capture(inquiry, stepId: "government_id", field: "document_front")
        _ = try await submit(inquiry, "government_id")
        let failed = try await inquiry.step()
        XCTAssertEqual(stateType(failed), "FAILED")
        let afterFailure = await inquiryError { () async throws(FolioInquiryError) in
            try await inquiry.verificationOutcome(stepId: "government_id")
        }
        guard case .upstream(404, "OUTCOME_NOT_FOUND", _) = afterFailure else {
            return XCTFail("\(String(describing: afterFailure))")
        }
    }

    func testTheOutputKnobSetsTheDocumentNumberAndBirthdateOfTheOutcome() async throws {
        let harness = try await startEmulator()
        let inquiry = try await launched(
            harness, template: "tmpl_govid",
            knobs: [
                "government_id": FolioVerificationKnobs(
                    output: .init(documentNumber: "L01X00T99", birthdate: "1990-01-31"))
            ])
        _ = try await passIdCard(inquiry)
        let answer = try await inquiry.verificationOutcome(stepId: "government_id")
        let outcome = try FolioVerificationOutcome.verify(
            answer.jwt, jwks: try await harness.client.jwks(), inquiryId: inquiry.inquiryId, stepId: "government_id")
        XCTAssertEqual(outcome.output["value"]?["documentNumber"], "L01X00T99")
        XCTAssertEqual(outcome.output["value"]?["birthdate"], "1990-01-31")
        XCTAssertEqual(outcome.output["value"]?["givenName"], "ERIKA", "the other fields stay the template's")
    }

    func testAPassedChipReadHasAGovIdNfcOutcomeForThePassportWithoutArtifacts() async throws {
        let harness = try await startEmulator()
        let (_, inquiry) = try await launched(harness, template: "tmpl_nfc")
        for (name, tag) in [("DG1", UInt8(0x61)), ("DG2", 0x75), ("SOD", 0x77)] {
            _ = try await inquiry.uploadFile(
                field: "chip", fileName: name, mimeType: "application/octet-stream", bytes: [tag, 0x00],
                idempotencyKey: key())
        }
        _ = try await submit(inquiry, "chip")
        _ = try await inquiry.step()
        let answer = try await inquiry.verificationOutcome(stepId: "chip")
        let outcome = try FolioVerificationOutcome.verify(
            answer.jwt, jwks: try await harness.client.jwks(), inquiryId: inquiry.inquiryId, stepId: "chip")
        XCTAssertEqual(outcome.output["type"], "GOV_ID_NFC")
        XCTAssertEqual(outcome.output["value"]?["documentType"], "PASSPORT")
        XCTAssertEqual(outcome.selectedDocumentType, "PASSPORT")
        XCTAssertEqual(answer.artifacts, [])
    }

    func testAnOutcomeOfAnotherInquiryDoesNotVerifyForThisOne() async throws {
        let harness = try await startEmulator()
        let (_, inquiry) = try await launched(harness, template: "tmpl_govid")
        _ = try await passIdCard(inquiry)
        let answer = try await inquiry.verificationOutcome(stepId: "government_id")
        XCTAssertThrowsError(
            try FolioVerificationOutcome.verify(
                answer.jwt, jwks: JWKSet(keys: []), inquiryId: inquiry.inquiryId, stepId: "government_id"))
        let jwks = try await harness.client.jwks()
        XCTAssertThrowsError(
            try FolioVerificationOutcome.verify(answer.jwt, jwks: jwks, inquiryId: "inq_other", stepId: "government_id")
        )
        XCTAssertThrowsError(
            try FolioVerificationOutcome.verify(answer.jwt, jwks: jwks, inquiryId: inquiry.inquiryId, stepId: "selfie"))
    }

    func testTheAdminInquiryRecordsTheVerificationWithItsOutcome() async throws {
        let harness = try await startEmulator()
        let (_, inquiry) = try await launched(harness, template: "tmpl_govid")
        _ = try await passIdCard(inquiry)
        let answer = try await inquiry.verificationOutcome(stepId: "government_id")
        let stored = try await harness.admin.inquiryVerification(inquiryId: inquiry.inquiryId, stepId: "government_id")
        XCTAssertEqual(stored.kind, "GOVERNMENT_ID")
        XCTAssertEqual(stored.attempt.phase, "PASSED")
        XCTAssertEqual(stored.attempt.used, 1)
        XCTAssertEqual(stored.outcome?["jwt"], .string(answer.jwt))
        let record = try await harness.admin.inquiry(id: inquiry.inquiryId)
        XCTAssertEqual(record.files.count, 2, "the photos are files of the inquiry")
        XCTAssertEqual(record.submissions.map(\.stepId), Array(repeating: "government_id", count: 5))
    }

    func testAFileIsDownloadedOnlyThroughItsOwnInquiry() async throws {
        let harness = try await startEmulator()
        let (_, inquiry) = try await launched(harness, template: "tmpl_govid")
        let photos = try await passIdCard(inquiry)
        let (_, other) = try await launched(harness, template: "tmpl_govid")
        let error = await inquiryError { () async throws(FolioInquiryError) in
            try await other.downloadFile(fileId: photos[0].fileId)
        }
        guard case .upstream(404, "FILE_NOT_FOUND", _) = error else { return XCTFail("\(String(describing: error))") }
        let stranger = harness.client.inquiry(id: inquiry.inquiryId, token: other.token, deviceId: other.deviceId)
        let foreignToken = await inquiryError { () async throws(FolioInquiryError) in
            try await stranger.downloadFile(fileId: photos[0].fileId)
        }
        XCTAssertEqual(foreignToken, .tokenInvalid)
    }
}
