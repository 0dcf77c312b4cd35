import FolioModel
import Foundation
import XCTest

final class JSONValueDecoderTests: XCTestCase {
    private struct Shape: Codable, Equatable {
        enum Color: String, Codable { case red = "RED" }
        var name: String
        var count: Int
        var ratio: Double
        var color: Color
        var tags: [String]
        var nested: [String: [Int]]
        var note: String?
        var when: Date
        var data: Data
    }

    func testDecodesWhatJSONDecoderDecodes() throws {
        let json: JSONValue = [
            "name": "a", "count": 2.0, "ratio": 1, "color": "RED", "tags": ["x"], "nested": ["k": [1, 2]],
            "when": "2025-06-01T12:00:00.250Z", "data": "AQI=", "ignored": true,
        ]
        let shape = try JSONValueDecoder(dateDecoding: .rfc3339).decode(Shape.self, from: json)
        XCTAssertEqual(shape.count, 2)
        XCTAssertEqual(shape.ratio, 1)
        XCTAssertNil(shape.note)
        XCTAssertEqual(shape.nested, ["k": [1, 2]])
        XCTAssertEqual(shape.data, Data([1, 2]))
        XCTAssertEqual(RFC3339Time.format(shape.when), "2025-06-01T12:00:00.250Z")
        let encoded = try JSONValueEncoder(dateEncoding: .rfc3339, nilEncoding: .null).encode(shape)
        XCTAssertEqual(encoded["note"], .null)
        XCTAssertEqual(try JSONValueDecoder(dateDecoding: .rfc3339).decode(Shape.self, from: encoded), shape)
        XCTAssertNil(try JSONValueEncoder(dateEncoding: .rfc3339).encode(shape)["note"])
    }

    func testErrorsNameThePath() throws {
        XCTAssertThrowsError(try JSONValue.object(["name": 1]).decode([String: String].self)) { error in
            XCTAssertTrue("\(error)".contains("name"), "\(error)")
        }
        XCTAssertThrowsError(try JSONValue.object(["items": [["id": "a"], [:]]]).decode(Items.self)) { error in
            XCTAssertEqual("\(error)", "missing field items.[1].id")
        }
        XCTAssertThrowsError(try JSONValue(1.5).decode(Int.self))
    }

    private struct Items: Decodable {
        struct Item: Decodable { var id: String }
        var items: [Item]
    }

    private struct Optionals: Decodable, Equatable {
        struct Inner: Decodable, Equatable { var id: String }
        var text: String?
        var number: Int?
        var flag: Bool?
        var inner: Inner?
        var list: [Int]?
    }

    func testOptionalMembersAreNilWhenMissingOrNullAndThrowWhenOfAnotherType() throws {
        let decoder = JSONValueDecoder()
        XCTAssertEqual(
            try decoder.decode(Optionals.self, from: ["text": nil, "number": nil, "inner": nil]),
            Optionals(text: nil, number: nil, flag: nil, inner: nil, list: nil))
        XCTAssertEqual(
            try decoder.decode(
                Optionals.self,
                from: ["text": "a", "number": 2.0, "flag": false, "inner": ["id": "x"], "list": [1, 2]]),
            Optionals(text: "a", number: 2, flag: false, inner: .init(id: "x"), list: [1, 2]))
        for (member, value) in [("text", 1), ("number", "2"), ("flag", 1), ("inner", "x"), ("list", 3)]
            as [(String, JSONValue)]
        {
            XCTAssertThrowsError(try decoder.decode(Optionals.self, from: [member: value])) { error in
                guard case DecodingError.typeMismatch(_, let context) = error else {
                    return XCTFail("\(member): \(error)")
                }
                XCTAssertEqual(context.codingPath.map(\.stringValue), [member])
            }
        }
        XCTAssertThrowsError(try decoder.decode(Optionals.self, from: ["number": 2.5])) { error in
            guard case DecodingError.dataCorrupted(let context) = error else { return XCTFail("\(error)") }
            XCTAssertEqual(context.codingPath.map(\.stringValue), ["number"])
        }
    }

    private struct Outer: Decodable {
        struct Middle: Decodable { var inner: Leaf }
        struct Leaf: Decodable { var count: UInt8 }
        var outer: [Middle]
    }

    func testAnErrorsCodingPathNamesEveryKeyAndIndexOnTheWay() throws {
        let cases: [(JSONValue, String)] = [
            (["outer": [["inner": ["count": 1]], ["inner": [:]]]], "keyNotFound"),
            (["outer": [["inner": ["count": 1]], ["inner": ["count": "1"]]]], "typeMismatch"),
            (["outer": [["inner": ["count": 1]], ["inner": ["count": 300]]]], "dataCorrupted"),
            (["outer": [["inner": ["count": 1]], ["inner": ["count": nil]]]], "valueNotFound"),
        ]
        for (json, kind) in cases {
            XCTAssertThrowsError(try JSONValueDecoder().decode(Outer.self, from: json)) { error in
                let context: DecodingError.Context
                var keys: [any CodingKey] = []
                switch error {
                case DecodingError.keyNotFound(let key, let found) where kind == "keyNotFound":
                    context = found
                    keys = [key]
                case DecodingError.typeMismatch(_, let found) where kind == "typeMismatch": context = found
                case DecodingError.dataCorrupted(let found) where kind == "dataCorrupted": context = found
                case DecodingError.valueNotFound(_, let found) where kind == "valueNotFound": context = found
                default: return XCTFail("\(kind): \(error)")
                }
                let path = context.codingPath + keys
                XCTAssertEqual(path.map(\.stringValue), ["outer", "Index 1", "inner", "count"], kind)
                XCTAssertEqual(path.map(\.intValue), [nil, 1, nil, nil], kind)
            }
        }
    }

    /// Records the coding path its decoder reports.
    private struct PathProbe: Decodable {
        var path: [String]
        init(from decoder: any Decoder) throws {
            path = decoder.codingPath.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }
        }
    }

    private struct Probes: Decodable {
        struct Nested: Decodable { var probe: PathProbe }
        var top: PathProbe
        var list: [Nested]
        var map: [String: PathProbe]
    }

    func testADecoderKnowsItsCodingPathAtEveryDepth() throws {
        let probes = try JSONValueDecoder().decode(
            Probes.self, from: ["top": 1, "list": [["probe": 1], ["probe": 2]], "map": ["k": 1]])
        XCTAssertEqual(probes.top.path, ["top"])
        XCTAssertEqual(probes.list.map(\.probe.path), [["list", "[0]", "probe"], ["list", "[1]", "probe"]])
        XCTAssertEqual(probes.map["k"]?.path, ["map", "k"])
        XCTAssertEqual(try JSONValueDecoder().decode(PathProbe.self, from: 1).path, [])
    }

    private struct Numbers: Decodable, Equatable {
        var int: Int
        var int64: Int64
        var uint32: UInt32
        var double: Double
        var float: Float
        var bool: Bool
        var string: String
    }

    func testMembersOfEachPrimitiveTypeReadAsASingleValueReadsThem() throws {
        let members: [String: JSONValue] = [
            "int": 2.0, "int64": 9_007_199_254_740_993, "uint32": 4_294_967_295, "double": 3, "float": 0.5,
            "bool": true, "string": "s",
        ]
        let good = JSONValue.object(members)
        func replacing(_ member: String, with value: JSONValue) -> JSONValue {
            var changed = members
            changed[member] = value
            return .object(changed)
        }
        XCTAssertEqual(
            try JSONValueDecoder().decode(Numbers.self, from: good),
            Numbers(
                int: 2, int64: 9_007_199_254_740_993, uint32: 4_294_967_295, double: 3, float: 0.5, bool: true,
                string: "s"))
        for member in ["int", "int64", "uint32", "double", "float", "bool", "string"] {
            for (bad, kind) in [(JSONValue.null, "valueNotFound"), (["x"], "typeMismatch")] {
                XCTAssertThrowsError(try JSONValueDecoder().decode(Numbers.self, from: replacing(member, with: bad))) {
                    error in
                    switch error {
                    case DecodingError.valueNotFound(_, let context) where kind == "valueNotFound",
                        DecodingError.typeMismatch(_, let context) where kind == "typeMismatch":
                        XCTAssertEqual(context.codingPath.map(\.stringValue), [member])
                    default:
                        XCTFail("\(member) \(kind): \(error)")
                    }
                }
            }
        }
        for (member, value) in [("int", 2.5), ("uint32", -1), ("uint32", 4_294_967_296), ("float", 1e300)]
            as [(String, JSONValue)]
        {
            XCTAssertThrowsError(try JSONValueDecoder().decode(Numbers.self, from: replacing(member, with: value))) {
                error in
                guard case DecodingError.dataCorrupted(let context) = error else { return XCTFail("\(error)") }
                XCTAssertEqual(context.codingPath.map(\.stringValue), [member])
            }
        }
    }
}
