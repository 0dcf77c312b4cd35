/// The rules of a ``PostgresPool``'s bookkeeping, with no I/O: idle connections, how many are open, who waits
/// in what order. ``PoolState`` keeps it behind a lock and resumes the waiters it names.
struct PoolStateMachine<Connection> {
    /// What a caller gets: an idle connection, or the right to open a new one.
    enum Grant {
        case connection(Connection)
        case slot
    }

    /// What a reservation came to.
    enum Reservation {
        case granted(Grant)
        /// The waiter is queued; ``release(_:)`` hands it a grant, ``close()`` or ``cancel(_:)`` fails it.
        case queued
        case closed
    }

    /// What a release asks of the caller.
    enum Release {
        /// Resume this waiter with this grant.
        case handOver(waiter: UInt64, Grant)
        /// Close this connection: the pool is closed.
        case close(Connection)
        case none
    }

    let size: Int
    private(set) var idle: [Connection] = []
    /// Connections counted against `size`: idle, leased, or being opened.
    private(set) var open = 0
    /// Waiting callers, first come first served.
    private(set) var waiters: [UInt64] = []
    private(set) var isClosed = false

    init(size: Int) { self.size = size }

    /// An idle connection, else a slot while fewer than `size` are open, else `waiter` joins the queue (with no
    /// waiter, `queued` means only that nothing is free now).
    mutating func reserve(waiter: UInt64?) -> Reservation {
        if isClosed { return .closed }
        if let connection = idle.popLast() { return .granted(.connection(connection)) }
        if open < size {
            open += 1
            return .granted(.slot)
        }
        if let waiter { waiters.append(waiter) }
        return .queued
    }

    /// Takes a waiter out of the queue; false when it is no longer there (handed a grant, or failed by close).
    mutating func cancel(_ waiter: UInt64) -> Bool {
        guard let index = waiters.firstIndex(of: waiter) else { return false }
        waiters.remove(at: index)
        return true
    }

    /// Takes back a leased connection, or `nil` when the caller's connection was dropped (or never opened): the
    /// first waiter gets it (or the slot it leaves), else it goes idle (or its slot is freed).
    mutating func release(_ connection: Connection?) -> Release {
        if isClosed {
            open -= 1
            return connection.map(Release.close) ?? .none
        }
        if !waiters.isEmpty {
            return .handOver(waiter: waiters.removeFirst(), connection.map(Grant.connection) ?? .slot)
        }
        if let connection { idle.append(connection) } else { open -= 1 }
        return .none
    }

    /// Closes the pool: returns the waiters to fail and the idle connections to close.
    mutating func close() -> (waiters: [UInt64], idle: [Connection]) {
        isClosed = true
        let closed = (waiters: waiters, idle: idle)
        waiters = []
        open -= idle.count
        idle = []
        return closed
    }
}
