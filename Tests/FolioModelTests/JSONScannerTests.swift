import FolioModel
import XCTest

final class JSONScannerTests: XCTestCase {
    private func members(_ text: String, maxDepth: Int = JSONParser.defaultMaxDepth) throws -> [(String, String)] {
        try JSONScanner.members(of: Array(text.utf8), maxDepth: maxDepth).map {
            ($0.name, String(decoding: $0.value.bytes, as: UTF8.self))
        }
    }

    func testFindsEachMemberAsItsBytes() throws {
        let found = try members(#" { "a" : [1, {"b": "}"}] , "c":"x\"]}" ,"d":-1.5e3,"e":{}, "f":null} "#)
        XCTAssertEqual(found.map(\.0), ["a", "c", "d", "e", "f"])
        XCTAssertEqual(found.map(\.1), [#"[1, {"b": "}"}]"#, #""x\"]}""#, "-1.5e3", "{}", "null"])
    }

    func testReadsEscapedNames() throws {
        XCTAssertEqual(try members(#"{"\u0072esult":1,"a\"b":2}"#).map(\.0), ["result", "a\"b"])
    }

    func testKeepsDuplicateNamesInOrder() throws {
        XCTAssertEqual(try members(#"{"a":1,"a":2}"#).map(\.1), ["1", "2"])
    }

    func testValuesParseToWhatTheParserReads() throws {
        let text = #"{"deep":{"x":[1,[2,[3,{"y":"\ud83d\ude00 é"}]]],"z":true},"n":9007199254740993}"#
        let whole = try JSONParser.parse(text)
        for member in try JSONScanner.members(of: Array(text.utf8)) {
            XCTAssertEqual(try member.value.parsed(), whole[member.name])
        }
    }

    func testRefusesWhatIsNotOneObject() {
        for text in ["", "[]", "1", "\"a\"", "{} {}", "{}x", "null"] {
            XCTAssertThrowsError(try members(text), "accepted \(text)")
        }
    }

    func testRefusesMalformedValuesAnywhere() {
        for text in [
            "{", #"{"a"}"#, #"{"a":}"#, #"{"a":1,}"#, #"{"a":[1,]}"#, #"{"a":01}"#, #"{"a":1.}"#, #"{"a":-}"#,
            #"{"a":tru}"#, "{\"a\":\"\u{01}\"}", #"{"a":"\x"}"#, #"{'a':1}"#, #"{"a":"\ud800"}"#, #"{"a":"\udc00"}"#,
            #"{"a":NaN}"#, #"{"a":1e400}"#, #"{"a":[1 2]}"#, #"{"a":{"b" 1}}"#, #"{"a":{"b":1]}"#, #"{"a":[1}"#,
            #"{"a":"unterminated}"#, #"{"a":"\u12"}"#, #"{1:2}"#,
        ] {
            XCTAssertThrowsError(try members(text), "accepted \(text)")
        }
    }

    func testRefusesInvalidUTF8() {
        for bytes: [UInt8] in [
            [0x7B, 0x22, 0xFF, 0x22, 0x3A, 0x31, 0x7D], [0x7B, 0x22, 0x61, 0x22, 0x3A, 0x22, 0xC0, 0x80, 0x22, 0x7D],
        ] {
            XCTAssertThrowsError(try JSONScanner.members(of: bytes))
        }
    }

    func testNamesWhereTheErrorIs() {
        XCTAssertThrowsError(try members(#"{"a":[1,2,}"#)) { error in
            XCTAssertEqual((error as? JSONParseError)?.offset, 10)
        }
    }

    func testNestingLimitMatchesTheParser() throws {
        for depth in 1...6 {
            let text =
                "{\"a\":" + String(repeating: "[", count: depth - 1) + String(repeating: "]", count: depth - 1) + "}"
            let parsed = (try? JSONParser.parse(text, maxDepth: 4)) != nil
            let scanned = (try? members(text, maxDepth: 4)) != nil
            XCTAssertEqual(scanned, parsed, "depth \(depth)")
        }
        let deep = "{\"a\":" + String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000) + "}"
        XCTAssertThrowsError(try members(deep, maxDepth: 512))
    }

    /// The scanner and the parser agree on every input: what one accepts as an object the other accepts too,
    /// with the same members; and no input crashes either. Inputs are valid texts with bytes changed, cut or
    /// repeated, from a fixed seed.
    func testAgreesWithTheParserOnMangledTexts() throws {
        let seeds = [
            #"{"jsonrpc":"2.0","id":7,"result":{"a":[1,2.5,-3e2,"x\"y\\z\u00e9",true,false,null],"b":{}}}"#,
            #"{"jsonrpc":"2.0","id":"s","error":{"code":-32000,"message":"m","data":[{"k":"\ud83d\ude00"}]}}"#,
            #"{"a":[[[[{"b":[]}]]]],"c":"é","d":0}"#,
        ].map { Array($0.utf8) }
        let alphabet = Array(#"{}[],:"\ u0123456789.eE+-tfnrlsa"#.utf8) + [0x00, 0x1F, 0xC3, 0xA9, 0xFF, 0xED]
        var random = SplitMix(seed: 0x5EED)
        for round in 0..<20_000 {
            var bytes = seeds[round % seeds.count]
            for _ in 0..<(1 + random.next(below: 3)) {
                let at = random.next(below: bytes.count)
                switch random.next(below: 4) {
                case 0: bytes[at] = alphabet[random.next(below: alphabet.count)]
                case 1: bytes.remove(at: at)
                case 2: bytes.insert(alphabet[random.next(below: alphabet.count)], at: at)
                default: bytes = Array(bytes[..<at])
                }
                if bytes.isEmpty { break }
            }
            let parsed = try? JSONParser.parse(bytes, maxDepth: 8)
            let scanned = try? JSONScanner.members(of: bytes, maxDepth: 8)
            guard case .object(let object)? = parsed else {
                XCTAssertNil(scanned, "scanner accepted \(String(decoding: bytes, as: UTF8.self))")
                continue
            }
            guard let scanned else {
                XCTFail("scanner refused \(String(decoding: bytes, as: UTF8.self))")
                continue
            }
            var last: JSONObject = [:]
            for member in scanned { last[member.name] = try member.value.parsed(maxDepth: 8) }
            XCTAssertEqual(last, object)
        }
    }
}

/// A small deterministic generator for the mangled inputs.
private struct SplitMix {
    var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next(below bound: Int) -> Int {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        z ^= z >> 31
        return Int(z % UInt64(max(bound, 1)))
    }
}
