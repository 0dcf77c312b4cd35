import FolioModel
import Foundation
import XCTest

final class JSONValueEncoderTests: XCTestCase {
    private struct Numbers: Codable, Equatable {
        var int = -1
        var int8: Int8 = -8
        var int16: Int16 = -16
        var int32: Int32 = -32
        var int64: Int64 = -64
        var uint: UInt = 1
        var uint8: UInt8 = 8
        var uint16: UInt16 = 16
        var uint32: UInt32 = 32
        var uint64: UInt64 = 64
        var float: Float = 0.5
        var double = 1.25
        var bool = true
    }

    private enum Shape: Codable, Equatable {
        case circle(radius: Double)
        case square(Int)
        case none
    }

    private enum Color: String, Codable { case red = "RED" }

    private struct Item: Codable, Equatable {
        var id: String
        var note: String?
    }

    /// Encodes through nested containers, a super encoder and nil, as hand-written `encode(to:)`s do.
    private struct Custom: Encodable {
        enum Keys: String, CodingKey { case outer, list, parent, empty }
        enum Inner: String, CodingKey { case value }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Keys.self)
            var outer = container.nestedContainer(keyedBy: Inner.self, forKey: .outer)
            try outer.encode("inside", forKey: .value)
            var list = container.nestedUnkeyedContainer(forKey: .list)
            try list.encode(1)
            try list.encode("two")
            try list.encodeNil()
            var pair = list.nestedUnkeyedContainer()
            try pair.encode(true)
            var member = list.nestedContainer(keyedBy: Inner.self)
            try member.encode(3.5, forKey: .value)
            try Item(id: "p", note: nil).encode(to: container.superEncoder(forKey: .parent))
            try container.encodeNil(forKey: .empty)
        }
    }

    private struct Everything: Encodable {
        var numbers = Numbers()
        var text = "text"
        var missing: Int?
        var present: Int? = 7
        var color = Color.red
        var shapes: [Shape] = [.circle(radius: 0.5), .square(2), .none]
        var items = [Item(id: "a"), Item(id: "b", note: "n")]
        var byName = ["x": 1, "y": 2]
        var byNumber = [3: "three"]
        var when = Date(timeIntervalSinceReferenceDate: 12.5)
        var data = Data([1, 2, 3])
        var url = URL(string: "https://example.com/a?b=c")
        var json: JSONValue = ["k": [1, "v", nil]]
        var custom = Custom()
    }

    func testEncodesWhatJSONEncoderEncodes() throws {
        let value = Everything()
        let expected = try JSONParser.parse(Array(JSONEncoder().encode(value)))
        XCTAssertEqual(try JSONValueEncoder().encode(value), expected)
        XCTAssertEqual(try JSONValueEncoder().encode([value, value]), .array([expected, expected]))
        XCTAssertEqual(try JSONValueEncoder().encode("alone"), "alone")
    }

    func testANilMemberIsLeftOutOrWrittenAsNullAsAsked() throws {
        XCTAssertEqual(try JSONValueEncoder().encode(Item(id: "a")), ["id": "a"])
        XCTAssertEqual(try JSONValueEncoder(nilEncoding: .null).encode(Item(id: "a")), ["id": "a", "note": nil])
    }

    func testAMemberEncodedTwiceKeepsItsLastValue() throws {
        struct Twice: Encodable {
            enum Keys: CodingKey { case a }
            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: Keys.self)
                try container.encode(1, forKey: .a)
                try container.encode(2, forKey: .a)
            }
        }
        XCTAssertEqual(try JSONValueEncoder().encode(Twice()), ["a": 2])
    }

    func testANumberJSONCannotHoldIsRefusedWithItsPath() throws {
        struct Holder: Encodable { var items: [Numbers] }
        var bad = Numbers()
        bad.double = .nan
        XCTAssertThrowsError(try JSONValueEncoder().encode(Holder(items: [Numbers(), bad]))) { error in
            guard case EncodingError.invalidValue(_, let context) = error else {
                return XCTFail("\(error)")
            }
            XCTAssertEqual(context.codingPath.map(\.stringValue), ["items", "Index 1", "double"])
            XCTAssertEqual(context.codingPath.map(\.intValue), [nil, 1, nil])
        }
    }
}
