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
