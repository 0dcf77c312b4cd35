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

    func testThePathQueryAndFragmentEachPercentEncodeOnlyTheCharactersOfTheirOwnSet() {
        XCTAssertEqual(normalized(#"https://x.io/"<>^`{|}"#), "https://x.io/%22%3C%3E%5E%60%7B|%7D")
        XCTAssertEqual(
            normalized(#"https://x.io/?"<>'`{}[]#"<>'`{}[]#"#), #"https://x.io/?%22%3C%3E%27`{}[]#%22%3C%3E'%60{}[]#"#)
    }

    func testABackslashInAnHTTPPathIsASlash() {
        XCTAssertEqual(normalized(#"https://x.io\a\b"#), "https://x.io/a/b")
    }

    func testDotSegmentsAreResolved() {
        XCTAssertEqual(normalized("https://x.io/a/./b/../c/%2e%2E/d"), "https://x.io/a/d")
        XCTAssertEqual(normalized("https://x.io/../a/.."), "https://x.io/")
    }

    func testEscapesStayAsTheyAre() {
        XCTAssertEqual(normalized("https://x.io/a%2fb?q=%e2%82%ac#%7E"), "https://x.io/a%2fb?q=%e2%82%ac#%7E")
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

    func testANonASCIIHostBecomesLowerCasePunycode() {
        XCTAssertEqual(normalized("https://BÜCHER.de/"), "https://xn--bcher-kva.de/")
        XCTAssertEqual(normalized("https://b%c3%bccher.de/"), "https://xn--bcher-kva.de/")
        XCTAssertEqual(normalized("https://faß.de/"), "https://xn--fa-hia.de/")
    }

    func testAnIPv4HostInHexOctalOrFewerThanFourPartsIsWrittenAsFourDecimalNumbers() {
        XCTAssertEqual(normalized("https://0x7F.1/"), "https://127.0.0.1/")
        XCTAssertEqual(normalized("https://0300.0250.0.1/"), "https://192.168.0.1/")
        XCTAssertEqual(normalized("https://3232235521/"), "https://192.168.0.1/")
    }

    func testAnIPv6HostIsWrittenWithItsLongestZeroRunCompressed() {
        XCTAssertEqual(normalized("https://[0:0:1:0:0:0:0:1]/"), "https://[0:0:1::1]/")
        XCTAssertEqual(normalized("https://[::ffff:192.168.0.1]/"), "https://[::ffff:c0a8:1]/")
    }

    func testSpacesAndControlCharactersAroundTheURLAreTrimmed() {
        XCTAssertEqual(normalized("  https://x.io/a  "), "https://x.io/a")
        XCTAssertEqual(normalized("\u{0}\u{1F} https://x.io/a\u{7}\n"), "https://x.io/a")
    }

    func testTabsAndLineBreaksAreRemoved() {
        XCTAssertEqual(normalized("https://x.io/a\nb"), "https://x.io/ab")
        XCTAssertEqual(normalized("ht\ttps://x.\r\nio/\t"), "https://x.io/")
    }

    func testOtherControlCharactersInThePathArePercentEncoded() {
        XCTAssertEqual(normalized("https://x.io/a\u{0}b"), "https://x.io/a%00b")
        XCTAssertEqual(normalized("https://x.io/\u{7F}\u{85}"), "https://x.io/%7F%C2%85")
    }

    func testSlashesAfterAnHTTPSchemeMayBeMissingOrBackslashes() {
        XCTAssertEqual(normalized("http:x.io"), "http://x.io/")
        XCTAssertEqual(normalized("https:///x.io/a"), "https://x.io/a")
        XCTAssertEqual(normalized(#"https:\\x.io"#), "https://x.io/")
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
        assertRejected(" \t\u{0} ", .empty)
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
        assertRejected("https:///", .noHost)
        assertRejected("https://?q", .noHost)
        assertRejected("http:", .noHost)
        assertRejected("https://user@/", .noHost)
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
        assertRejected("https://x\u{1}y.io/", .badHost)
    }

    func testAHostThatIsNeitherAnIPv4AddressNorADomainIsRejected() {
        assertRejected("https://1.2.3.4.5/", .badHost)
        assertRejected("https://x.io.0x10/", .badHost)
        assertRejected("https://4294967296/", .badHost)
    }

    func testAnInternationalHostThatUTS46RefusesIsRejected() {
        assertRejected("https://x%EF%B7%90.io/", .badHost)
        assertRejected("https://xn--a.io/", .badHost)
    }

    func testAPercentSignWithoutTwoHexDigitsStaysInThePathQueryAndFragment() {
        XCTAssertEqual(normalized("https://x.io/100%"), "https://x.io/100%")
        XCTAssertEqual(normalized("https://x.io/?q=%G1"), "https://x.io/?q=%G1")
        XCTAssertEqual(normalized("https://x.io/#%4"), "https://x.io/#%4")
    }

    func testAPercentSignInAHostIsRejected() {
        assertRejected("https://x%zz.io/", .badHost)
        assertRejected("https://x%25.io/", .badHost)
    }

    func testTheErrorNamesTheURLAndWhy() {
        let error = InvalidLinkError(url: "https://x.io:99999/", reason: .badPort)
        XCTAssertEqual(
            error.description, #"link "https://x.io:99999/" has a port that is not a number from 0 to 65535"#)
        XCTAssertEqual(InvalidLinkError(url: String(repeating: "a", count: 1000), reason: .noScheme).url.count, 256)
    }
}
