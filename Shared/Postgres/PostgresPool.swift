/// A fixed-size pool of connections to one database.
///
/// Connections are opened lazily, up to `size`. A connection found broken (for example after
/// PostgreSQL restarted) is discarded and the next call opens a fresh one; a statement that was
/// in flight when its connection broke throws ``PostgresError/Kind/connectionFailed`` and is never
/// retried silently.
public final class PostgresPool: Sendable {
    let url: String
    /// The most connections open at once (listeners not counted).
    public let size: Int
    private let state: PoolState
    let listeners = ListenerRegistry()

    /// Creates a pool; nothing connects until the first call.
    ///
    /// - Parameter url: a libpq URL such as `postgresql://user@127.0.0.1:5432/db`.
    public init(url: String, size: Int = 4) {
        self.url = url
        self.size = max(1, size)
        self.state = PoolState(size: max(1, size))
    }

    /// Runs a query and returns its rows.
    public func query(_ query: PostgresQuery) async throws -> [PostgresRow] {
        try await withConnection { try await $0.query(query) }
    }

    /// Runs a statement and returns the number of rows it affected.
    public func execute(_ query: PostgresQuery) async throws -> Int {
        try await withConnection { try await $0.execute(query) }
    }

    /// Leases one connection for the duration of `body`, for work that must share a session
    /// (session settings, advisory locks). Prefer ``withTransaction(_:)`` for atomic work.
    public func withConnection<T: Sendable>(
        _ body: @Sendable (PostgresConnection) async throws -> T
    ) async throws -> T {
        let connection = try await lease()
        do {
            let value = try await body(connection)
            await giveBack(connection)
            return value
        } catch {
            await giveBack(connection)
            throw error
        }
    }

    /// Closes idle connections, fails waiting callers with ``PostgresError/Kind/poolClosed``,
    /// stops every listener; leased connections close when they come back.
    public func close() async {
        for listener in listeners.closeAll() { listener.stop() }
        for connection in state.close() { await connection.close() }
    }

    private func lease() async throws -> PostgresConnection {
        if case .connection(let connection) = try await state.reserve() {
            // Checked in the same hop as its first statement, and opened again there if it died while idle.
            connection.checkBeforeNextUse()
            return connection
        }
        do {
            return try await PostgresConnection.connect(url: url)
        } catch {
            _ = state.release(nil)
            throw error
        }
    }

    private func giveBack(_ connection: PostgresConnection) async {
        let reusable = connection.isReusable
        if let toClose = state.release(reusable ? connection : nil) {
            await toClose.close()
        }
        if !reusable { await connection.close() }
    }
}
