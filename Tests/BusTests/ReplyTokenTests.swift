import XCTest

@testable import Bus

final class ReplyTokenTests: XCTestCase {
    private func token(_ subject: String) -> UInt64? {
        subject.withCString { ReplyToken.last(ofCString: $0) }
    }

    func testTheTokenIsTheDecimalNumberAfterTheLastDotOfTheReplySubject() {
        XCTAssertEqual(token("_INBOX.app.XKQ4RT2M.17"), 17)
        XCTAssertEqual(token("_INBOX.app.XKQ4RT2M.0"), 0)
        XCTAssertEqual(token("_INBOX.app.XKQ4RT2M.18446744073709551615"), UInt64.max)
        XCTAssertEqual(token("42"), 42, "a subject without a dot is all token")
    }

    func testASubjectWhoseLastPartIsNotAnUnsignedNumberNamesNoWaiter() {
        for subject in [
            "_INBOX.app.XKQ4RT2M.", "_INBOX.app.XKQ4RT2M.1a", "_INBOX.app.XKQ4RT2M.+1", "_INBOX.app.XKQ4RT2M.-1",
            "_INBOX.app.XKQ4RT2M.18446744073709551616", "_INBOX.app.XKQ4RT2M. 1", "", "_INBOX.app.XKQ4RT2M.١",
        ] {
            XCTAssertNil(token(subject), subject)
        }
    }
}
