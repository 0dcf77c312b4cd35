import Foundation
import Lifecycle

/// One `LISTEN` on its own connection and its own thread.
///
/// The thread polls the socket with a short timeout so that ``stop()`` takes effect quickly, and
/// reconnects with backoff (re-issuing `LISTEN`) whenever the connection is lost. Notifications
/// sent while it is disconnected are lost: PostgreSQL only queues them for live listeners.
final class PostgresListener: Sendable {
    private static let wakeUpMilliseconds: Int32 = 100

    let channel: String
    private let url: String
    private let continuation: AsyncStream<PostgresNotification>.Continuation
    private let onExit: @Sendable (PostgresListener) -> Void
    private let stopped = Locked(false)

    init(
        url: String, channel: String, continuation: AsyncStream<PostgresNotification>.Continuation,
        onExit: @escaping @Sendable (PostgresListener) -> Void
    ) {
        self.url = url
        self.channel = channel
        self.continuation = continuation
        self.onExit = onExit
    }

    /// Starts the thread and returns once the first `LISTEN` is in place.
    func start() async throws {
        try await withCheckedThrowingContinuation { (ready: CheckedContinuation<Void, any Error>) in
            Thread {
                CurrentThread.setName("listen:\(self.channel)")
                self.run(ready: ready)
            }.start()
        }
    }

    /// Asks the thread to close its connection and end the sequence.
    func stop() { stopped.withLock { $0 = true } }

    private var isStopped: Bool { stopped.current }

    private func run(ready: CheckedContinuation<Void, any Error>) {
        var connection: PostgresConnection?
        do {
            connection = try connectAndListen()
            ready.resume()
        } catch {
            ready.resume(throwing: error)
            finish()
            return
        }
        var backoff = 0.1
        while !isStopped {
            guard let current = connection else {
                pause(seconds: backoff)
                guard !isStopped else { break }
                connection = try? connectAndListen()
                backoff = connection == nil ? min(backoff * 2, 2) : 0.1
                continue
            }
            do {
                for notification in try current.waitForNotificationsBlocking(
                    timeoutMilliseconds: Self.wakeUpMilliseconds)
                {
                    continuation.yield(notification)
                }
            } catch {
                connection = nil  // PQfinish in deinit, on this thread that owns it
            }
        }
        connection = nil
        finish()
    }

    /// Blocking, on the listener thread, which owns the connection.
    private func connectAndListen() throws -> PostgresConnection {
        let connection = try PostgresConnection(url: url)
        // LISTEN takes no parameter; `channel` was checked to be a plain identifier.
        _ = try connection.runBlocking("LISTEN \"\(unescaped: channel)\"")
        return connection
    }

    private func pause(seconds: Double) {
        var remaining = seconds
        while remaining > 0, !isStopped {
            let slice = min(remaining, Double(Self.wakeUpMilliseconds) / 1000)
            Thread.sleep(forTimeInterval: slice)
            remaining -= slice
        }
    }

    private func finish() {
        continuation.finish()
        onExit(self)
    }
}

/// The live listeners of a pool, so that closing the pool stops them.
final class ListenerRegistry: Sendable {
    private struct State {
        var closed = false
        var listeners: [ObjectIdentifier: PostgresListener] = [:]
    }
    private let state = Locked(State())

    /// Adds `listener`; `false` when the pool is already closed.
    func add(_ listener: PostgresListener) -> Bool {
        state.withLock { state in
            guard !state.closed else { return false }
            state.listeners[ObjectIdentifier(listener)] = listener
            return true
        }
    }

    func remove(_ listener: PostgresListener) {
        _ = state.withLock { $0.listeners.removeValue(forKey: ObjectIdentifier(listener)) }
    }

    func closeAll() -> [PostgresListener] {
        state.withLock { state in
            state.closed = true
            defer { state.listeners = [:] }
            return Array(state.listeners.values)
        }
    }
}
