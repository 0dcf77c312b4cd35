/// The session of one open transaction, handed to the body of ``PostgresPool/withTransaction(_:)``.
///
/// Only valid inside that body: calls after it returns throw.
public final class PostgresTransaction: Sendable {
    let connection: PostgresConnection
    private let active = Locked(true)
    private let id = Locked<PostgresTransactionID?>(nil)
    /// The `BEGIN` still to send, with the transaction's first statement and in the same pipeline; nil once it
    /// was sent (the server's answer then tracks the transaction).
    private let pendingBegin: Locked<PostgresQuery?>
    /// Statements left for the next call to send first (`deferred(_:_:)`), with what takes their rows.
    private let pendingDeferred = Locked<[(PostgresQuery, @Sendable ([PostgresRow]) throws -> Void)]>([])

    init(connection: PostgresConnection, begin: PostgresQuery) {
        self.connection = connection
        self.pendingBegin = Locked(begin)
    }

    /// Whether `BEGIN` went out: only then is there anything to commit or roll back.
    var begun: Bool { pendingBegin.current == nil }

    /// Sends `query` first in the transaction's next call (`query`, `execute`, `queries`), in the same pipeline,
    /// and hands its rows to `rows` there, before that call's own statements are answered; its error, if any, is
    /// that call's. A body that sends nothing after it never sends it. For a statement whose answer the body
    /// needs only later, such as session settings.
    public func deferred(_ query: PostgresQuery, _ rows: @escaping @Sendable ([PostgresRow]) throws -> Void) {
        pendingDeferred.withLock { $0.append((query, rows)) }
    }

    /// Runs a query inside the transaction and returns its rows.
    public func query(_ query: PostgresQuery) async throws -> [PostgresRow] {
        try await run([query])[0].rows
    }

    /// Runs a statement inside the transaction and returns the number of rows it affected.
    public func execute(_ query: PostgresQuery) async throws -> Int {
        try await run([query])[0].affectedRows
    }

    /// Runs the queries in order, in one hop to the connection's queue and, as a libpq pipeline, one round trip
    /// to the server, and returns the rows of each, in order. The first that fails throws its error and the
    /// server skips the rest (the transaction is then aborted, as after any failed statement). For statements
    /// whose parameters do not depend on each other's answers.
    public func queries(_ queries: [PostgresQuery]) async throws -> [[PostgresRow]] {
        try await run(queries).map(\.rows)
    }

    /// Runs `queries` on the connection's queue, after the pending `BEGIN` and deferred statements if any, in
    /// the same pipeline.
    private func run(_ queries: [PostgresQuery]) async throws -> [PostgresResult] {
        try checkActive()
        return try await connection.perform { connection in
            // The connection's queue is serial: one call of this transaction at a time gets here.
            let begin = self.pendingBegin.current
            let deferred = self.pendingDeferred.withLock { pending in
                defer { pending = [] }
                return pending
            }
            let leading = (begin.map { [$0] } ?? []) + deferred.map(\.0)
            guard !leading.isEmpty else { return try connection.runBatchBlocking(queries) }
            let results: [PostgresResult]
            do {
                results = try connection.runBatchBlocking(leading + queries)
            } catch {
                // BEGIN went through when the session is in a block now (aborted by a later statement).
                if connection.isInTransactionBlock { self.pendingBegin.withLock { $0 = nil } }
                throw error
            }
            self.pendingBegin.withLock { $0 = nil }
            let answers = results.dropFirst(begin == nil ? 0 : 1)
            for ((_, take), result) in zip(deferred, answers) { try take(result.rows) }
            return Array(answers.dropFirst(deferred.count))
        }
    }

    /// Sets a configuration parameter until the transaction ends, like `SET LOCAL`, through
    /// `set_config($1, $2, true)` so both name and value travel as parameters.
    ///
    /// Row-level-security policies can read it with `current_setting('folio.account_id', true)`.
    public func setLocal(_ name: String, _ value: String) async throws {
        _ = try await query("SELECT set_config(\(name), \(value), true)")
    }

    /// Tells the transaction its id (selected by the body with `pg_current_xact_id()::text::bigint`), so that a
    /// COMMIT left unanswered by a broken connection is reported with it
    /// (``PostgresError/unansweredTransaction``) and its outcome can be asked for.
    public func identified(as id: PostgresTransactionID) { self.id.withLock { $0 = id } }

    /// Runs a multi-statement script (a migration body) with `PQexec`.
    func executeScript(_ sql: String) async throws {
        _ = try await run([])  // BEGIN and deferred statements first: a script cannot go in a pipeline
        _ = try await connection.perform { try $0.runScriptBlocking(sql) }
    }

    /// Later calls throw; deferred statements never sent are dropped (their handlers may hold the transaction).
    private func end() {
        active.withLock { $0 = false }
        pendingDeferred.withLock { $0 = [] }
    }

    private func checkActive() throws {
        guard active.current else {
            throw PostgresError.queryFailed(
                sqlState: "25000",
                message: "the transaction has ended; use the session only inside its body")
        }
    }

    /// `BEGIN`, run `body`, then `COMMIT`, or `ROLLBACK` when anything throws. `BEGIN` goes out with the
    /// first statement of `body`; a body that sends none leaves nothing to commit.
    static func run<T: Sendable>(
        on connection: PostgresConnection, isolation: PostgresIsolation = .readCommitted,
        _ body: @Sendable (PostgresTransaction) async throws -> T
    ) async throws -> T {
        let transaction = PostgresTransaction(connection: connection, begin: isolation.begin)
        do {
            let value = try await body(transaction)
            transaction.end()
            guard transaction.begun else { return value }
            do {
                _ = try await connection.execute("COMMIT")
            } catch let error as PostgresError where error.kind == .connectionFailed {
                throw PostgresError.commitUnanswered(error, transaction: transaction.id.current)
            }
            return value
        } catch {
            transaction.end()
            if transaction.begun, !connection.isClosed {
                do {
                    _ = try await connection.execute("ROLLBACK")
                } catch {
                    connection.markBroken()  // state unknown: never hand it out again
                }
            }
            throw error
        }
    }
}

extension PostgresPool {
    /// Runs `body` in a transaction on one leased connection: `BEGIN`, then `COMMIT` when `body`
    /// returns, or `ROLLBACK` when it throws (the error is rethrown).
    public func withTransaction<T: Sendable>(
        _ body: @Sendable (PostgresTransaction) async throws -> T
    ) async throws -> T {
        try await withConnection { try await PostgresTransaction.run(on: $0, body) }
    }

    /// Runs `body` in a transaction of `isolation` (see ``withTransaction(_:)``).
    public func withTransaction<T: Sendable>(
        isolation: PostgresIsolation, _ body: @Sendable (PostgresTransaction) async throws -> T
    ) async throws -> T {
        try await withConnection { try await PostgresTransaction.run(on: $0, isolation: isolation, body) }
    }
}

/// How much of other transactions' work a transaction sees.
public enum PostgresIsolation: Sendable {
    /// Each statement sees what was committed when it began (PostgreSQL's default).
    case readCommitted
    /// Every statement sees what was committed when the first one began: several reads that must agree.
    case repeatableRead

    var begin: PostgresQuery {
        switch self {
        case .readCommitted: "BEGIN"
        case .repeatableRead: "BEGIN ISOLATION LEVEL REPEATABLE READ"
        }
    }
}
