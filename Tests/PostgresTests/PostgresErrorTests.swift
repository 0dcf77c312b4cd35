import Postgres
import XCTest

final class PostgresErrorTests: XCTestCase {
    func testUnknownTableExposesSQLState42P01() async throws {
        try await TestDatabase.withPool { pool in
            let table = TestDatabase.uniqueName("missing")
            let error = await assertPostgresError {
                try await pool.query("SELECT * FROM \(unescaped: table)")
            }
            XCTAssertEqual(error?.kind, .queryFailed)
            XCTAssertEqual(error?.sqlState, "42P01")
            XCTAssertTrue(error?.message.contains(table) == true, "\(String(describing: error))")
        }
    }

    func testUniqueViolationExposesSQLState23505AndDetail() async throws {
        try await TestDatabase.withSchema { pool, schema in
            _ = try await pool.execute("CREATE TABLE \(unescaped: schema).users (email text PRIMARY KEY)")
            _ = try await pool.execute(
                "INSERT INTO \(unescaped: schema).users VALUES (\("a@example.com"))")
            let error = await assertPostgresError {
                try await pool.execute("INSERT INTO \(unescaped: schema).users VALUES (\("a@example.com"))")
            }
            XCTAssertEqual(error?.kind, .queryFailed)
            XCTAssertEqual(error?.sqlState, "23505")
            XCTAssertTrue(
                error?.detail?.contains("a@example.com") == true, "\(String(describing: error))")
            // The connection that saw the error is still usable.
            let count = try await pool.query("SELECT count(*) FROM \(unescaped: schema).users")
            XCTAssertEqual(try count.first?.decode(Int.self, 0), 1)
        }
    }

    func testSyntaxErrorExposesSQLState42601() async throws {
        try await TestDatabase.withPool { pool in
            let error = await assertPostgresError { try await pool.query("SELEC 1") }
            XCTAssertEqual(error?.sqlState, "42601")
            XCTAssertTrue(error?.description.contains("42601") == true)
        }
    }

    func testUnreachableServerIsAConnectionError() async throws {
        let pool = PostgresPool(url: "postgresql://postgres@127.0.0.1:1/postgres", size: 1)
        let error = await assertPostgresError { try await pool.query("SELECT 1") }
        XCTAssertEqual(error?.kind, .connectionFailed)
        XCTAssertFalse(error?.message.isEmpty ?? true)
        // The failed connect gave its slot back: the next call tries again instead of waiting forever.
        let again = await assertPostgresError { try await pool.query("SELECT 1") }
        XCTAssertEqual(again?.kind, .connectionFailed)
        await pool.close()
    }

    func testWaitUntilReadyTimesOutWithTheLastError() async throws {
        let pool = PostgresPool(url: "postgresql://postgres@127.0.0.1:1/postgres", size: 1)
        let error = await assertPostgresError {
            try await pool.waitUntilReady(timeout: .milliseconds(300))
        }
        XCTAssertEqual(error?.kind, .timeout)
        await pool.close()
    }

    func testWaitUntilReadyReturnsWhenTheServerIsUp() async throws {
        try await TestDatabase.withPool { pool in
            try await pool.waitUntilReady(timeout: .seconds(30))
            let rows = try await pool.query("SELECT 1 AS one")
            XCTAssertEqual(try rows.first?.decode(Int32.self, "one"), 1)
        }
    }

    func testClosedPoolRejectsCalls() async throws {
        let pool = PostgresPool(url: try TestDatabase.url(), size: 1)
        _ = try await pool.query("SELECT 1")
        await pool.close()
        let error = await assertPostgresError { try await pool.query("SELECT 1") }
        XCTAssertEqual(error?.kind, .poolClosed)
    }
}
