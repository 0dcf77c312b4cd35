import FolioClient
import XCTest

@testable import InquiryService

/// Folio's answers as the store's errors (spec "Errors").
final class InquiryFolioErrorTests: XCTestCase {
    func testFoliosCodesBecomeTheStoresErrors() {
        XCTAssertEqual(InquiryError(folio: .launchCodeInvalid), .launchCodeInvalid)
        XCTAssertEqual(InquiryError(folio: .launchInvalid), .launchInvalid)
        XCTAssertEqual(InquiryError(folio: .tokenExpired), .tokenExpired)
        XCTAssertEqual(InquiryError(folio: .tokenInvalid), .tokenInvalid)
        XCTAssertEqual(InquiryError(folio: .expired), .expired)
        XCTAssertEqual(InquiryError(folio: .notController), .notController)
        XCTAssertEqual(InquiryError(folio: .inquiryNotFound), .noActiveInquiry)
        XCTAssertEqual(
            InquiryError(folio: .fieldValidation(message: "m", fields: ["a": "b"])),
            .fieldValidation(message: "m", fields: ["a": "b"]))
        XCTAssertEqual(InquiryError(folio: .fileTooLarge(limitBytes: 5)), .fileTooLarge(limitBytes: 5))
        XCTAssertEqual(InquiryError(folio: .internal(message: "boom")), .internal(message: "boom"))
        XCTAssertEqual(InquiryError(folio: .network(message: "timeout")), .network(message: "timeout"))
    }

    func testFoliosCodeStepErrorsBecomeTheCasesOfTheSameNameWithFoliosMessage() {
        XCTAssertEqual(InquiryError(folio: .invalidCode(message: "m")), .invalidCode(message: "m"))
        XCTAssertEqual(InquiryError(folio: .expiredCode(message: "m")), .expiredCode(message: "m"))
        XCTAssertEqual(InquiryError(folio: .attemptsExhausted(message: "m")), .attemptsExhausted(message: "m"))
        XCTAssertEqual(InquiryError(folio: .confirmExhausted(message: "m")), .confirmExhausted(message: "m"))
        XCTAssertEqual(InquiryError(folio: .invalidTarget(message: "m")), .invalidTarget(message: "m"))
        XCTAssertEqual(InquiryError(folio: .missingTarget(message: "m")), .missingTarget(message: "m"))
        XCTAssertEqual(InquiryError(folio: .deliveryFailed(message: "m")), .deliveryFailed(message: "m"))
        XCTAssertEqual(
            InquiryError(folio: .schemaValidation(message: "DG2 missing")), .schemaValidation(message: "DG2 missing"))
    }

    func testAnExchangeAnswerWithoutAnInquiryIdIsNoActiveInquiry() {
        XCTAssertEqual(InquiryError(launch: .malformedAnswer(message: "no inquiryId")), .noActiveInquiry)
        XCTAssertEqual(InquiryError(folio: .malformedAnswer(message: "x")), .invalidState(message: "x"))
    }

    func testARequestStillRunningAtFolioIsRetryable() {
        let error = InquiryError(folio: .upstream(status: 409, code: "IDEMPOTENCY_KEY_IN_PROGRESS", message: "busy"))
        XCTAssertEqual(error, .network(message: "busy"))
        XCTAssertTrue(error.isRetryableKind)
        XCTAssertEqual(
            InquiryError(folio: .upstream(status: 418, code: "TEAPOT", message: "m")),
            .upstream(status: 418, code: "TEAPOT", message: "m"))
    }
}
