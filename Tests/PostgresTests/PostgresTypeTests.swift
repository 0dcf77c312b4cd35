import Foundation
import Postgres
import XCTest

final class PostgresTypeTests: XCTestCase {
    private struct Payload: Codable, Equatable {
        var name: String
        var count: Int
    }

    func testInjectionAttemptRoundTripsAsData() async throws {
        try await TestDatabase.withSchema { pool, schema in
            _ = try await pool.execute("CREATE TABLE \(unescaped: schema).things (name text)")
            let hostile = "x'; DROP TABLE \(schema).things; --"
            let inserted = try await pool.execute(
                "INSERT INTO \(unescaped: schema).things (name) VALUES (\(hostile))")
            XCTAssertEqual(inserted, 1)
            let rows = try await pool.query(
                "SELECT name FROM \(unescaped: schema).things WHERE name = \(hostile)")
            XCTAssertEqual(try rows.map { try $0.decode(String.self, "name") }, [hostile])
        }
    }

    func testEveryTypeRoundTripsThroughATable() async throws {
        try await TestDatabase.withSchema { pool, schema in
            _ = try await pool.execute(
                """
                CREATE TABLE \(unescaped: schema).everything (
                    s text, i bigint, i64 bigint, i32 integer, b boolean, d double precision,
                    bytes bytea, at timestamptz, id uuid, doc jsonb, v varchar(50)
                )
                """)
            let text = "héllo 'quoted' \"double\" \\ 🐘"
            let date = Date(timeIntervalSince1970: 1_700_000_000.123456)
            let uuid = UUID()
            let json = try PostgresJSON(encoding: Payload(name: "a", count: 3))
            let bytes: [UInt8] = [0, 1, 2, 0, 255, 0]
            _ = try await pool.execute(
                """
                INSERT INTO \(unescaped: schema).everything VALUES
                (\(text), \(Int.max), \(Int64.min), \(Int32.min), \(true), \(0.1), \(bytes), \(date), \(uuid), \(json), \("short"))
                """)
            let rows = try await pool.query("SELECT * FROM \(unescaped: schema).everything")
            XCTAssertEqual(rows.count, 1)
            let row = try XCTUnwrap(rows.first)
            XCTAssertEqual(try row.decode(String.self, "s"), text)
            XCTAssertEqual(try row.decode(Int.self, "i"), Int.max)
            XCTAssertEqual(try row.decode(Int64.self, "i64"), Int64.min)
            XCTAssertEqual(try row.decode(Int32.self, "i32"), Int32.min)
            XCTAssertEqual(try row.decode(Bool.self, "b"), true)
            XCTAssertEqual(try row.decode(Double.self, "d"), 0.1)
            XCTAssertEqual(try row.decode([UInt8].self, "bytes"), bytes)
            XCTAssertEqual(try row.decode(Date.self, "at"), date)
            XCTAssertEqual(try row.decode(UUID.self, "id"), uuid)
            XCTAssertEqual(
                try row.decode(PostgresJSON.self, "doc").decode(Payload.self), Payload(name: "a", count: 3))
            XCTAssertEqual(try row.decode(String.self, "v"), "short")
            XCTAssertEqual(try row.decode(String.self, 0), text)
        }
    }

    func testSpecialValuesRoundTripThroughParameters() async throws {
        try await TestDatabase.withPool { pool in
            let doubles: [Double] = [
                .infinity, -.infinity, -0.0, .leastNonzeroMagnitude, .greatestFiniteMagnitude, 1 / 3,
            ]
            for value in doubles {
                let rows = try await pool.query("SELECT \(value) AS d")
                let row = try XCTUnwrap(rows.first)
                XCTAssertEqual(try row.decode(Double.self, "d"), value)
            }
            let nanRows = try await pool.query("SELECT \(Double.nan) AS d")
            let nan = try XCTUnwrap(nanRows.first)
            XCTAssertTrue(try nan.decode(Double.self, "d").isNaN)

            let dates = [
                Date(timeIntervalSince1970: 0), Date(timeIntervalSince1970: -1.5),
                Date(timeIntervalSince1970: 4_102_444_800.000001),
                Date(timeIntervalSince1970: -70_000_000_000),  // 249 BC
            ]
            for date in dates {
                let rows = try await pool.query("SELECT \(date) AS at")
                let row = try XCTUnwrap(rows.first)
                XCTAssertEqual(try row.decode(Date.self, "at"), date)
            }
            let empty: [UInt8] = []
            let all = (0...255).map { UInt8($0) }
            let rows = try await pool.query("SELECT \(empty) AS e, \(all) AS a, \("") AS s")
            let row = try XCTUnwrap(rows.first)
            XCTAssertEqual(try row.decode([UInt8].self, "e"), [])
            XCTAssertEqual(try row.decode([UInt8].self, "a"), all)
            XCTAssertEqual(try row.decode(String.self, "s"), "")
        }
    }

    func testNullsRoundTripForEveryType() async throws {
        try await TestDatabase.withSchema { pool, schema in
            _ = try await pool.execute(
                """
                CREATE TABLE \(unescaped: schema).nullable (
                    s text, i bigint, i64 bigint, i32 integer, b boolean, d double precision,
                    bytes bytea, at timestamptz, id uuid, doc jsonb
                )
                """)
            _ = try await pool.execute(
                """
                INSERT INTO \(unescaped: schema).nullable VALUES
                (\(String?.none), \(Int?.none), \(Int64?.none), \(Int32?.none), \(Bool?.none), \(Double?.none),
                 \([UInt8]?.none), \(Date?.none), \(UUID?.none), \(PostgresJSON?.none))
                """)
            let rows = try await pool.query("SELECT * FROM \(unescaped: schema).nullable")
            let row = try XCTUnwrap(rows.first)
            XCTAssertNil(try row.decode(String?.self, "s"))
            XCTAssertNil(try row.decode(Int?.self, "i"))
            XCTAssertNil(try row.decode(Int64?.self, "i64"))
            XCTAssertNil(try row.decode(Int32?.self, "i32"))
            XCTAssertNil(try row.decode(Bool?.self, "b"))
            XCTAssertNil(try row.decode(Double?.self, "d"))
            XCTAssertNil(try row.decode([UInt8]?.self, "bytes"))
            XCTAssertNil(try row.decode(Date?.self, "at"))
            XCTAssertNil(try row.decode(UUID?.self, "id"))
            XCTAssertNil(try row.decode(PostgresJSON?.self, "doc"))
            XCTAssertNil(try row.decode(Int64?.self, 1))

            let error = await assertPostgresError { try row.decode(String.self, "s") }
            XCTAssertEqual(error?.kind, .decodingFailed)
            XCTAssertEqual(error?.column, "s")
        }
    }

    func testPresentOptionalsDecodeTheirValue() async throws {
        try await TestDatabase.withPool { pool in
            let maybe: Int64? = 7
            let rows = try await pool.query("SELECT \(maybe) AS n")
            let row = try XCTUnwrap(rows.first)
            XCTAssertEqual(try row.decode(Int64?.self, "n"), 7)
        }
    }

    func testDecodingAWrongTypeThrowsADecodingError() async throws {
        try await TestDatabase.withPool { pool in
            let rows = try await pool.query(
                "SELECT 'abc'::text AS word, 1::int AS one, 3000000000::bigint AS big, '\\x00'::bytea AS raw"
            )
            let row = try XCTUnwrap(rows.first)
            let notAnInt = await assertPostgresError { try row.decode(Int.self, "word") }
            XCTAssertEqual(notAnInt?.kind, .decodingFailed)
            XCTAssertEqual(notAnInt?.column, "word")
            XCTAssertEqual(notAnInt?.expectedType, "Int")

            let notABool = await assertPostgresError { try row.decode(Bool.self, "one") }
            XCTAssertEqual(notABool?.kind, .decodingFailed)

            let overflow = await assertPostgresError { try row.decode(Int32.self, "big") }
            XCTAssertEqual(overflow?.kind, .decodingFailed)

            let notText = await assertPostgresError { try row.decode(String.self, "raw") }
            XCTAssertEqual(notText?.kind, .decodingFailed)

            let noColumn = await assertPostgresError { try row.decode(String.self, "missing") }
            XCTAssertEqual(noColumn?.kind, .decodingFailed)
            XCTAssertEqual(noColumn?.column, "missing")

            let noIndex = await assertPostgresError { try row.decode(String.self, 9) }
            XCTAssertEqual(noIndex?.kind, .decodingFailed)
        }
    }

    func testTimestampsInAnotherSessionTimeZoneDecodeToTheSameInstant() async throws {
        try await TestDatabase.withPool { pool in
            let text = try await pool.withTransaction { transaction in
                try await transaction.setLocal("TimeZone", "Asia/Kolkata")
                let rows = try await transaction.query(
                    "SELECT '2024-01-02 03:04:05.25+00'::timestamptz AS at, '2024-01-02 03:04:05.25+00'::timestamptz::text AS shown"
                )
                let row = try XCTUnwrap(rows.first)
                return (try row.decode(Date.self, "at"), try row.decode(String.self, "shown"))
            }
            XCTAssertEqual(text.1, "2024-01-02 08:34:05.25+05:30")
            XCTAssertEqual(text.0, Date(timeIntervalSince1970: 1_704_164_645.25))
        }
    }

    func testTextParameterWithZeroByteIsRejectedNotTruncated() async throws {
        try await TestDatabase.withPool { pool in
            let error = await assertPostgresError { try await pool.query("SELECT \("a\u{0}b")") }
            XCTAssertEqual(error?.kind, .queryFailed)
            XCTAssertEqual(error?.sqlState, "22021")
        }
    }
}
