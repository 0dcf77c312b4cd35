import FolioModel
import XCTest

final class JSONParserTests: XCTestCase {
    func testParsesEveryValueKind() throws {
        let value = try JSONParser.parse(
            #" {"a": [1, -2, 3.5, 1e3, true, false, null, "x\n\u00e9\ud83d\ude00"], "b": {}} "#)
        XCTAssertEqual(value, ["a": [1, -2, 3.5, 1000.0, true, false, nil, "x\né😀"], "b": [:]])
    }

    func testKeepsSixtyFourBitIntegers() throws {
        XCTAssertEqual(try JSONParser.parse("9007199254740993"), .int(9_007_199_254_740_993))
        XCTAssertEqual(try JSONParser.parse("-9223372036854775808"), .int(Int64.min))
    }

    func testRejectsMalformedDocuments() {
        for text in [
            "", "{", "[1,]", "{\"a\":1,}", "01", "1.", "-", "tru", "\"\u{01}\"", "\"\\x\"", "[1] 2", "{'a':1}",
            "\"\\ud800\"", "NaN",
        ] {
            XCTAssertThrowsError(try JSONParser.parse(text), "accepted \(text)")
        }
    }

    func testRejectsInvalidUTF8() {
        XCTAssertThrowsError(try JSONParser.parse([0x22, 0xFF, 0x22]))
    }

    func testNestingLimitIsEnforced() throws {
        let ok = String(repeating: "[", count: 10) + String(repeating: "]", count: 10)
        XCTAssertNoThrow(try JSONParser.parse(ok, maxDepth: 10))
        let deep = String(repeating: "[", count: 11) + String(repeating: "]", count: 11)
        XCTAssertThrowsError(try JSONParser.parse(deep, maxDepth: 10))
        let hostile = String(repeating: "[", count: 100_000)
        XCTAssertThrowsError(try JSONParser.parse(hostile))
    }

    func testSerializationRoundTripsAndIsCanonical() throws {
        let value: JSONValue = ["z": 1, "a": ["q\"uote", "back\\slash", "tab\t", "\u{1}"], "m": 2.25, "n": nil]
        let text = value.jsonString
        XCTAssertEqual(text, #"{"a":["q\"uote","back\\slash","tab\t","\u0001"],"m":2.25,"n":null,"z":1}"#)
        XCTAssertEqual(try JSONParser.parse(text), value)
    }

    func testEveryByteThatNeedsAnEscapeIsEscapedWhereverItFallsInALongString() throws {
        // Strings are copied eight bytes at a time: put each special byte at every offset of a word.
        for special in ["\"", "\\", "\n", "\t", "\u{1}", "\u{1f}", "é", "😀"] {
            for offset in 0..<17 {
                let text = String(repeating: "a", count: offset) + special + String(repeating: "b", count: 20 - offset)
                let serialized = JSONValue.string(text).jsonString
                XCTAssertEqual(try JSONParser.parse(serialized), .string(text), "\(special) at \(offset)")
                XCTAssertFalse(serialized.dropFirst().dropLast().contains { $0.asciiValue.map { $0 < 0x20 } ?? false })
            }
        }
        XCTAssertEqual(JSONValue.string(String(repeating: "x", count: 1000) + "\"").jsonString.count, 1004)
    }

    func testAControlCharacterInALongStringIsRefusedWhereverItIs() {
        // Before any escape, and after one (the string is then copied run by run).
        for prefix: [UInt8] in [[], [0x5C, 0x22]] {
            for offset in 0..<17 {
                let bytes =
                    [0x22] + prefix + Array(repeating: UInt8(ascii: "a"), count: offset) + [0x01]
                    + Array(repeating: UInt8(ascii: "b"), count: 20) + [0x22]
                XCTAssertThrowsError(try JSONParser.parse(bytes), "control character at \(offset)") { error in
                    XCTAssertEqual((error as? JSONParseError)?.offset, 1 + prefix.count + offset)
                }
            }
        }
    }

    func testCodableBridgeDecodesWithPaths() throws {
        struct Point: Codable, Equatable { let x: Int; let y: Int }
        XCTAssertEqual(try JSONValue(encoding: Point(x: 1, y: 2)), ["x": 1, "y": 2])
        XCTAssertEqual(try (["x": 3, "y": 4] as JSONValue).decode(Point.self), Point(x: 3, y: 4))
        XCTAssertThrowsError(try (["x": 3] as JSONValue).decode(Point.self)) { error in
            XCTAssertTrue(String(describing: error).contains("y"), "\(error)")
        }
    }
}

final class WireIdentifierTests: XCTestCase {
    func testStoreIdsCarryTheirServiceAndAreUnguessable() throws {
        let id = StoreID.generate(for: .inquiry)
        XCTAssertTrue(id.rawValue.hasPrefix("inq_"))
        XCTAssertEqual(StoreID(id.rawValue)?.service, .inquiry)
        XCTAssertNotEqual(StoreID.generate(for: .inquiry), StoreID.generate(for: .inquiry))
        XCTAssertNil(StoreID("inq_short"))
        XCTAssertNil(StoreID("zzz_" + String(repeating: "a", count: 26)))
        XCTAssertNil(StoreID("inq_" + String(repeating: "A", count: 26)))
    }

    func testLocaleTagsAreWellFormedBCP47() {
        XCTAssertEqual(LocaleTag("de-CH")?.language, "de")
        XCTAssertNotNil(LocaleTag("zh-Hant-TW"))
        XCTAssertNil(LocaleTag(""))
        XCTAssertNil(LocaleTag("e"))
        XCTAssertNil(LocaleTag("en_US"))
        XCTAssertNil(LocaleTag("en-"))
    }

    func testTaggedValuesUseScreamingSnakeTypes() {
        XCTAssertEqual(TaggedValue.screamingSnake("awaitingInput"), "AWAITING_INPUT")
        XCTAssertEqual(TaggedValue(type: "OTP", value: ["length": 6]).json, ["type": "OTP", "value": ["length": 6]])
        XCTAssertEqual(TaggedValue(json: ["type": "IDLE"]), TaggedValue(type: "IDLE"))
        XCTAssertNil(TaggedValue(json: ["value": 1]))
    }
}

extension JSONParserTests {
    /// Strings are checked as UTF-8 by the Unicode standard's rules: every sequence is accepted exactly when the
    /// standard library's validation accepts it, plain or after an escape, and reads back as the same text.
    func testAStringIsAcceptedExactlyWhenItsBytesAreValidUTF8() throws {
        let sequences: [[UInt8]] = [
            [0x41], [0xC3, 0xA9], [0xE2, 0x82, 0xAC], [0xF0, 0x9F, 0x98, 0x80], [0xF4, 0x8F, 0xBF, 0xBF],
            [0xEF, 0xBF, 0xBF], [0xED, 0x9F, 0xBF], [0xEE, 0x80, 0x80],
            [0x80], [0xBF], [0xC0, 0x80], [0xC1, 0xBF], [0xE0, 0x80, 0x80], [0xE0, 0x9F, 0xBF],
            [0xF0, 0x80, 0x80, 0x80], [0xF0, 0x8F, 0xBF, 0xBF], [0xED, 0xA0, 0x80], [0xED, 0xBF, 0xBF],
            [0xF4, 0x90, 0x80, 0x80], [0xF5, 0x80, 0x80, 0x80], [0xFE], [0xFF], [0xC3], [0xE2, 0x82],
            [0xF0, 0x9F, 0x98], [0xC3, 0x41], [0xE2, 0x41, 0xAC], [0xC3, 0xA9, 0xA9],
        ]
        for sequence in sequences {
            let expected = String(validating: sequence, as: UTF8.self)
            for prefix: [UInt8] in [[], Array(#"a\n"#.utf8)] {
                let document = [0x22] + prefix + sequence + [0x22]
                let parsed = try? JSONParser.parse(document)
                let expectedValue = expected.map { JSONValue.string((prefix.isEmpty ? "" : "a\n") + $0) }
                XCTAssertEqual(parsed, expectedValue, "\(sequence) after \(prefix)")
            }
        }
    }
}
