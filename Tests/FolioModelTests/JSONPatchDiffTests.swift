import FolioModel
import XCTest

/// A diff made between two models, applied to the first, gives the second exactly: checked over generated
/// documents that change the way models do (members added, removed and changed; lists growing, shrinking and
/// reordered).
final class JSONPatchDiffTests: XCTestCase {
    func testApplyingTheDiffOfTwoGeneratedDocumentsToTheFirstGivesTheSecondExactly() throws {
        var random = SeededRandom(seed: 0x5EED_F011)
        for round in 0..<2_000 {
            let a = random.document(depth: 4)
            let b = random.bool(0.3) ? random.document(depth: 4) : random.changed(a, depth: 4)
            let patch = JSONPatch.diff(from: a, to: b)
            let applied = try patch.apply(to: a)
            XCTAssertEqual(applied, b, "round \(round): \(patch.json)")
            let read = try JSONPatch(json: try JSONParser.parse(patch.json.jsonString))
            // Equal as JSON: a whole double such as 3.0 travels as `3`.
            XCTAssertTrue(
                JSONValue.jsonEqual(read.json, patch.json), "round \(round): the patch reads back from its wire text")
        }
    }

    func testTheDiffOfADocumentAndItselfIsEmpty() {
        let document: JSONValue = ["items": [["id": "a"], ["id": "b"]], "phase": ["type": "READY"]]
        XCTAssertTrue(JSONPatch.diff(from: document, to: document).isEmpty)
    }

    func testOneElementAddedInTheMiddleOfAListIsOneAdd() {
        let a: JSONValue = ["items": [1, 2, 4, 5]]
        let b: JSONValue = ["items": [1, 2, 3, 4, 5]]
        XCTAssertEqual(JSONPatch.diff(from: a, to: b), JSONPatch([.add(JSONPointer("/items/2")!, 3)]))
    }

    func testAMemberNameWithSlashAndTildeIsEscapedInThePath() throws {
        let a: JSONValue = ["a/b~c": 1]
        let b: JSONValue = ["a/b~c": 2]
        let patch = JSONPatch.diff(from: a, to: b)
        XCTAssertEqual(patch.json, [["op": "replace", "path": "/a~1b~0c", "value": 2]])
        XCTAssertEqual(try patch.apply(to: a), b)
    }
}

/// A small deterministic generator (SplitMix64), so a failing round can be reproduced.
struct SeededRandom {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    mutating func int(_ bound: Int) -> Int { Int(next() % UInt64(max(bound, 1))) }

    mutating func bool(_ probability: Double = 0.5) -> Bool { Double(next() % 10_000) / 10_000 < probability }

    mutating func scalar() -> JSONValue {
        switch int(6) {
        case 0: return .null
        case 1: return .bool(bool())
        case 2: return .int(Int64(int(1000)) - 500)
        case 3: return .double(Double(int(1000)) / 8)
        default: return .string(["", "a", "b/c", "~x", "Grüße", "READY", "id"][int(7)])
        }
    }

    mutating func document(depth: Int) -> JSONValue {
        guard depth > 0, bool(0.7) else { return scalar() }
        if bool() {
            return .array((0..<int(5)).map { _ in document(depth: depth - 1) })
        }
        var members: JSONObject = [:]
        for _ in 0..<int(5) { members[["a", "b", "items", "x/y", "m~n", ""][int(6)]] = document(depth: depth - 1) }
        return .object(members)
    }

    /// `value` with some changes made the way models change.
    mutating func changed(_ value: JSONValue, depth: Int) -> JSONValue {
        switch value {
        case .object(var members):
            for key in members.keys.sorted() {
                switch int(4) {
                case 0: members[key] = nil
                case 1: members[key] = changed(members[key] ?? .null, depth: depth - 1)
                default: break
                }
            }
            if bool(0.3) { members["new"] = document(depth: depth - 1) }
            return .object(members)
        case .array(var elements):
            if !elements.isEmpty, bool(0.3) { elements.remove(at: int(elements.count)) }
            if bool(0.3) { elements.insert(document(depth: depth - 1), at: int(elements.count + 1)) }
            if elements.count > 1, bool(0.2) { elements.swapAt(0, elements.count - 1) }
            return .array(elements.map { bool(0.3) ? changed($0, depth: depth - 1) : $0 })
        default:
            return bool(0.5) ? scalar() : value
        }
    }
}
