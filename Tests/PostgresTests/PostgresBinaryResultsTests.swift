import XCTest

@testable import Postgres

/// A statement that returns `bytea`, and only types read in binary, asks for its results in binary (the server
/// describes its columns when it is prepared); each value reads as it does in text.
final class PostgresBinaryResultsTests: XCTestCase {
    private static let bytes = (0...255).map { UInt8($0) }

    /// A value of every type read in binary; `also` adds columns after them.
    private static func everyReadableType(also: String = "") -> PostgresQuery {
        """
        SELECT \(bytes) AS b, ''::bytea AS empty, true AS yes, false AS no, (-2)::int2 AS small,
            (-2147483648)::int4 AS int, (-9223372036854775808)::int8 AS least, 9223372036854775807::int8 AS most,
            26::oid AS o, \("zürich 🏔") AS t, 'v'::varchar AS v, 'ab'::char(3) AS c, 'pg_class'::name AS n,
            '{"b": [1, 2]}'::json AS j, '{"b": [1, 2], "a": null}'::jsonb AS jb, NULL::bytea AS nb, NULL::int8 AS ni
            \(unescaped: also)
        """
    }

    /// Whether `query`'s prepared statement on `connection` asks for binary results; nil when it is not prepared.
    private static func binaryResults(_ connection: PostgresConnection, _ query: PostgresQuery) throws -> Bool? {
        let key = try EncodedStatement(query).key
        return connection.queue.sync { connection.prepared[key]?.binaryResults }
    }

    func testAStatementReturningByteaReadsInBinaryEveryValueAsInText() async throws {
        let query = Self.everyReadableType()
        try await TestDatabase.withPool(size: 1) { pool in
            try await pool.withConnection { connection in
                let rows = try await connection.query(query)
                XCTAssertEqual(try Self.binaryResults(connection, query), true)
                XCTAssertEqual(
                    rows.first?.values,
                    [
                        .bytes(Self.bytes), .bytes([]), .text("t"), .text("f"), .text("-2"), .text("-2147483648"),
                        .text("-9223372036854775808"), .text("9223372036854775807"), .text("26"), .text("zürich 🏔"),
                        .text("v"), .text("ab "), .text("pg_class"), .text(#"{"b": [1, 2]}"#),
                        .text(#"{"a": null, "b": [1, 2]}"#), nil, nil,
                    ])
                // With a timestamp beside them, the same values come in text.
                let inText = try await connection.query(Self.everyReadableType(also: ", now() AS at"))
                XCTAssertEqual(inText.first.map { Array($0.values.dropLast()) }, rows.first?.values)
                let row = try XCTUnwrap(rows.first)
                XCTAssertEqual(try row.decode(Int64.self, "least"), Int64.min)
                XCTAssertEqual(try row.decode(Bool.self, "yes"), true)
                XCTAssertEqual(try row.decode(PostgresJSON.self, "jb").text, #"{"a": null, "b": [1, 2]}"#)
            }
        }
    }

    func testAStatementReturningATypeNotReadInBinaryStaysInText() async throws {
        let query: PostgresQuery = "SELECT \(Self.bytes) AS b, now() AS at"
        try await TestDatabase.withPool(size: 1) { pool in
            try await pool.withConnection { connection in
                _ = try await connection.query(query)
                XCTAssertEqual(try Self.binaryResults(connection, query), false)
                let rows = try await connection.query(query)
                XCTAssertEqual(try rows.first?.decode([UInt8].self, "b"), Self.bytes)
                XCTAssertNotNil(try rows.first?.decode(Date.self, "at"))
            }
        }
    }

    func testAStatementReturningNoByteaStaysInText() async throws {
        let query: PostgresQuery = "SELECT 1::int8 AS n, 'x'::text AS t"
        try await TestDatabase.withPool(size: 1) { pool in
            try await pool.withConnection { connection in
                _ = try await connection.query(query)
                XCTAssertEqual(try Self.binaryResults(connection, query), false)
            }
        }
    }

    func testStatementsSentTogetherReadInBinaryAsInText() async throws {
        let query = Self.everyReadableType()
        let count: PostgresQuery = "SELECT \(Self.bytes) AS b, count(*) AS c FROM pg_namespace WHERE nspname = 'public'"
        try await TestDatabase.withPool(size: 1) { pool in
            let results = try await pool.withTransaction { try await $0.queries([query, count]) }
            let alone = try await pool.query(query)
            XCTAssertEqual(results[0].map(\.values), alone.map(\.values))
            XCTAssertEqual(results[1].first?.values, [.bytes(Self.bytes), .text("1")])
            try await pool.withConnection { connection in
                XCTAssertEqual(try Self.binaryResults(connection, query), true)
                XCTAssertEqual(try Self.binaryResults(connection, count), true)
            }
        }
    }

    func testABinaryValueThatIsNotWellFormedForItsTypeReadsAsNothing() {
        func value(_ type: PostgresDataType, _ bytes: [UInt8]) -> PostgresValue? {
            bytes.withUnsafeBytes { PostgresBinaryValue.value(type, $0) }
        }
        XCTAssertNil(value(.int8, [0, 0, 1]), "an int8 is eight bytes")
        XCTAssertNil(value(.int4, [0, 0, 0, 0, 1]))
        XCTAssertNil(value(.bool, [1, 1]))
        XCTAssertNil(value(.jsonb, [2, UInt8(ascii: "1")]), "a jsonb starts with version 1")
        XCTAssertNil(value(.timestamptz, [0, 0, 0, 0, 0, 0, 0, 0]), "not read in binary")
        XCTAssertEqual(value(.int2, [0xFF, 0xFE]), .text("-2"))
        XCTAssertEqual(value(.jsonb, [1, UInt8(ascii: "1")]), .text("1"))
    }
}
