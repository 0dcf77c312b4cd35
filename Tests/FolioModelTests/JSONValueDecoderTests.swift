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
}
