import WireModel
import XCTest

@testable import FolioModel

/// `Wire.object` builds the small objects a model holds many of (two per vault record): each is kept in
/// exactly the space of its present members, as the vault's memory per record depends on it.
final class WireObjectTests: XCTestCase {
    func testAnObjectLeavesOutItsNilMembersAndIsStoredInTheSpaceOfThePresentOnes() throws {
        let json = Wire.object([
            "id": "rec_1", "schema": "note", "title": nil, "version": 3, "createdAt": "2026-01-01T00:00:00Z",
            "updatedAt": "2026-01-02T00:00:00Z", "deletedAt": nil, "dirty": true, "size": 1024, "tags": [],
            "owner": "acct_1",
        ])
        guard case .object(let object) = json else { return XCTFail("not an object: \(json)") }
        XCTAssertEqual(
            object.members.map(\.key),
            ["createdAt", "dirty", "id", "owner", "schema", "size", "tags", "updatedAt", "version"])
        XCTAssertEqual(object.members.capacity, object.members.count)
    }
}
