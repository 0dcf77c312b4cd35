import XCTest

@testable import FolioModel

/// Parsed objects are kept, as snapshots read back and models held: each must take exactly the space of its
/// members, however the parser gathered them.
final class JSONParserStorageTests: XCTestCase {
    func testAParsedObjectOfAnySizeIsStoredInTheSpaceOfItsMembers() throws {
        for size in [1, 2, 3, 5, 8, 9, 17, 40] {
            let members = (0..<size).map { #""k\#($0)":\#($0)"# }.joined(separator: ",")
            guard case .object(let object) = try JSONParser.parse("{" + members + "}") else {
                return XCTFail("not an object")
            }
            XCTAssertEqual(object.count, size)
            XCTAssertEqual(object.members.capacity, object.members.count, "\(size) members")
        }
    }
}
