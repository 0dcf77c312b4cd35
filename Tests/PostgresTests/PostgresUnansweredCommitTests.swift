import Postgres
import TestSupport
import XCTest

/// A connection that breaks at COMMIT leaves the client unable to tell whether its transaction committed; the
/// error says so and names the transaction, whose outcome the database then tells.
final class PostgresUnansweredCommitTests: XCTestCase {
    private func withProxiedSchema(
        _ body: (PostgresPool, CommitCuttingProxy, String) async throws -> Void
    ) async throws {
        try await TestDatabase.withSchema { direct, schema in
            let (_, upstream) = try CommitCuttingProxy.url(try TestDatabase.url(), throughPort: 0)
            let proxy = try CommitCuttingProxy(upstreamPort: upstream)
            defer { proxy.stop() }
            let pool = PostgresPool(
                url: try CommitCuttingProxy.url(try TestDatabase.url(), throughPort: proxy.port).url)
            _ = try await direct.execute("CREATE TABLE \(unescaped: schema).things (n int)")
            do {
                try await body(pool, proxy, schema)
                await pool.close()
            } catch {
                await pool.close()
                throw error
            }
        }
    }

    private func insertOne(_ pool: PostgresPool, _ schema: String) async throws -> PostgresTransactionID {
        let id = Locked<PostgresTransactionID?>(nil)
        _ = try await pool.withTransaction { transaction in
            let rows = try await transaction.query("SELECT pg_current_xact_id()::text::bigint AS id")
            let transactionID = try rows[0].decode(PostgresTransactionID.self, "id")
            transaction.identified(as: transactionID)
            id.set(transactionID)
            return try await transaction.execute("INSERT INTO \(unescaped: schema).things VALUES (1)")
        }
        return try XCTUnwrap(id.value)
    }

    func testACommitWhoseAnswerIsLostIsReportedUnansweredWithItsTransactionWhichTheDatabaseSaysCommitted()
        async throws
    {
        try await withProxiedSchema { pool, proxy, schema in
            proxy.cutNextCommit(.afterCommitAnswered)
            let error = await assertPostgresError { try await self.insertOne(pool, schema) }
            XCTAssertEqual(proxy.cutCount, 1)
            XCTAssertEqual(error?.kind, .connectionFailed)
            XCTAssertEqual(error?.isCommitUnanswered, true)
            let transaction = try XCTUnwrap(error?.unansweredTransaction)
            let status = try await pool.status(of: transaction)
            XCTAssertEqual(status, .committed)
            let rows = try await pool.query("SELECT count(*) FROM \(unescaped: schema).things")
            XCTAssertEqual(try rows.first?.decode(Int.self, 0), 1)
        }
    }

    func testACommitThatNeverReachedTheServerIsReportedUnansweredAndTheDatabaseSaysItsTransactionAborted()
        async throws
    {
        try await withProxiedSchema { pool, proxy, schema in
            proxy.cutNextCommit(.beforeCommitSent)
            let error = await assertPostgresError { try await self.insertOne(pool, schema) }
            XCTAssertEqual(error?.isCommitUnanswered, true)
            let transaction = try XCTUnwrap(error?.unansweredTransaction)
            // The server notices the closed connection on its own time: until then the transaction runs on.
            var status = try await pool.status(of: transaction)
            for _ in 0..<100 where status == .inProgress {
                try await Task.sleep(for: .milliseconds(20))
                status = try await pool.status(of: transaction)
            }
            XCTAssertEqual(status, .aborted)
            let rows = try await pool.query("SELECT count(*) FROM \(unescaped: schema).things")
            XCTAssertEqual(try rows.first?.decode(Int.self, 0), 0)
        }
    }

    func testACommitAnsweredIsNoErrorAndATransactionThatNeverSaidItsIDIsReportedWithout() async throws {
        try await withProxiedSchema { pool, proxy, schema in
            let committed = try await insertOne(pool, schema)
            let status = try await pool.status(of: committed)
            XCTAssertEqual(status, .committed)
            proxy.cutNextCommit(.afterCommitAnswered)
            let error = await assertPostgresError {
                try await pool.withTransaction {
                    try await $0.execute("INSERT INTO \(unescaped: schema).things VALUES (2)")
                }
            }
            XCTAssertEqual(error?.isCommitUnanswered, true)
            XCTAssertNil(error?.unansweredTransaction)
        }
    }

    func testAConnectionThatBreaksBeforeCommitIsAPlainConnectionFailure() async throws {
        try await withProxiedSchema { pool, _, schema in
            let error = await assertPostgresError {
                try await pool.withTransaction { transaction in
                    _ = try await transaction.execute("INSERT INTO \(unescaped: schema).things VALUES (1)")
                    return try await transaction.execute("SELECT pg_terminate_backend(pg_backend_pid())")
                }
            }
            XCTAssertEqual(error?.kind, .connectionFailed)
            XCTAssertEqual(error?.isCommitUnanswered, false)
        }
    }
}

/// A value set inside a `@Sendable` transaction body and read after it.
private final class Locked<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var current: Value
    init(_ value: Value) { current = value }
    var value: Value { lock.withLock { current } }
    func set(_ value: Value) { lock.withLock { current = value } }
}
