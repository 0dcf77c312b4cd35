import Synchronization

/// The bookkeeping of a ``PostgresPool`` (``PoolStateMachine``) behind a lock, and the continuations of its
/// waiters. A lock rather than an actor: a caller that finds a connection free goes on to its statement on its
/// own thread, where a hop to an actor would wait for another thread to wake (a snapshot's save starts its
/// statement while the thread that applied the event still holds the store).
final class PoolState: Sendable {
    typealias Machine = PoolStateMachine<PostgresConnection>
    typealias Grant = Machine.Grant

    private struct Locked {
        var machine: Machine
        var continuations: [UInt64: CheckedContinuation<Grant, any Error>] = [:]
        var lastWaiterID: UInt64 = 0
    }

    private let locked: Mutex<Locked>

    init(size: Int) { locked = Mutex(Locked(machine: Machine(size: size))) }

    /// A free connection or slot at once, else the first one released after the callers already waiting.
    func reserve() async throws -> Grant {
        switch locked.withLock({ $0.machine.reserve(waiter: nil) }) {
        case .granted(let grant): return grant
        case .closed: throw PostgresError.poolClosed
        case .queued: return try await wait()
        }
    }

    private func wait() async throws -> Grant {
        let id = locked.withLock { locked in
            locked.lastWaiterID += 1
            return locked.lastWaiterID
        }
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                let outcome = locked.withLock { locked -> Result<Grant, any Error>? in
                    if Task.isCancelled { return .failure(CancellationError()) }
                    switch locked.machine.reserve(waiter: id) {
                    case .granted(let grant): return .success(grant)
                    case .closed: return .failure(PostgresError.poolClosed)
                    case .queued:
                        locked.continuations[id] = continuation
                        return nil
                    }
                }
                if let outcome { continuation.resume(with: outcome) }
            }
        } onCancel: {
            let continuation = locked.withLock { locked in
                locked.machine.cancel(id) ? locked.continuations.removeValue(forKey: id) : nil
            }
            continuation?.resume(throwing: CancellationError())
        }
    }

    /// Takes back a leased connection, or `nil` when the caller's connection was dropped (or never opened).
    /// Returns a connection the caller must close, if any.
    func release(_ connection: PostgresConnection?) -> PostgresConnection? {
        let (release, continuation) = locked.withLock {
            locked -> (Machine.Release, CheckedContinuation<Grant, any Error>?) in
            let release = locked.machine.release(connection)
            guard case .handOver(let waiter, _) = release else { return (release, nil) }
            return (release, locked.continuations.removeValue(forKey: waiter))
        }
        switch release {
        case .handOver(_, let grant):
            continuation?.resume(returning: grant)
            return nil
        case .close(let connection):
            return connection
        case .none:
            return nil
        }
    }

    /// Fails every waiter and returns the idle connections for the caller to close.
    func close() -> [PostgresConnection] {
        let (continuations, idle) = locked.withLock {
            locked -> ([CheckedContinuation<Grant, any Error>], [PostgresConnection]) in
            let (waiters, idle) = locked.machine.close()
            let continuations = waiters.compactMap { locked.continuations.removeValue(forKey: $0) }
            return (continuations, idle)
        }
        for continuation in continuations { continuation.resume(throwing: PostgresError.poolClosed) }
        return idle
    }
}
