import Foundation
import Webhooks
import XCTest

final class WebhookVerifyTests: XCTestCase {
    // The first published vector.
    private let secretText = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw"
    private let id = "msg_p5jXN8AQM9LWM0D4loKWxJek"
    private let timestamp = "1614265330"
    private let body = Array("{\"test\": 2432232314}".utf8)
    private let signature = "v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE="
    private let signedAt = Date(timeIntervalSince1970: 1_614_265_330)

    private var headers: [String: String] {
        ["webhook-id": id, "webhook-timestamp": timestamp, "webhook-signature": signature]
    }

    private func assertRefused(
        headers: [String: String], body: [UInt8]? = nil, now: Date? = nil, _ expected: WebhookVerificationError,
        line: UInt = #line
    ) throws {
        let secret = try WebhookSecret(secretText)
        XCTAssertThrowsError(
            try secret.verify(headers: headers, body: body ?? self.body, now: now ?? signedAt), line: line
        ) {
            error in
            XCTAssertEqual(error as? WebhookVerificationError, expected, "\(error)", line: line)
        }
    }

    func testAChangedBodyHasNoMatchingSignature() throws {
        try assertRefused(headers: headers, body: Array("{\"test\": 2432232315}".utf8), .noMatchingSignature)
    }

    func testAChangedIdHasNoMatchingSignature() throws {
        var changed = headers
        changed["webhook-id"] = "msg_p5jXN8AQM9LWM0D4loKWxJel"
        try assertRefused(headers: changed, .noMatchingSignature)
    }

    func testAChangedTimestampHasNoMatchingSignatureEvenWithinTheTolerance() throws {
        var changed = headers
        changed["webhook-timestamp"] = "1614265331"
        try assertRefused(headers: changed, .noMatchingSignature)
    }

    func testATimestampWithALeadingZeroIsSignedAsWrittenSoTheOriginalSignatureDoesNotMatch() throws {
        var changed = headers
        changed["webhook-timestamp"] = "0" + timestamp
        try assertRefused(headers: changed, .noMatchingSignature)
    }

    func testASignatureByAnotherSecretHasNoMatchingSignature() throws {
        let other = try WebhookSecret("whsec_" + String(repeating: "A", count: 32))
        var changed = headers
        changed["webhook-signature"] = other.signature(id: id, timestamp: 1_614_265_330, body: body)
        try assertRefused(headers: changed, .noMatchingSignature)
    }

    func testTheMatchingV1SignatureIsFoundAmongOthersAndOtherVersionsAreSkipped() throws {
        var listed = headers
        listed["webhook-signature"] =
            "v1a,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE= v1,bm90IGl0 v1,%%% " + signature
        XCTAssertNoThrow(try WebhookSecret(secretText).verify(headers: listed, body: body, now: signedAt))
    }

    func testTheRightSignatureUnderAnotherVersionIsNotAccepted() throws {
        var changed = headers
        changed["webhook-signature"] = "v2," + signature.dropFirst(3)
        try assertRefused(headers: changed, .noMatchingSignature)
    }

    func testAMessageExactlyFiveMinutesOldOrAheadVerifiesAndOneSecondMoreIsOutOfTolerance() throws {
        let secret = try WebhookSecret(secretText)
        XCTAssertNoThrow(try secret.verify(headers: headers, body: body, now: signedAt + 300))
        XCTAssertNoThrow(try secret.verify(headers: headers, body: body, now: signedAt - 300))
        try assertRefused(headers: headers, now: signedAt + 301, .timestampOutOfTolerance)
        try assertRefused(headers: headers, now: signedAt - 301, .timestampOutOfTolerance)
    }

    func testAToleranceOfTenSecondsRefusesAMessageElevenSecondsOld() throws {
        let secret = try WebhookSecret(secretText)
        XCTAssertNoThrow(try secret.verify(headers: headers, body: body, now: signedAt + 10, tolerance: .seconds(10)))
        XCTAssertThrowsError(
            try secret.verify(headers: headers, body: body, now: signedAt + 11, tolerance: .seconds(10))
        ) {
            XCTAssertEqual($0 as? WebhookVerificationError, .timestampOutOfTolerance)
        }
    }

    func testATimestampThatIsNotWholeSecondsInDigitsIsMalformed() throws {
        for text in ["+1614265330", "-1614265330", "1614265330.0", " 1614265330", "1e9", "99999999999999999999"] {
            var changed = headers
            changed["webhook-timestamp"] = text
            try assertRefused(headers: changed, .malformedTimestamp)
        }
    }

    func testEachMissingOrEmptyHeaderIsNamedInTheError() throws {
        for name in ["webhook-id", "webhook-timestamp", "webhook-signature"] {
            var missing = headers
            missing[name] = nil
            try assertRefused(headers: missing, .missingHeader(name))
            missing[name] = ""
            try assertRefused(headers: missing, .missingHeader(name))
        }
    }

    func testHeaderNamesInAnyCaseAreFound() throws {
        let mixed = ["Webhook-Id": id, "WEBHOOK-TIMESTAMP": timestamp, "Webhook-Signature": signature]
        XCTAssertNoThrow(try WebhookSecret(secretText).verify(headers: mixed, body: body, now: signedAt))
    }
}
