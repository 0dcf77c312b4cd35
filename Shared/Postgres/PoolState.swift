/// The bookkeeping of a ``PostgresPool``: idle connections, how many are open, who waits.
actor PoolState {
    /// What a caller gets: an idle connection, or the right to open a new one.
    enum Grant: Sendable {
        case connection(PostgresConnection)
        case slot
    }

    private let size: Int
    private var idle: [PostgresConnection] = []
    /// Connections counted against `size`: idle, leased, or being opened.
    private var open = 0
    private var waiters: [(id: UInt64, continuation: CheckedContinuation<Grant, any Error>)] = []
    private var nextWaiterID: UInt64 = 0
    private(set) var isClosed = false

    init(size: Int) { self.size = size }

    func reserve() async throws -> Grant {
        if isClosed { throw PostgresError.poolClosed }
        if let connection = idle.popLast() { return .connection(connection) }
        if open < size {
            open += 1
            return .slot
        }
        nextWaiterID += 1
        let id = nextWaiterID
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                if Task.isCancelled {
                    continuation.resume(throwing: CancellationError())
                } else {
                    waiters.append((id, continuation))
                }
            }
        } onCancel: {
            Task { await self.cancelWaiter(id) }
        }
    }

    private func cancelWaiter(_ id: UInt64) {
        guard let index = waiters.firstIndex(where: { $0.id == id }) else { return }
        waiters.remove(at: index).continuation.resume(throwing: CancellationError())
    }

    /// Takes back a leased connection, or `nil` when the caller's connection was dropped (or
    /// never opened). Returns a connection the caller must close, if any.
    func release(_ connection: PostgresConnection?) -> PostgresConnection? {
        if isClosed {
            open -= 1
            return connection
        }
        guard let connection else {
            if waiters.isEmpty {
                open -= 1
            } else {
                waiters.removeFirst().continuation.resume(returning: .slot)
            }
            return nil
        }
        if waiters.isEmpty {
            idle.append(connection)
        } else {
            waiters.removeFirst().continuation.resume(returning: .connection(connection))
        }
        return nil
    }

    /// Fails every waiter and returns the idle connections for the caller to close.
    func close() -> [PostgresConnection] {
        isClosed = true
        for waiter in waiters { waiter.continuation.resume(throwing: PostgresError.poolClosed) }
        waiters = []
        let connections = idle
        idle = []
        open -= connections.count
        return connections
    }
}
