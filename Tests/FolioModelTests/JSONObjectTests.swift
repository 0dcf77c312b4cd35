import FolioModel
import XCTest

final class JSONObjectTests: XCTestCase {
    func testMembersAreKeptSortedByNameAndWrittenInThatOrder() throws {
        var object: JSONObject = ["b": 2, "c": 3]
        object["a"] = 1
        object["ab"] = "x"
        XCTAssertEqual(Array(object.keys), ["a", "ab", "b", "c"])
        XCTAssertEqual(
            String(decoding: JSONValue.object(object).serialized(), as: UTF8.self), #"{"a":1,"ab":"x","b":2,"c":3}"#)
    }

    func testAMissingMemberReadsAsNoValueAndANullOneAsNull() {
        let object: JSONObject = ["a": nil, "c": 1]
        XCTAssertNil(object["b"])
        XCTAssertNil(JSONValue.object(object)["b"])
        XCTAssertEqual(object["a"], .some(.null))
    }

    func testARepeatedNameKeepsItsLastValueAsTheParserReadsIt() throws {
        let pairs: [(String, JSONValue)] = [("b", 1), ("a", 2), ("b", 3), ("a", 4), ("c", 5)]
        let object = JSONObject(pairs)
        XCTAssertEqual(Array(object.keys), ["a", "b", "c"])
        XCTAssertEqual(object["a"], 4)
        XCTAssertEqual(object["b"], 3)
        XCTAssertEqual(try JSONParser.parse(Array(#"{"x":1,"x":2}"#.utf8)), ["x": 2])
        let many: [(String, JSONValue)] = (0..<500).map { ("k\(($0 * 7) % 37)", .int(Int64($0))) }
        XCTAssertEqual(JSONObject(many).dictionary, Dictionary(many, uniquingKeysWith: { _, last in last }))
    }

    func testInsertionsAndRemovalsInAnyOrderAgreeWithADictionary() {
        var generator = SystemRandomNumberGenerator()
        var object = JSONObject()
        var dictionary: [String: JSONValue] = [:]
        for step in 0..<2_000 {
            let key = "k\(Int.random(in: 0..<300, using: &generator))"
            if Int.random(in: 0..<4, using: &generator) == 0 {
                XCTAssertEqual(object.removeValue(forKey: key), dictionary.removeValue(forKey: key))
            } else {
                XCTAssertEqual(object[key], dictionary[key])
                XCTAssertEqual(
                    object.updateValue(.int(Int64(step)), forKey: key),
                    dictionary.updateValue(.int(Int64(step)), forKey: key))
            }
        }
        XCTAssertEqual(object.dictionary, dictionary)
        XCTAssertEqual(Array(object.keys), dictionary.keys.sorted())
        XCTAssertEqual(object, JSONObject(dictionary))
    }

    func testObjectsWithTheSameMembersAreEqualAndHashAlikeWhateverOrderBuiltThemAndUnequalOtherwise() {
        let forward: JSONObject = ["a": 1, "b": [1, 2], "c": ["d": nil]]
        var backward = JSONObject()
        backward["c"] = ["d": nil]
        backward["b"] = [1, 2]
        backward["a"] = 1
        XCTAssertEqual(forward, backward)
        XCTAssertEqual(forward.hashValue, backward.hashValue)
        backward["a"] = 2
        XCTAssertNotEqual(forward, backward)
        backward["a"] = 1
        backward["e"] = 1
        XCTAssertNotEqual(forward, backward)
    }

    func testACopyEqualsItsOriginalUntilEitherChangesAndThenOnlyByItsMembers() {
        let original: JSONObject = ["a": 1, "b": ["c": "d"]]
        var copy = original
        XCTAssertEqual(copy, original)
        copy["b"] = ["c": "e"]
        XCTAssertNotEqual(copy, original)
        copy["b"] = ["c": "d"]
        XCTAssertEqual(copy, original)
        let both = JSONValue.array([.object(original), .object(copy)])
        XCTAssertEqual(both, .array([.object(copy), .object(original)]))
    }
}
