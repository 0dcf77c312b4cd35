import XCTest

@testable import InquiryService

final class LinkNormalizerTests: XCTestCase {
    private func normalized(_ url: String, file: StaticString = #filePath, line: UInt = #line) -> String? {
        do {
            return try LinkNormalizer.normalize(url)
        } catch {
            XCTFail("\(url): \(error)", file: file, line: line)
            return nil
        }
    }

    private func assertRejected(
        _ url: String, _ reason: InvalidLinkError.Reason, file: StaticString = #filePath, line: UInt = #line
    ) {
        XCTAssertThrowsError(try LinkNormalizer.normalize(url), url, file: file, line: line) { error in
            XCTAssertEqual(
                error as? InvalidLinkError, InvalidLinkError(url: url, reason: reason), file: file, line: line)
        }
    }

    func testSchemeAndHostAreLowercasedAndAnEmptyPathBecomesSlash() {
        XCTAssertEqual(normalized("HTTPS://Folio.ID"), "https://folio.id/")
        XCTAssertEqual(normalized("https://x.io?q=1"), "https://x.io/?q=1")
        XCTAssertEqual(normalized("https://x.io#top"), "https://x.io/#top")
    }

    func testThePathKeepsItsCase() {
        XCTAssertEqual(normalized("https://X.io/A/b?Q=C#D"), "https://x.io/A/b?Q=C#D")
    }

    func testASpaceIsPercentEncoded() {
        XCTAssertEqual(normalized("https://folio.id/a b"), "https://folio.id/a%20b")
    }

    func testNonASCIIIsPercentEncodedAsUTF8() {
        XCTAssertEqual(normalized("https://x.io/?q=ä"), "https://x.io/?q=%C3%A4")
        XCTAssertEqual(normalized("https://x.io/straße#ü"), "https://x.io/stra%C3%9Fe#%C3%BC")
    }

    func testCharactersNotAllowedInURLsArePercentEncoded() {
        XCTAssertEqual(normalized(#"https://x.io/"<>\^`{|}"#), "https://x.io/%22%3C%3E%5C%5E%60%7B%7C%7D")
        XCTAssertEqual(normalized("https://x.io/a?b[]=1#c#d"), "https://x.io/a?b%5B%5D=1#c%23d")
    }

    func testValidEscapesStayWithUpperCaseHex() {
        XCTAssertEqual(normalized("https://x.io/a%2fb?q=%e2%82%ac"), "https://x.io/a%2Fb?q=%E2%82%AC")
    }

    func testTheDefaultPortIsRemoved() {
        XCTAssertEqual(normalized("http://x.io:80/a"), "http://x.io/a")
        XCTAssertEqual(normalized("https://x.io:443"), "https://x.io/")
        XCTAssertEqual(normalized("https://x.io:8443/"), "https://x.io:8443/")
        XCTAssertEqual(normalized("http://x.io:443/"), "http://x.io:443/")
        XCTAssertEqual(normalized("https://x.io:0443/"), "https://x.io/")
        XCTAssertEqual(normalized("https://x.io:/"), "https://x.io/")
    }

    func testOtherSchemesStayAsTheyAre() {
        XCTAssertEqual(normalized("folio://open/inquiry?id=1"), "folio://open/inquiry?id=1")
        XCTAssertEqual(normalized("mailto:a@b.c"), "mailto:a@b.c")
        XCTAssertEqual(normalized("tel:+41446681800"), "tel:+41446681800")
        XCTAssertEqual(normalized("file:///tmp/a"), "file:///tmp/a")
    }

    func testUserInfoAndIPv6HostsAreKept() {
        XCTAssertEqual(normalized("https://User:Pw@X.io/"), "https://User:Pw@x.io/")
        XCTAssertEqual(normalized("https://[2001:DB8::1]:8080/"), "https://[2001:db8::1]:8080/")
    }

    func testANonASCIIHostIsLowercasedAndPercentEncoded() {
        XCTAssertEqual(normalized("https://BÜCHER.de/"), "https://b%C3%BCcher.de/")
        XCTAssertEqual(normalized("https://b%c3%bccher.de/"), "https://b%C3%BCcher.de/")
    }

    func testSpacesAroundTheURLAreTrimmed() {
        XCTAssertEqual(normalized("  https://x.io/a  "), "https://x.io/a")
    }

    func testNormalizingTwiceChangesNothing() {
        let urls = [
            "HTTPS://Folio.ID", "https://folio.id/a b", "https://x.io/?q=ä", "folio://open/inquiry?id=1",
            "mailto:a@b.c",
            "https://BÜCHER.de:443/ü?ä=ö#<x>", #"http://x.io/"<>\^`{|}[]"#, "https://u ser@x.io/", "https://x.io/%7e",
        ]
        for url in urls {
            guard let once = normalized(url) else { continue }
            XCTAssertEqual(normalized(once), once, url)
        }
    }

    func testEmptyInputIsRejected() {
        assertRejected("", .empty)
        assertRejected("   ", .empty)
    }

    func testControlCharactersAreRejected() {
        assertRejected("https://x.io/a\nb", .controlCharacter)
        assertRejected("https://x.io/\t", .controlCharacter)
        assertRejected("https://x.io/\u{0}", .controlCharacter)
        assertRejected("https://x.io/\u{85}", .controlCharacter)
    }

    func testAURLWithoutSchemeIsRejected() {
        assertRejected("folio.id/a", .noScheme)
        assertRejected("/relative", .noScheme)
        assertRejected("1http://x.io", .noScheme)
        assertRejected("ht tp://x.io", .noScheme)
        assertRejected(":x", .noScheme)
    }

    func testHTTPWithoutHostIsRejected() {
        assertRejected("https://", .noHost)
        assertRejected("https:///a", .noHost)
        assertRejected("http:x.io", .noHost)
        assertRejected("https://user@:8080/", .noHost)
    }

    func testABadPortIsRejected() {
        assertRejected("https://x.io:99999/", .badPort)
        assertRejected("https://x.io:65536/", .badPort)
        assertRejected("https://x.io:8a/", .badPort)
        assertRejected("https://x.io:-1/", .badPort)
        assertRejected("https://x.io:80:80/", .badPort)
        XCTAssertEqual(normalized("https://x.io:65535/"), "https://x.io:65535/")
    }

    func testAHostWithForbiddenCharactersIsRejected() {
        assertRejected("https://exa mple.com:99999/", .badHost)
        assertRejected("https://exa mple.com/", .badHost)
        assertRejected("https://x<y>.io/", .badHost)
        assertRejected("https://x%20y.io/", .badHost)
        assertRejected("https://[::1/", .badHost)
        assertRejected("https://[zz]/", .badHost)
        assertRejected("https://[::1]x/", .badHost)
        assertRejected("https://x\u{A0}y.io/", .badHost)
    }

    func testABadPercentEscapeIsRejected() {
        assertRejected("https://x.io/100%", .badPercentEscape)
        assertRejected("https://x.io/?q=%G1", .badPercentEscape)
        assertRejected("https://x.io/#%4", .badPercentEscape)
        assertRejected("https://x%zz.io/", .badPercentEscape)
    }

    func testTheErrorNamesTheURLAndWhy() {
        let error = InvalidLinkError(url: "https://x.io:99999/", reason: .badPort)
        XCTAssertEqual(
            error.description, #"link "https://x.io:99999/" has a port that is not a number from 0 to 65535"#)
        XCTAssertEqual(InvalidLinkError(url: String(repeating: "a", count: 1000), reason: .noScheme).url.count, 256)
    }
}
