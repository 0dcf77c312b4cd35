import Bus
import FolioModel
import XCTest

final class JSONSchemaValidatorTests: XCTestCase {
    private let validator = JSONSchemaValidator(definitions: [
        "Point": .closedObject(["x": .integer, "y": .integer], required: ["x"]),
        "Mode": .tagged(["ON": nil, "DIM": .closedObject(["level": .number], required: ["level"])]),
    ])

    private func violations(_ value: JSONValue, _ schema: JSONSchema) -> [String] {
        validator.violations(of: value, against: schema)
    }

    func testAClosedObjectNeedsItsRequiredMembersAndRefusesOthers() {
        XCTAssertEqual(violations(["x": 1, "y": 2], .ref("Point")), [])
        XCTAssertEqual(violations(["y": 2], .ref("Point")), ["$: x is missing"])
        XCTAssertEqual(violations(["x": 1, "z": 2], .ref("Point")), ["$: z is not a member the schema allows"])
        XCTAssertEqual(violations(["x": "1"], .ref("Point")), ["$.x: \"1\" is not of type integer"])
    }

    func testATaggedValueMatchesExactlyOneCase() {
        XCTAssertEqual(violations(["type": "ON"], .ref("Mode")), [])
        XCTAssertEqual(violations(["type": "DIM", "value": ["level": 0.5]], .ref("Mode")), [])
        XCTAssertFalse(violations(["type": "DIM"], .ref("Mode")).isEmpty, "a case with fields needs its value")
        XCTAssertFalse(violations(["type": "ON", "value": [:]], .ref("Mode")).isEmpty)
        XCTAssertFalse(violations(["type": "OFF"], .ref("Mode")).isEmpty)
    }

    func testOneOfFailsWhenTwoAlternativesMatch() {
        let ambiguous = JSONSchema.oneOf([.integer, .number])
        XCTAssertEqual(violations(1, ambiguous), ["$: matches 2 schemas of oneOf, not exactly one"])
        XCTAssertEqual(violations(1.5, ambiguous), [])
    }

    func testArraysCheckEveryElementByPath() {
        XCTAssertEqual(
            violations([["x": 1], ["x": true]], .array(.ref("Point"))), ["$[1].x: true is not of type integer"])
    }

    func testNullableEnumerationAndRangeKeywords() {
        XCTAssertEqual(violations(.null, .nullable(.string)), [])
        XCTAssertEqual(violations("b", .enumeration(["a"])), ["$: \"b\" is not one of [\"a\"]"])
        XCTAssertEqual(violations(5, JSONSchema(["type": "integer", "minimum": 6])), ["$: 5.0 is below 6.0"])
        XCTAssertEqual(
            violations("ab", JSONSchema(["type": "string", "pattern": "^a$"])), ["$: \"ab\" does not match ^a$"])
    }

    func testLengthsCountCharactersAndItemCountsCountElements() {
        let text = JSONSchema(["type": "string", "minLength": 2, "maxLength": 3])
        XCTAssertEqual(violations("äö", text), [], "two characters, four bytes")
        XCTAssertEqual(violations("a", text), ["$: 1 is fewer than minLength 2"])
        XCTAssertEqual(violations("abcd", text), ["$: 4 is more than maxLength 3"])
        let list = JSONSchema(["type": "array", "maxItems": 1])
        XCTAssertEqual(violations([1, 2], list), ["$: 2 is more than maxItems 1"])
    }

    func testAReferenceToNoSchemaAndAnUnknownKeywordAreViolations() {
        XCTAssertEqual(violations(1, .ref("Missing")), ["$: #/components/schemas/Missing names no schema"])
        XCTAssertEqual(
            violations(1, JSONSchema(["type": "integer", "multipleOf": 2])),
            ["$: the schema uses multipleOf, which the validator does not understand"])
    }
}
