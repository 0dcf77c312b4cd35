#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A pthread mutex, for state shared between C callback threads and Swift tasks.
final class Lock: @unchecked Sendable {
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>

    init() {
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deinitialize(count: 1)
        mutex.deallocate()
    }

    func lock() { pthread_mutex_lock(mutex) }
    func unlock() { pthread_mutex_unlock(mutex) }

    func withLock<Result>(_ body: () throws -> Result) rethrows -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body()
    }

    /// Blocks on `condition` until signalled; the lock must be held.
    func wait(on condition: Condition) {
        pthread_cond_wait(condition.pointer, mutex)
    }
}

/// A pthread condition variable used together with ``Lock``.
final class Condition: @unchecked Sendable {
    fileprivate let pointer: UnsafeMutablePointer<pthread_cond_t>

    init() {
        pointer = .allocate(capacity: 1)
        pointer.initialize(to: pthread_cond_t())
        pthread_cond_init(pointer, nil)
    }

    deinit {
        pthread_cond_destroy(pointer)
        pointer.deinitialize(count: 1)
        pointer.deallocate()
    }

    func signal() { pthread_cond_signal(pointer) }
    func broadcast() { pthread_cond_broadcast(pointer) }
}

/// A value guarded by its own ``Lock``.
final class Locked<Value>: @unchecked Sendable {
    private let lock = Lock()
    private var value: Value

    init(_ value: Value) { self.value = value }

    func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        try lock.withLock { try body(&value) }
    }
}

extension Duration {
    /// Whole milliseconds, rounded up so that a tiny positive duration never becomes 0 (no limit).
    var milliseconds: Int64 {
        let parts = components
        let fraction =
            parts.attoseconds > 0 ? (parts.attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000 : 0
        return parts.seconds * 1000 + fraction
    }
}
