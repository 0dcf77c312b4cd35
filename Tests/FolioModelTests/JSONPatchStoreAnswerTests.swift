import FolioModel
import XCTest

/// A client's reading of `store.state` and `store.next` answers: whole ones as they are, deltas applied to the
/// model held of their base version.
final class JSONPatchStoreAnswerTests: XCTestCase {
    private let held: JSONValue = ["version": 3, "model": ["count": 1, "items": ["a"]]]

    func testAWholeAnswerOrNullIsItself() throws {
        let whole: JSONValue = ["version": 4, "model": ["count": 2]]
        XCTAssertEqual(try JSONPatch.wholeModel(of: whole, holding: held), whole)
        XCTAssertEqual(try JSONPatch.wholeModel(of: whole, holding: nil), whole)
        XCTAssertEqual(try JSONPatch.wholeModel(of: .null, holding: held), .null)
    }

    func testADeltaIsAppliedToTheModelHeld() throws {
        let delta: JSONValue = [
            "version": 5, "baseVersion": 3,
            "patch": [
                ["op": "replace", "path": "/count", "value": 2], ["op": "add", "path": "/items/-", "value": "b"],
            ],
        ]
        let whole = try JSONPatch.wholeModel(of: delta, holding: held)
        XCTAssertEqual(whole, ["version": 5, "model": ["count": 2, "items": ["a", "b"]]])
        let unchanged: JSONValue = ["version": 3, "baseVersion": 3, "patch": []]
        XCTAssertEqual(try JSONPatch.wholeModel(of: unchanged, holding: held), held)
    }

    func testADeltaFromAnotherVersionOrWithoutAModelHeldThrows() {
        let delta: JSONValue = ["version": 5, "baseVersion": 2, "patch": []]
        XCTAssertThrowsError(try JSONPatch.wholeModel(of: delta, holding: held))
        XCTAssertThrowsError(try JSONPatch.wholeModel(of: delta, holding: nil))
        let broken: JSONValue = ["version": 4, "baseVersion": 3, "patch": [["op": "remove", "path": "/missing"]]]
        XCTAssertThrowsError(try JSONPatch.wholeModel(of: broken, holding: held))
    }
}
