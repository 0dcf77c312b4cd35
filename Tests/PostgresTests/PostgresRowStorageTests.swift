import XCTest

@testable import Postgres

final class PostgresRowStorageTests: XCTestCase {
    /// A row's strings are made among the texts of its whole result; a string decoded from it is one the caller
    /// may keep long after the result is freed, so it must not keep the row's storage alive.
    func testADecodedStringHasStorageOfItsOwnNotTheRows() throws {
        let id = "D_kzguwuvmfiwcfns6e7l5j7pvf4"
        let row = PostgresRow(columns: PostgresColumns(names: ["id"], types: [.text]), values: [.text(id)])
        guard case .text(var stored)? = row.values[0] else { return XCTFail("the row holds \(id) as text") }
        var decoded = try row.decode(String.self, "id")
        XCTAssertEqual(decoded, id)
        let storedAddress = stored.withUTF8 { $0.baseAddress }
        let decodedAddress = decoded.withUTF8 { $0.baseAddress }
        XCTAssertNotEqual(decodedAddress, storedAddress)
    }
}
