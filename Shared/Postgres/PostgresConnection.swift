import CPostgres
import Dispatch
import Foundation

/// One libpq connection (`PGconn`).
///
/// Every libpq call on the handle runs on the connection's own serial `DispatchQueue`, never on
/// Swift's cooperative thread pool; async callers are resumed when the call is done. Most code
/// uses a ``PostgresPool`` rather than a connection directly.
public final class PostgresConnection: @unchecked Sendable {
    // `@unchecked`: `handle` and `prepared` are only touched on `queue` (or in `deinit`, when no one else can).
    let queue: DispatchQueue
    /// Where the connection was opened, so a connection found dead before its first statement is opened again.
    let url: String
    var handle: OpaquePointer?
    /// The statements prepared on this connection, by text and parameter types.
    var prepared: [PreparedStatementKey: PreparedStatement] = [:]
    var preparedCount = 0
    /// Cancel requests in flight; an operation does not return (and the connection cannot be
    /// handed to someone else) until they are done, so a late cancel never hits the next statement.
    private let pendingCancels = DispatchGroup()
    private let state = Locked(SharedState())
    /// Whether the server said goodbye while the connection was idle; outlives `handle` (`deinit` finishes it
    /// first), whose notice receiver points at it.
    let goodbye = Locked(false)

    private struct SharedState {
        var broken = false
        var inTransaction = false
        /// Set when the pool hands out an idle connection: the next operation checks first (`isAliveBlocking`).
        var checkBeforeUse = false
        var nextOperation: UInt64 = 0
        var runningOperation: UInt64?
        /// Kept for `PQcancel`, which is thread-safe and made for use from another thread. Replaced only on
        /// `queue` before an operation starts, when no cancel request is in flight.
        var cancelHandle: OpaquePointer?
    }

    /// Blocking connect; call on `queue` (or on the thread that will own the connection).
    init(url: String, queue: DispatchQueue = DispatchQueue(label: "Postgres.PostgresConnection"))
        throws
    {
        self.queue = queue
        self.url = url
        try open()
    }

    /// Blocking: opens the session (again, after `reopenIfDeadBlocking`) and sets what `PostgresDecodable`
    /// relies on. Call on `queue`, with no operation running.
    private func open() throws {
        guard let handle = PQconnectdb(url) else {
            throw PostgresError.connectionFailed("libpq could not allocate a connection")
        }
        guard PQstatus(handle) == CONNECTION_OK else {
            let message = Self.errorMessage(of: handle)
            PQfinish(handle)
            throw PostgresError.connectionFailed(message)
        }
        self.handle = handle
        let cancelHandle = PQgetCancel(handle)
        state.withLock {
            $0.cancelHandle = cancelHandle
            $0.broken = false
            $0.inTransaction = false
        }
        // Notices would otherwise go to stderr. A server's goodbye (FATAL) read while idle comes as a notice too:
        // the receiver remembers it, so `isAliveBlocking` knows before the EOF that follows it arrives.
        goodbye.withLock { $0 = false }
        PQsetNoticeReceiver(
            handle,
            { argument, result in
                guard let argument, let result,
                    let severity = PQresultErrorField(result, Int32(UInt8(ascii: "V")))
                else { return }
                let text = String(cString: severity)
                guard text == "FATAL" || text == "PANIC" else { return }
                Unmanaged<Locked<Bool>>.fromOpaque(argument).takeUnretainedValue().withLock { $0 = true }
            }, Unmanaged.passUnretained(goodbye).toOpaque())
        guard PQsetClientEncoding(handle, "UTF8") == 0 else {
            throw PostgresError.connectionFailed(
                "could not set client encoding: \(Self.errorMessage(of: handle))")
        }
        // Fixed output formats that PostgresDecodable parses, whatever the server's defaults.
        _ = try runBlocking(
            "SELECT set_config('DateStyle', 'ISO', false), set_config('bytea_output', 'hex', false)")
    }

    /// Blocking: when the pool asked for a check before use (`checkBeforeNextUse`) and the idle connection
    /// turns out dead (the server restarted meanwhile), opens a fresh session in its place. Nothing of the
    /// caller's operation was sent yet, so this is no retry of anything. Call on `queue` before the operation.
    private func reopenIfDeadBlocking() throws {
        let check = state.withLock { state -> Bool in
            defer { state.checkBeforeUse = false }
            return state.checkBeforeUse && !state.broken
        }
        guard check, !isAliveBlocking() else { return }
        let old = state.withLock { state -> OpaquePointer? in
            defer { state.cancelHandle = nil }
            return state.cancelHandle
        }
        if let old { PQfreeCancel(old) }
        if let handle { PQfinish(handle) }
        handle = nil
        prepared = [:]
        do {
            try open()
        } catch {
            markBroken()
            throw error
        }
    }

    /// The pool hands out this idle connection: its next operation first checks that it is still alive, in the
    /// same hop to the connection's queue.
    func checkBeforeNextUse() { state.withLock { $0.checkBeforeUse = true } }

    deinit {
        if let cancelHandle = state.withLock({ $0.cancelHandle }) { PQfreeCancel(cancelHandle) }
        if let handle { PQfinish(handle) }
    }

    /// Opens a connection from a libpq URL such as `postgresql://user@127.0.0.1:5432/db`.
    ///
    /// Throws ``PostgresError/Kind/connectionFailed`` with libpq's message.
    public static func connect(url: String) async throws -> PostgresConnection {
        let queue = DispatchQueue(label: "Postgres.PostgresConnection")
        return try await withCheckedThrowingContinuation { continuation in
            queue.async {
                continuation.resume(with: Result { try PostgresConnection(url: url, queue: queue) })
            }
        }
    }

    /// Whether the connection was closed or found broken; a broken connection is never reused.
    public var isClosed: Bool { state.withLock { $0.broken } }

    func markBroken() { state.withLock { $0.broken = true } }

    /// Whether the pool may hand this connection to another caller: not broken, and not left
    /// inside a transaction block by a stray `BEGIN`.
    var isReusable: Bool { state.withLock { !$0.broken && !$0.inTransaction } }

    /// Whether the server's last answer left the session inside a transaction block (or an aborted one).
    var isInTransactionBlock: Bool { state.withLock { $0.inTransaction } }

    func noteTransactionStatus(_ status: PGTransactionStatusType) {
        state.withLock { $0.inTransaction = status != PQTRANS_IDLE }
    }

    /// Runs `body` on the connection's queue. Cancelling the calling task asks the server to
    /// cancel the statement if `body` is running by then. A connection the pool asked to check
    /// (`checkBeforeNextUse`) is checked, and opened again when dead, in the same hop before `body`.
    func perform<T: Sendable>(
        checking: Bool = true, _ body: @escaping @Sendable (PostgresConnection) throws -> T
    ) async throws -> T {
        let operation = state.withLock { state -> UInt64 in
            state.nextOperation &+= 1
            return state.nextOperation
        }
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                queue.async {
                    if checking {
                        do {
                            try self.reopenIfDeadBlocking()
                        } catch {
                            continuation.resume(throwing: error)
                            return
                        }
                    }
                    self.state.withLock { $0.runningOperation = operation }
                    let result = Result { try body(self) }
                    self.state.withLock { $0.runningOperation = nil }
                    self.pendingCancels.wait()
                    continuation.resume(with: result)
                }
            }
        } onCancel: {
            self.requestCancel(of: operation)
        }
    }

    private func requestCancel(of operation: UInt64) {
        let started = state.withLock { state -> Bool in
            guard state.runningOperation == operation, state.cancelHandle != nil else { return false }
            pendingCancels.enter()
            return true
        }
        guard started else { return }
        // PQcancel opens a connection to the server: blocking, so not on the caller's thread.
        DispatchQueue.global().async {
            defer { self.pendingCancels.leave() }
            guard let cancelHandle = self.state.withLock({ $0.cancelHandle }) else { return }
            var message = [CChar](repeating: 0, count: 256)
            _ = PQcancel(cancelHandle, &message, Int32(message.count))  // best effort
        }
    }

    /// Runs a query and returns its rows.
    public func query(_ query: PostgresQuery) async throws -> [PostgresRow] {
        try await perform { try $0.runBlocking(query).rows }
    }

    /// Runs a statement and returns the number of rows it affected.
    public func execute(_ query: PostgresQuery) async throws -> Int {
        try await perform { try $0.runBlocking(query).affectedRows }
    }

    /// Closes the connection; later calls throw ``PostgresError/Kind/connectionFailed``.
    public func close() async {
        _ = try? await perform(checking: false) { connection in
            connection.markBroken()
            if let handle = connection.handle {
                PQfinish(handle)
                connection.handle = nil
            }
        }
    }

    static func errorMessage(of handle: OpaquePointer) -> String {
        guard let message = PQerrorMessage(handle) else { return "unknown libpq error" }
        let text = String(cString: message).trimmingCharacters(in: .whitespacesAndNewlines)
        return text.isEmpty ? "unknown libpq error" : text
    }
}
