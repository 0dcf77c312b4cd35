import Foundation
import XCTest

@testable import InquiryService

/// The URL Standard's own test data (web-platform-tests `urltestdata.json`, in Vectors/whatwg-url) run through
/// the normalizer, which has to agree with `new URL(input)` of a browser.
///
/// The normalizer parses without a base, so a vector counts only when its result does not depend on its base:
/// its input, after the standard's preprocessing (leading and trailing C0 controls and spaces trimmed, tabs and
/// line breaks removed), starts with a scheme, and the vector has no base, or a base of another scheme, or a
/// scheme that is not special (the standard never resolves those against a base). With a base of the same
/// special scheme the standard reads `http:foo` or `http:/foo` relative to the base, so such a vector counts only
/// when two slashes or backslashes follow the scheme, which start an authority whatever the base; a `file:` input
/// with a `file:` base never counts, since it may take the base's host or drive letter.
final class LinkNormalizerURLStandardTests: XCTestCase {
    struct Vector {
        let input: String
        let base: String?
        /// `nil` where the standard refuses the input.
        let href: String?
    }

    static let specialSchemes: Set = ["http", "https", "ws", "wss", "ftp", "file"]

    static func loadVectors() throws -> [Vector] {
        let url = try XCTUnwrap(
            Bundle.module.url(forResource: "urltestdata", withExtension: "json", subdirectory: "Vectors/whatwg-url"))
        let entries = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [Any])
        // Plain strings in the list are comments.
        return try entries.compactMap { $0 as? [String: Any] }.map { object in
            let failure = object["failure"] as? Bool ?? false
            return Vector(
                input: try XCTUnwrap(object["input"] as? String), base: object["base"] as? String,
                href: failure ? nil : try XCTUnwrap(object["href"] as? String))
        }
    }

    /// The vector's scheme when its result does not depend on its base (see the type's comment).
    static func schemeOfAbsoluteInput(_ vector: Vector) -> String? {
        let input = preprocessed(vector.input)
        guard let scheme = scheme(of: input) else { return nil }
        guard let base = vector.base, Self.scheme(of: preprocessed(base)) == scheme, specialSchemes.contains(scheme)
        else { return scheme }
        guard scheme != "file" else { return nil }
        let afterScheme = input.dropFirst(scheme.unicodeScalars.count + 1).prefix(2)
        return afterScheme.count == 2 && afterScheme.allSatisfy({ $0 == "/" || $0 == "\\" }) ? scheme : nil
    }

    private static func preprocessed(_ input: String) -> [Unicode.Scalar] {
        let scalars = Array(input.unicodeScalars)
        let start = scalars.firstIndex { $0.value > 0x20 } ?? scalars.endIndex
        let end = (scalars.lastIndex { $0.value > 0x20 }).map { $0 + 1 } ?? start
        return scalars[start..<end].filter { $0 != "\t" && $0 != "\n" && $0 != "\r" }
    }

    /// `[A-Za-z][A-Za-z0-9+.-]*` before the first `:`, lowercased.
    private static func scheme(of scalars: [Unicode.Scalar]) -> String? {
        func isLetter(_ scalar: Unicode.Scalar) -> Bool { ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) }
        guard let colon = scalars.firstIndex(of: ":"), let first = scalars.first, isLetter(first),
            scalars[..<colon].allSatisfy({
                isLetter($0) || ("0"..."9").contains($0) || "+-.".unicodeScalars.contains($0)
            })
        else { return nil }
        return String(String.UnicodeScalarView(scalars[..<colon])).lowercased()
    }

    private func assertNormalizedLikeTheStandard(
        _ vectors: [Vector], file: StaticString = #filePath, line: UInt = #line
    ) {
        for vector in vectors {
            let result = Result { () throws(InvalidLinkError) in try LinkNormalizer.normalize(vector.input) }
            switch (vector.href, result) {
            case (let href?, .success(let normalized)):
                XCTAssertEqual(normalized, href, "input \(vector.input.debugDescription)", file: file, line: line)
            case (let href?, .failure(let error)):
                XCTFail(
                    "input \(vector.input.debugDescription) should be \(href), but: \(error)", file: file, line: line)
            case (nil, .success(let normalized)):
                XCTFail(
                    "input \(vector.input.debugDescription) should be refused, but is \(normalized)", file: file,
                    line: line)
            case (nil, .failure):
                break
            }
        }
    }

    func testEveryAbsoluteHTTPInputOfTheStandardIsRefusedWhereItFailsAndOtherwiseNormalizedToItsHref() throws {
        let vectors = try Self.loadVectors().filter { ["http", "https"].contains(Self.schemeOfAbsoluteInput($0)) }
        XCTAssertEqual(vectors.count, 371)
        XCTAssertEqual(vectors.filter { $0.href == nil }.count, 203)
        assertNormalizedLikeTheStandard(vectors)
    }

    func testEveryAbsoluteInputOfAnotherSchemeIsRefusedWhereItFailsAndOtherwiseNormalizedToItsHref() throws {
        let vectors = try Self.loadVectors().filter {
            guard let scheme = Self.schemeOfAbsoluteInput($0) else { return false }
            return scheme != "http" && scheme != "https"
        }
        XCTAssertEqual(vectors.count, 304)
        assertNormalizedLikeTheStandard(vectors)
    }

    func testEveryHrefOfTheStandardIsNormalizedToItself() throws {
        let hrefs = try Self.loadVectors().compactMap(\.href)
        XCTAssertEqual(hrefs.count, 596)
        for href in hrefs {
            XCTAssertEqual(try LinkNormalizer.normalize(href), href)
        }
    }

    func testAnIPv4AddressOfFiveNumbersIsRefused() {
        XCTAssertThrowsError(try LinkNormalizer.normalize("https://1.2.3.4.5/"))
    }

    func testAnIPv4AddressWithANumberAbove255IsRefused() {
        XCTAssertThrowsError(try LinkNormalizer.normalize("https://256.0.0.1/"))
    }

    func testAnIPv6AddressOfOnePieceIsRefused() {
        XCTAssertThrowsError(try LinkNormalizer.normalize("https://[1]/"))
    }
}
