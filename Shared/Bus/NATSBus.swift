import CNats
import Dispatch
import FolioModel
import Foundation
import Synchronization

/// The NATS transport over libnats.
///
/// Requests use one wildcard inbox subscription and a table of waiting callers, so no thread blocks on a
/// reply; "no responders" arrives as the server's status message and is reported as its own error.
/// The connection reconnects forever after nats-server restarts, and libnats re-creates every
/// subscription. Messages are delivered by libnats's shared delivery pool, so a mounted store does not
/// cost a thread.
public final class NATSBus: BusTransport {
    public struct Configuration: Sendable {
        public var url: String
        public var name: String
        public var connectTimeout: Duration
        public var reconnectWait: Duration
        public var deliveryThreads: Int
        /// The user, password and TLS of this process on nats-server (``NATSAccess/fromEnvironment(_:)``).
        public var access: NATSAccess

        public init(
            url: String, name: String = "folio", connectTimeout: Duration = .seconds(10),
            reconnectWait: Duration = .milliseconds(200), deliveryThreads: Int = 4, access: NATSAccess = .anonymous
        ) {
            self.url = url
            self.access = access
            self.name = name
            self.connectTimeout = connectTimeout
            self.reconnectWait = reconnectWait
            self.deliveryThreads = deliveryThreads
        }

        /// The URLs of `url`: one, or the comma-separated nodes of a cluster (`FOLIO_NATS_URL=nats://a:4222,
        /// nats://b:4222`), blanks around them left out.
        public static func servers(in url: String) -> [String] {
            url.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        }
    }

    private let connection: NATSConnectionHandle

    /// The URL of the node this connection is on now (nil while it reconnects).
    public var connectedURL: String? { connection.connectedURL }
    private let inboxPrefix: String
    private let replies: ReplyTable
    private let inbox: NATSSubscriptionHandle

    /// Connects, retrying until `connectTimeout` so services may start before nats-server accepts; refused
    /// credentials and TLS failures end the attempt at once.
    public static func connect(_ configuration: Configuration) async throws(BusError) -> NATSBus {
        let result: Result<NATSBus, BusError> = await withCheckedContinuation { continuation in
            let thread = Thread {
                do {
                    continuation.resume(returning: .success(try NATSBus(configuration)))
                } catch let error as BusError {
                    continuation.resume(returning: .failure(error))
                } catch {
                    continuation.resume(returning: .failure(.transport(String(describing: error))))
                }
            }
            thread.start()
        }
        return try result.get()
    }

    private init(_ configuration: Configuration) throws(BusError) {
        let replies = ReplyTable()
        self.replies = replies
        // A publish the server refuses is only reported asynchronously: a request waiting on it fails at once.
        connection = try NATSConnectionHandle.connect(configuration) { subject in
            replies.fail(subject: subject, with: .notPermitted(subject: subject))
        }
        inboxPrefix = "\(configuration.access.inboxRoot).\(RandomID.base32(count: 22))"
        let box = SubscriptionBox(kind: .inbox(replies), delivery: .concurrent, connection: connection)
        inbox = try NATSSubscriptionHandle.subscribe(
            connection: connection, subject: inboxPrefix + ".*", queueGroup: nil, box: box)
    }

    public var isConnected: Bool { connection.isConnected }

    /// The largest message the server takes (its `max_payload`); 0 when unknown. A reply bigger than this is
    /// answered with a `PAYLOAD_TOO_LARGE` error instead.
    public var maxPayload: Int { connection.maxPayload }

    public func request(subject: String, payload: [UInt8], timeout: Duration) async throws(BusError) -> [UInt8] {
        let token = replies.nextToken()
        let replySubject = "\(inboxPrefix).\(token)"
        // The table hands each waiter out once (removed under its lock), so it is resumed exactly once.
        let result: Result<[UInt8], BusError> = await withUnsafeContinuation { continuation in
            replies.register(token, subject: subject, deadline: ContinuousClock.now + timeout, continuation)
            do throws(BusError) {
                try connection.publish(subject: subject, reply: replySubject, payload: payload)
            } catch {
                replies.resolve(token, with: .failure(error))
            }
        }
        switch result {
        case .success(let bytes): return bytes
        case .failure(let error) where error.isNoResponders: throw .noResponders(subject: subject)
        case .failure(let error): throw error
        }
    }

    public func publish(subject: String, payload: [UInt8]) async throws(BusError) {
        try connection.publish(subject: subject, reply: nil, payload: payload)
    }

    public func subscribe(subject: String, queueGroup: String?, delivery: BusDelivery, handler: @escaping BusHandler)
        async throws(BusError) -> any BusSubscription
    {
        let box = SubscriptionBox(kind: .handler(handler), delivery: delivery, connection: connection)
        return try NATSSubscriptionHandle.subscribe(
            connection: connection, subject: subject, queueGroup: queueGroup, box: box)
    }
}

/// Callers waiting for a reply, by the last token of their reply subject. One timer for the whole table
/// expires overdue callers, so a request costs no timer of its own.
final class ReplyTable: @unchecked Sendable {
    // The timer is set up once in init and only cancelled in deinit; all other state is under the mutex.
    private struct Waiter {
        let subject: String
        let deadline: ContinuousClock.Instant
        let continuation: UnsafeContinuation<Result<[UInt8], BusError>, Never>
    }

    private struct State {
        var next: UInt64 = 0
        var waiting: [UInt64: Waiter] = [:]
    }

    /// How often overdue callers are looked for; a timeout fires at most this much late.
    static let sweepInterval = DispatchTimeInterval.milliseconds(20)

    private let state = Mutex(State())
    private let timer: any DispatchSourceTimer

    init() {
        timer = DispatchSource.makeTimerSource(queue: DispatchQueue(label: "folio.bus.reply-timeouts"))
        timer.schedule(deadline: .now() + Self.sweepInterval, repeating: Self.sweepInterval, leeway: .milliseconds(5))
        timer.setEventHandler { [weak self] in self?.expireOverdue() }
        timer.resume()
    }

    deinit { timer.cancel() }

    func nextToken() -> UInt64 {
        state.withLock { state in
            state.next &+= 1
            return state.next
        }
    }

    func register(
        _ token: UInt64, subject: String, deadline: ContinuousClock.Instant,
        _ continuation: UnsafeContinuation<Result<[UInt8], BusError>, Never>
    ) {
        state.withLock { $0.waiting[token] = Waiter(subject: subject, deadline: deadline, continuation: continuation) }
    }

    func resolve(_ token: UInt64, with result: Result<[UInt8], BusError>) {
        let waiter = state.withLock { $0.waiting.removeValue(forKey: token) }
        waiter?.continuation.resume(returning: result)
    }

    /// Fails every caller waiting on a request to `subject`.
    func fail(subject: String, with error: BusError) {
        let failed = state.withLock { state in
            let tokens = state.waiting.filter { $0.value.subject == subject }.map(\.key)
            return tokens.compactMap { state.waiting.removeValue(forKey: $0) }
        }
        for waiter in failed { waiter.continuation.resume(returning: .failure(error)) }
    }

    private func expireOverdue() {
        let now = ContinuousClock.now
        let overdue = state.withLock { state in
            let tokens = state.waiting.filter { $0.value.deadline <= now }.map(\.key)
            return tokens.compactMap { state.waiting.removeValue(forKey: $0) }
        }
        for waiter in overdue { waiter.continuation.resume(returning: .failure(.timeout(subject: waiter.subject))) }
    }
}
