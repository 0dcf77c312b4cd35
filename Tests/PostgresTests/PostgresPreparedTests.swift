import Postgres
import XCTest

/// A connection prepares each statement text once and runs it prepared afterwards; the prepared statement
/// outlives a rolled-back transaction and follows its table when a migration changes it.
final class PostgresPreparedTests: XCTestCase {
    func testAStatementRunsAgainWithOtherValuesAndOtherParameterTypes() async throws {
        try await TestDatabase.withSchema(size: 1) { pool, schema in
            _ = try await pool.execute("CREATE TABLE \(unescaped: schema).t (k text, n bigint)")
            for index in 0..<8 {
                _ = try await pool.execute("INSERT INTO \(unescaped: schema).t VALUES (\("k\(index)"), \(index))")
            }
            for index in [3, 7] {
                let rows = try await pool.query("SELECT k FROM \(unescaped: schema).t WHERE n = \(index)")
                XCTAssertEqual(try rows.map { try $0.decode(String.self, "k") }, ["k\(index)"])
            }
            // The same text with a text parameter instead of a bigint one is another statement.
            let rows = try await pool.query("SELECT count(*) AS c FROM \(unescaped: schema).t WHERE n::text = \("5")")
            XCTAssertEqual(try rows.first?.decode(Int64.self, "c"), 1)
        }
    }

    func testAStatementFirstPreparedInARolledBackTransactionStillRuns() async throws {
        try await TestDatabase.withSchema(size: 1) { pool, schema in
            _ = try await pool.execute("CREATE TABLE \(unescaped: schema).t (n bigint)")
            let insert: PostgresQuery = "INSERT INTO \(unescaped: schema).t VALUES (\(1))"
            do {
                try await pool.withTransaction { transaction in
                    _ = try await transaction.execute(insert)
                    throw CancellationError()
                }
            } catch is CancellationError {}
            let inserted = try await pool.execute(insert)
            XCTAssertEqual(inserted, 1, "the same statement after the rollback")
            let rows = try await pool.query("SELECT count(*) AS c FROM \(unescaped: schema).t")
            XCTAssertEqual(try rows.first?.decode(Int64.self, "c"), 1)
        }
    }

    func testAStatementFollowsItsTableAfterTheTableChanged() async throws {
        try await TestDatabase.withSchema(size: 1) { pool, schema in
            _ = try await pool.execute("CREATE TABLE \(unescaped: schema).t (a bigint)")
            _ = try await pool.execute("INSERT INTO \(unescaped: schema).t VALUES (\(1))")
            let select: PostgresQuery = "SELECT * FROM \(unescaped: schema).t WHERE a = \(1)"
            _ = try await pool.query(select)
            _ = try await pool.execute("ALTER TABLE \(unescaped: schema).t ADD COLUMN b text DEFAULT 'new'")
            // The server may refuse the old plan once ("cached plan must not change result type"); the
            // statement is prepared again for the next run.
            _ = try? await pool.query(select)
            let rows = try await pool.query(select)
            XCTAssertEqual(try rows.first?.decode(String.self, "b"), "new")
        }
    }
}
