import CPostgres

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension PostgresConnection {
    /// The largest statement sent from the calling thread: libpq's blocking send of a small one returns at once,
    /// a large one could wait for the server to read, which the cooperative pool must not.
    static let maxSendFirstBytes = 16 * 1024

    /// How a statement left the calling thread.
    enum Sending {
        /// Sent: the queue only reads the answer.
        case sent(PreparedStatementKey)
        /// Not sent: the queue runs the whole statement (the connection may need opening again, or the statement
        /// preparing, both blocking).
        case onQueue(PostgresQuery)
        /// libpq could not send it; its message.
        case failed(String)
    }

    /// Runs one statement. When the connection is ready for it (alive, the statement prepared on it and small),
    /// the statement is sent from the calling thread, so PostgreSQL works on it while the connection's queue wakes to
    /// read the answer; otherwise the whole statement runs on the queue, as `perform` runs it.
    func run(_ query: PostgresQuery) async throws -> PostgresResult {
        let operation = startOperation()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                let sending = sendIfReady(query, operation: operation)
                queue.async {
                    let result = self.finish(sending, operation: operation)
                    continuation.resume(with: result)
                }
            }
        } onCancel: {
            self.requestCancel(of: operation)
        }
    }

    /// On the calling thread, while the caller holds the connection and nothing runs on its queue (every earlier
    /// operation on it has returned). The check before use that the pool asked for (`checkBeforeNextUse`) is made
    /// here when nothing waits on the socket, as `isAliveBlocking` finds then; anything waiting (a goodbye, an
    /// EOF) leaves the check, and the statement, to the queue.
    private func sendIfReady(_ query: PostgresQuery, operation: UInt64) -> Sending {
        guard let handle, !isClosed, PQstatus(handle) == CONNECTION_OK, !goodbye.current,
            let statement = try? EncodedStatement(query), statement.size <= Self.maxSendFirstBytes,
            let name = prepared[statement.key]
        else { return .onQueue(query) }
        if isCheckDue {
            guard !Self.hasInputWaiting(handle) else { return .onQueue(query) }
            checkMade()
        }
        markRunning(operation)
        let accepted =
            statement.withValues { values in
                PQsendQueryPrepared(handle, name, statement.count, values, statement.lengths, statement.formats, 0)
            } ?? 0
        guard accepted == 1 else {
            if PQstatus(handle) != CONNECTION_OK { markBroken() }
            return .failed(Self.errorMessage(of: handle))
        }
        sentFirst.withLock { $0 += 1 }
        return .sent(statement.key)
    }

    /// On the queue: the answer of a statement sent, or the whole statement.
    private func finish(_ sending: Sending, operation: UInt64) -> Result<PostgresResult, any Error> {
        let result: Result<PostgresResult, any Error>
        switch sending {
        case .sent(let key):
            result = Result {
                guard let handle else { throw PostgresError.connectionFailed("the connection is closed") }
                let last = Self.lastResult(of: handle)
                return try consumeForgettingStale(last, of: handle, key)
            }
        case .failed(let message):
            result = .failure(PostgresError.connectionFailed(message))
        case .onQueue(let query):
            do {
                try reopenIfDeadBlocking()
            } catch {
                endOperation()
                return .failure(error)
            }
            markRunning(operation)
            result = Result { try runBlocking(query) }
        }
        endOperation()
        return result
    }

    /// Blocking: the results of the statement sent, until libpq has none; the last one, as `PQexec` keeps it.
    private static func lastResult(of handle: OpaquePointer) -> OpaquePointer? {
        var last: OpaquePointer?
        while let result = PQgetResult(handle) {
            if let previous = last { PQclear(previous) }
            last = result
            let status = PQresultStatus(result)
            if status == PGRES_COPY_IN || status == PGRES_COPY_OUT || status == PGRES_COPY_BOTH
                || PQstatus(handle) == CONNECTION_BAD
            {
                break
            }
        }
        return last
    }

    /// Whether anything waits to be read on the connection's socket, without blocking (an error counts as yes).
    private static func hasInputWaiting(_ handle: OpaquePointer) -> Bool {
        let socket = PQsocket(handle)
        guard socket >= 0 else { return true }
        var descriptor = pollfd(fd: socket, events: Int16(POLLIN), revents: 0)
        return poll(&descriptor, 1, 0) != 0
    }
}
