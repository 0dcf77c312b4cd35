import Postgres
import XCTest

final class PostgresQueryTests: XCTestCase {
    func testInterpolatedValuesBecomeNumberedBinds() {
        let id = 42
        let name = "x'; DROP TABLE things; --"
        let query: PostgresQuery = "SELECT * FROM things WHERE id = \(id) AND name = \(name)"
        XCTAssertEqual(query.sql, "SELECT * FROM things WHERE id = $1 AND name = $2")
        XCTAssertEqual(query.binds.count, 2)
        XCTAssertEqual(query.binds[0].bytes, Array("42".utf8))
        XCTAssertEqual(query.binds[0].type, .int8)
        XCTAssertEqual(query.binds[1].bytes, Array(name.utf8))
        XCTAssertFalse(query.sql.contains("DROP"))
    }

    func testNilOptionalIsNullOfTheWrappedType() {
        let missing: Int32? = nil
        let query: PostgresQuery = "SELECT \(missing)"
        XCTAssertEqual(query.sql, "SELECT $1")
        XCTAssertNil(query.binds[0].bytes)
        XCTAssertEqual(query.binds[0].type, .int4)
    }

    func testBytesAreSentInBinaryFormat() {
        let bytes: [UInt8] = [0, 1, 0, 255]
        let query: PostgresQuery = "SELECT \(bytes)"
        XCTAssertEqual(query.binds[0].format, .binary)
        XCTAssertEqual(query.binds[0].type, .bytea)
        XCTAssertEqual(query.binds[0].bytes, bytes)
    }

    func testUnescapedIsSplicedAndDoesNotConsumeANumber() {
        let table = "things"
        let query: PostgresQuery = "SELECT \(1) FROM \(unescaped: table) WHERE a = \(2)"
        XCTAssertEqual(query.sql, "SELECT $1 FROM things WHERE a = $2")
    }

    func testDescriptionDoesNotShowValues() {
        let secret = "hunter2"
        let query: PostgresQuery = "SELECT \(secret)"
        XCTAssertFalse(query.description.contains(secret))
        XCTAssertTrue(query.description.contains("1 parameter"))
    }
}
