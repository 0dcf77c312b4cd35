import XCTest

@testable import Postgres

/// A `bytea` value is decoded from its hex output once, when the result is read, straight from libpq's buffer.
final class PostgresByteaTests: XCTestCase {
    func testARowHoldsAByteaValueAsItsBytesAndEveryOtherValueAsText() async throws {
        let bytes = (0...255).map { UInt8($0) }
        try await TestDatabase.withSchema { pool, _ in
            let rows = try await pool.query("SELECT \(bytes) AS b, \("\\x00ff") AS t, \([UInt8]?.none) AS n")
            let row = try XCTUnwrap(rows.first)
            XCTAssertEqual(row.values, [.bytes(bytes), .text("\\x00ff"), nil])
        }
    }

    func testAByteaCellReadsAsItsHexOutputText() throws {
        let cell = PostgresCell(column: "b", type: .bytea, value: .bytes([0, 1, 0xAB, 0xFF]))
        XCTAssertEqual(cell.text, "\\x0001abff")
        XCTAssertEqual(PostgresCell(column: "b", type: .bytea, value: .bytes([])).text, "\\x")
    }

    func testByteaHexTextThatIsNotHexOutputFailsToDecodeNamingTheColumn() throws {
        for text in ["00ff", "\\x0", "\\x0g", "\\xzz"] {
            let cell = PostgresCell(column: "b", type: .bytea, text: text)
            XCTAssertThrowsError(try [UInt8](postgresCell: cell), text) { error in
                XCTAssertTrue("\(error)".contains("b"), "\(error)")
                XCTAssertTrue("\(error)".contains("not bytea hex output"), "\(error)")
            }
        }
    }

    func testByteaHexTextDecodesToTheBytesItStandsFor() throws {
        let cell = PostgresCell(column: "b", type: .bytea, text: "\\x00FFab10")
        XCTAssertEqual(try [UInt8](postgresCell: cell), [0, 0xFF, 0xAB, 0x10])
    }
}
