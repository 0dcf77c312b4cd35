import Postgres
import XCTest

final class PostgresTransactionTests: XCTestCase {
    private struct Boom: Error {}

    func testTransactionCommits() async throws {
        try await TestDatabase.withSchema { pool, schema in
            _ = try await pool.execute("CREATE TABLE \(unescaped: schema).things (n int)")
            let inserted = try await pool.withTransaction { transaction in
                try await transaction.execute("INSERT INTO \(unescaped: schema).things VALUES (1), (2)")
            }
            XCTAssertEqual(inserted, 2)
            let rows = try await pool.query("SELECT count(*) FROM \(unescaped: schema).things")
            XCTAssertEqual(try rows.first?.decode(Int.self, 0), 2)
        }
    }

    func testARepeatableReadTransactionSeesOneStateWhileAnotherCommitsAndReadCommittedSeesEachCommit() async throws {
        try await TestDatabase.withSchema(size: 2) { pool, schema in
            _ = try await pool.execute("CREATE TABLE \(unescaped: schema).things (n int)")
            func countsAroundACommit(_ isolation: PostgresIsolation) async throws -> [Int] {
                try await pool.withTransaction(isolation: isolation) { transaction in
                    let before = try await transaction.query("SELECT count(*) FROM \(unescaped: schema).things")
                    _ = try await pool.execute("INSERT INTO \(unescaped: schema).things VALUES (1)")
                    let after = try await transaction.query("SELECT count(*) FROM \(unescaped: schema).things")
                    return [try before.first?.decode(Int.self, 0) ?? -1, try after.first?.decode(Int.self, 0) ?? -1]
                }
            }
            let repeatable = try await countsAroundACommit(.repeatableRead)
            XCTAssertEqual(repeatable[0], repeatable[1], "both reads see the state of the first")
            let committed = try await countsAroundACommit(.readCommitted)
            XCTAssertEqual(committed[1], committed[0] + 1, "the second read sees the commit in between")
        }
    }

    func testTransactionRollsBackOnThrow() async throws {
        try await TestDatabase.withSchema(size: 1) { pool, schema in
            _ = try await pool.execute("CREATE TABLE \(unescaped: schema).things (n int)")
            do {
                try await pool.withTransaction { transaction in
                    _ = try await transaction.execute("INSERT INTO \(unescaped: schema).things VALUES (1)")
                    throw Boom()
                }
                XCTFail("the body's error must be rethrown")
            } catch is Boom {
                // expected
            }
            let rows = try await pool.query("SELECT count(*) FROM \(unescaped: schema).things")
            XCTAssertEqual(try rows.first?.decode(Int.self, 0), 0)
            // The same (only) connection is out of the transaction block: SAVEPOINT is refused.
            let outside = await assertPostgresError { try await pool.execute("SAVEPOINT probe") }
            XCTAssertEqual(outside?.sqlState, "25P01")
        }
    }

    func testFailedStatementRollsBackTheWholeTransaction() async throws {
        try await TestDatabase.withSchema(size: 1) { pool, schema in
            _ = try await pool.execute("CREATE TABLE \(unescaped: schema).things (n int PRIMARY KEY)")
            let error = await assertPostgresError {
                try await pool.withTransaction { transaction in
                    _ = try await transaction.execute("INSERT INTO \(unescaped: schema).things VALUES (1)")
                    _ = try await transaction.execute("INSERT INTO \(unescaped: schema).things VALUES (1)")
                }
            }
            XCTAssertEqual(error?.sqlState, "23505")
            let rows = try await pool.query("SELECT count(*) FROM \(unescaped: schema).things")
            XCTAssertEqual(try rows.first?.decode(Int.self, 0), 0)
        }
    }

    func testSetLocalIsVisibleInsideTheTransactionOnly() async throws {
        try await TestDatabase.withPool(size: 1) { pool in
            let inside = try await pool.withTransaction { transaction in
                try await transaction.setLocal("folio.account_id", "account-1")
                let rows = try await transaction.query("SELECT current_setting('folio.account_id', true)")
                return try rows.first?.decode(String?.self, 0)
            }
            XCTAssertEqual(inside, "account-1")
            // Same session (pool of one): the setting is gone (NULL or empty once the name is known).
            let after = try await pool.query("SELECT current_setting('folio.account_id', true)")
            let value = try after.first?.decode(String?.self, 0) ?? nil
            XCTAssertTrue(value == nil || value == "", "setting leaked: \(String(describing: value))")
        }
    }

    func testSetLocalDrivesRowLevelSecurity() async throws {
        try await TestDatabase.withSchema(size: 2) { pool, schema in
            let owner = try await pool.query("SELECT current_user").first?.decode(String.self, 0)
            _ = try await pool.execute(
                """
                DO $$ BEGIN
                    CREATE ROLE folio_rls_test NOLOGIN;
                EXCEPTION WHEN duplicate_object OR unique_violation THEN NULL;
                END $$
                """)
            let table = "\(schema).documents"
            _ = try await pool.execute(
                "CREATE TABLE \(unescaped: table) (account_id text NOT NULL, body text NOT NULL)")
            _ = try await pool.execute("ALTER TABLE \(unescaped: table) ENABLE ROW LEVEL SECURITY")
            _ = try await pool.execute(
                "CREATE POLICY by_account ON \(unescaped: table) USING (account_id = current_setting('folio.account_id', true))"
            )
            _ = try await pool.execute("GRANT USAGE ON SCHEMA \(unescaped: schema) TO folio_rls_test")
            _ = try await pool.execute("GRANT SELECT ON \(unescaped: table) TO folio_rls_test")
            _ = try await pool.execute(
                "INSERT INTO \(unescaped: table) VALUES (\("a1"), \("one")), (\("a1"), \("two")), (\("a2"), \("three"))"
            )

            @Sendable func visible(as account: String?) async throws -> (user: String, bodies: [String]) {
                try await pool.withTransaction { transaction in
                    _ = try await transaction.execute("SET LOCAL ROLE folio_rls_test")
                    if let account { try await transaction.setLocal("folio.account_id", account) }
                    let user = try await transaction.query("SELECT current_user")
                    let rows = try await transaction.query(
                        "SELECT body FROM \(unescaped: table) ORDER BY body")
                    return (
                        try user.first?.decode(String.self, 0) ?? "",
                        try rows.map { try $0.decode(String.self, "body") }
                    )
                }
            }
            let first = try await visible(as: "a1")
            XCTAssertEqual(first.user, "folio_rls_test")
            XCTAssertEqual(first.bodies, ["one", "two"])
            let second = try await visible(as: "a2")
            XCTAssertEqual(second.bodies, ["three"])
            let unset = try await visible(as: nil)
            XCTAssertEqual(unset.bodies, [])
            // After the transactions the role and setting are gone: the owner sees every row.
            let all = try await pool.query("SELECT count(*), current_user FROM \(unescaped: table)")
            XCTAssertEqual(try all.first?.decode(Int.self, 0), 3)
            XCTAssertEqual(try all.first?.decode(String.self, 1), owner)
        }
    }

    func testTransactionHandleIsDeadAfterTheBody() async throws {
        try await TestDatabase.withPool(size: 1) { pool in
            let escaped = try await pool.withTransaction { $0 }
            let error = await assertPostgresError { try await escaped.query("SELECT 1") }
            XCTAssertEqual(error?.sqlState, "25000")
        }
    }

    func testConnectionLeftInsideABlockIsNotReused() async throws {
        try await TestDatabase.withPool(size: 1) { pool in
            let before = try await pool.query("SELECT pg_backend_pid()")
            _ = try await pool.execute("BEGIN")
            let after = try await pool.query("SELECT pg_backend_pid()")
            XCTAssertNotEqual(
                try before.first?.decode(Int32.self, 0), try after.first?.decode(Int32.self, 0))
            let outside = await assertPostgresError { try await pool.execute("SAVEPOINT probe") }
            XCTAssertEqual(outside?.sqlState, "25P01", "the next caller must not inherit the open block")
        }
    }
}
