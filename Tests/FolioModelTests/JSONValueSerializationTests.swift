import FolioModel
import XCTest

final class JSONValueSerializationTests: XCTestCase {
    /// Nested objects and arrays, escapes, non-ASCII text, numbers, and one string longer than any piece.
    private func sample() -> JSONValue {
        let items: [JSONValue] = (0..<400).map { index in
            let text: JSONValue = .string(index % 3 == 0 ? "line\n\"quoted\"\\ zürich 🏔 \u{1}" : "plain")
            let deep: JSONValue = ["deep": .array([.int(Int64(index))])]
            let tags: JSONValue = .array([.bool(index % 2 == 0), .null, deep])
            let id: JSONValue = .string("rec_\(index)")
            let number: JSONValue = .int(Int64(index) * -7)
            let ratio: JSONValue = .double(Double(index) / 8)
            return ["id": id, "n": number, "ratio": ratio, "text": text, "tags": tags]
        }
        return ["records": .array(items), "long": .string(String(repeating: "x", count: 5_000)), "empty": [:]]
    }

    func testPiecesJoinedAreTheWholeSerializationAndEveryPieceButTheLastHoldsAtLeastThePieceSize() {
        let value = sample()
        let whole = value.serialized()
        for pieceSize in [1, 64, 1_000, 4_096, whole.count, whole.count * 2] {
            var pieces: [[UInt8]] = []
            value.serialized(inPiecesOf: pieceSize) { pieces.append(Array($0)) }
            XCTAssertEqual(pieces.flatMap { $0 }, whole, "pieces of \(pieceSize)")
            XCTAssertTrue(pieces.dropLast().allSatisfy { $0.count >= pieceSize }, "pieces of \(pieceSize)")
            XCTAssertTrue(pieces.allSatisfy { !$0.isEmpty }, "pieces of \(pieceSize)")
            if pieceSize <= 4_096 { XCTAssertGreaterThan(pieces.count, 1, "pieces of \(pieceSize)") }
        }
    }

    func testAScalarIsOnePiece() {
        for value: JSONValue in [.null, .bool(true), .int(-12), .double(0.5), .string("a\"b")] {
            var pieces: [[UInt8]] = []
            value.serialized(inPiecesOf: 1) { pieces.append(Array($0)) }
            XCTAssertEqual(pieces, [value.serialized()])
        }
    }
}
