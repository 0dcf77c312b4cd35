import FolioModel
import Foundation
import XCTest

/// The JSON Patch conformance suite (RFC 6902; json-patch-tests, copied under Vectors/json-patch): every
/// enabled case gives its expected document, or fails when it names an error, leaving the document as it was.
final class JSONPatchConformanceTests: XCTestCase {
    private func cases(_ name: String) throws -> [JSONValue] {
        let url = try XCTUnwrap(
            Bundle.module.url(forResource: name, withExtension: "json", subdirectory: "Vectors/json-patch"))
        return try XCTUnwrap(try JSONParser.parse(Array(try Data(contentsOf: url))).arrayValue)
    }

    private func check(_ name: String) throws -> Int {
        var checked = 0
        for (number, testCase) in try cases(name).enumerated() where testCase["disabled"]?.boolValue != true {
            let label = "\(name) #\(number): \(testCase["comment"]?.stringValue ?? "")"
            let document = try XCTUnwrap(testCase["doc"], label)
            let outcome = Result { () throws(JSONPatchError) in
                try JSONPatch(json: try XCTUnwrapPatch(testCase["patch"])).apply(to: document)
            }
            if testCase["error"] != nil {
                if case .success(let value) = outcome { XCTFail("\(label): applied to \(value), expected an error") }
            } else {
                switch outcome {
                case .success(let value):
                    if let expected = testCase["expected"] {
                        XCTAssertTrue(JSONValue.jsonEqual(value, expected), "\(label): \(value) is not \(expected)")
                    }
                case .failure(let error):
                    XCTFail("\(label): \(error)")
                }
            }
            checked += 1
        }
        return checked
    }

    func testEveryEnabledCaseOfTheConformanceSuiteGivesItsDocumentOrItsError() throws {
        XCTAssertEqual(try check("tests"), 92)
    }

    func testEveryExampleOfRFC6902GivesItsDocumentOrItsError() throws {
        XCTAssertEqual(try check("spec_tests"), 16)
    }

    func testAFailedOperationLeavesTheDocumentAsItWas() throws {
        let document: JSONValue = ["a": [1, 2], "b": "x"]
        let patch = JSONPatch([.add(JSONPointer("/c")!, 3), .remove(JSONPointer("/missing")!)])
        XCTAssertThrowsError(try patch.apply(to: document)) { error in
            XCTAssertEqual((error as? JSONPatchError)?.operation, 1)
        }
        XCTAssertEqual(document, ["a": [1, 2], "b": "x"])
    }
}

private func XCTUnwrapPatch(_ value: JSONValue?) throws(JSONPatchError) -> JSONValue {
    guard let value else { throw JSONPatchError(operation: nil, "the case has no patch") }
    return value
}
