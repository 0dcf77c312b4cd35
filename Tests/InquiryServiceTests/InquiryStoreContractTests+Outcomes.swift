import FolioAPI
import FolioModel
import XCTest

@testable import InquiryService

/// Models of every error (at a field, in the banner, in the lifecycle), failure notice, lifecycle, status and
/// verified identity match the InquiryUiModel schema.
extension InquiryStoreContractTests {
    func testEveryInquiryErrorAtItsPlaceAndInTheLifecycleMatchesTheModelSchema() {
        for error in Self.errors {
            for stage in [Fixtures.screenStage(), VerificationFixtures.confirm(), VerificationFixtures.emailVerify()] {
                var state = runningState(stage: stage)
                state.error = error
                state.lifecycle = .failed(error: error)
                _ = checkedModel(of: state)
            }
        }
        XCTAssertEqual(Set(Self.errors.compactMap { $0.json["type"]?.stringValue }), caseNames("InquiryError"))
    }

    func testEveryFailureNoticeMatchesTheModelSchema() {
        let entries: [InquiryEntry] = [
            .start(launchCode: "LC-1"), .resume(source: .anotherDevice(code: "HX-1")),
            .resume(source: .sameDevice(inquiryId: nil)),
        ]
        for error in Self.errors {
            for entry in entries {
                var state = InquiryReducer.State(sdkLocale: "de", deviceTimeZone: "UTC")
                state.entry = entry
                state.error = error
                state.lifecycle = .failed(error: error)
                state.failure = .openFailed(error, entryIsResume: entry.isResume)
                _ = checkedModel(of: state)
            }
        }
        let later: [InquiryFailureView.Reason] = [
            .accessEnded(.tokenExpired), .saveFailed(.recordMapping(message: "the mapper failed")),
            .saveFailed(.fileTooLarge(limitBytes: InquiryError.imageLimitBytes)),
        ]
        for reason in later {
            var state = runningState()
            state.failure = reason
            _ = checkedModel(of: state)
        }
    }

    func testEveryLifecycleAndStatusMatchesTheModelSchema() {
        _ = checkedModel(of: InquiryReducer.State(sdkLocale: "de-CH", deviceTimeZone: "UTC"))
        var opening = InquiryReducer.State(sdkLocale: "en", deviceTimeZone: "UTC")
        opening.entry = .start(launchCode: "LC-1")
        opening.loading = true
        _ = checkedModel(of: opening)
        let lifecycles: [InquiryLifecycle] =
            [
                .idle, .started(inquiryId: "inq_1", correlationId: "cor_1"), .failed(error: .expired),
                .closed(outcome: nil),
            ] + TerminalOutcome.allCases.map { .closed(outcome: $0) }
        for lifecycle in lifecycles {
            var state = runningState()
            state.lifecycle = lifecycle
            _ = checkedModel(of: state)
        }
        for status in InquiryStatus.allCases {
            var state = runningState()
            state.status = status
            _ = checkedModel(of: state)
        }
    }

    func testVerifiedIdentitiesOfEveryOutputAndFileFormatMatchTheModelSchema() throws {
        let formats: [BinaryFormat] =
            ["JPEG", "PNG", "WEBP", "HEIF", "TIFF", "GIF", "OTHER"].map {
                .image(ImageMetaView(width: 1200, height: 800, sizeBytes: 250_000, format: $0))
            } + [.pdf, .json, .enc, .txt, .pkpass, .bytes, .other(mediaType: "application/jwt")]
        let files = formats.enumerated().map { index, format in
            IdentityFile(id: "AT_\(index)", field: ArtifactField.allCases[index % 4], format: format)
        }
        var outputs: [VerifierOutput] = DocumentSubType.allCases.enumerated().map { index, subType in
            var output = Self.fullOutput
            output.documentType = IdentityDocumentType.allCases[index % IdentityDocumentType.allCases.count]
            output.documentSubType = subType
            return .govId(output)
        }
        let document = try DocumentOutput(json: [
            "capturedDocumentFront": ["reference": "AT_1", "mimeType": "image/jpeg"],
            "capturedDocumentBack": ["reference": "AT_2"], "documentGroup": "ID", "documentClass": "TD1",
            "extracted": [["key": "name", "value": "Ada"]],
        ])
        outputs += [
            .govIdNfc(GovIdOutput()), .document(document), .selfie(["score": 0.98]), .otpEmail([:]),
            .otpSms(["phone": "+4915123456789"]),
        ]
        for (index, output) in outputs.enumerated() {
            var state = runningState(stage: VerificationFixtures.governmentIdPassed())
            state.identity = VerifiedIdentity(
                inquiryId: "inq_1",
                selectedDocumentType: index == 0 ? nil : IdentityDocumentType.allCases[index % 4],
                output: output, issuedAt: 1_780_000_000, expiresAt: 1_811_536_000, files: files)
            _ = checkedModel(of: state)
        }
    }

    /// A GOV_ID output with every member.
    static var fullOutput: GovIdOutput {
        var output = GovIdOutput()
        output.documentNumber = "C01X00T47"
        output.givenName = "Erika"
        output.familyName = "Mustermann"
        output.middleName = "Anna"
        output.birthdate = "1983-08-12"
        output.placeOfBirth = "Berlin"
        output.sex = "F"
        output.nationality = "DEU"
        output.issuingCountry = "DEU"
        output.issuingAuthority = "Stadt Köln"
        output.issueDate = "2021-03-01"
        output.expirationDate = "2031-02-28"
        output.personalNumber = "123"
        output.address = "Heidestraße 17, Köln"
        output.frontImage = FileRef(reference: "AT_1", mimeType: "image/jpeg")
        output.backImage = FileRef(reference: "AT_2", mimeType: nil)
        return output
    }

    /// One of every InquiryError case (RATE_LIMITED with and without its member).
    static let errors: [InquiryError] = [
        .invalidEntry(field: "launchCode"), .launchCodeInvalid, .launchInvalid, .noActiveInquiry,
        .windowAttestationInvalid(reason: "the signature does not verify"), .tokenExpired, .tokenInvalid, .expired,
        .notController, .network(message: "timed out"), .internal(message: "Bad Gateway"),
        .rateLimited(retryAfterSeconds: 30), .rateLimited(retryAfterSeconds: nil),
        .upstream(status: 418, code: "TEAPOT", message: "I'm a teapot"), .invalidLink(url: "https://256.0.0.1/"),
        .linkRefused(url: "https://app.example.com/done"), .schemaValidation(message: "DG2 is missing"),
        .fieldValidation(message: "Check your answers", fields: ["name": "is required"]),
        .platform(message: "scan is not a file field of this step"), .localeNotSaved(locale: "de"),
        .invalidState(message: "another capture session"), .invalidStepType(message: "not a selfie step"),
        .upload(message: "this step uploads to document, not selfie"), .missingCaptureField,
        .fileUnreadable(field: "scan"), .fileTooLarge(limitBytes: 33_554_432),
        .recordMapping(message: "the mapper failed"), .handoffExpired, .handoffConsumed, .handoffMismatch,
        .invalidCode(message: "The code is not valid."), .expiredCode(message: "The code expired."),
        .attemptsExhausted(message: "No attempts left."), .confirmExhausted(message: "No codes left."),
        .invalidTarget(message: "Not an email address."), .missingTarget(message: "No address."),
        .deliveryFailed(message: "The code could not be sent."),
    ]
}
