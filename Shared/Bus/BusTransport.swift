import FolioModel

/// A message delivered to a subscription.
public struct BusMessage: Sendable {
    public var subject: String
    public var payload: [UInt8]
    public var replyTo: String?

    public init(subject: String, payload: [UInt8], replyTo: String? = nil) {
        self.subject = subject
        self.payload = payload
        self.replyTo = replyTo
    }
}

/// How a subscription hands messages to its handler.
public enum BusDelivery: Sendable {
    /// Each message in its own task.
    case concurrent
    /// One at a time in arrival order; the handler decides what may run beside later messages.
    case serial
}

/// What a handler answers: the reply now, or work that produces it while later messages go on (the
/// transport runs it in one task of its own and sends its reply from there).
public enum BusReply: Sendable {
    case now([UInt8]?)
    case deferred(@Sendable () async -> [UInt8]?)

    public var bytes: [UInt8]? {
        get async {
            switch self {
            case .now(let bytes): bytes
            case .deferred(let work): await work()
            }
        }
    }
}

/// Answers one message; the bytes of the reply are sent to its reply subject.
public typealias BusHandler = @Sendable (BusMessage) async -> BusReply

/// The bus under the JSON-RPC layer: NATS in services, in-process in unit tests. Both behave alike:
/// request/reply with a timeout, "no responders" as its own error, queue groups, publish.
public protocol BusTransport: Sendable {
    func request(subject: String, payload: [UInt8], timeout: Duration) async throws(BusError) -> [UInt8]
    func publish(subject: String, payload: [UInt8]) async throws(BusError)
    func subscribe(subject: String, queueGroup: String?, delivery: BusDelivery, handler: @escaping BusHandler)
        async throws(BusError) -> any BusSubscription
}

public protocol BusSubscription: Sendable {
    func cancel() async
}

/// Why a bus call did not produce an answer.
public struct BusError: Error, Sendable, Hashable, CustomStringConvertible, RPCErrorConvertible {
    private enum Base: Hashable, Sendable {
        case timeout(subject: String)
        case noResponders(subject: String)
        case notConnected(String)
        case transport(String)
        case notPermitted(subject: String)
        case closed
    }

    private let base: Base

    public static func timeout(subject: String) -> BusError { BusError(base: .timeout(subject: subject)) }
    public static func noResponders(subject: String) -> BusError { BusError(base: .noResponders(subject: subject)) }
    public static func notConnected(_ detail: String) -> BusError { BusError(base: .notConnected(detail)) }
    public static func transport(_ detail: String) -> BusError { BusError(base: .transport(detail)) }
    public static let closed = BusError(base: .closed)
    /// nats-server refused a publish to `subject`: this connection's user has no permission for it.
    public static func notPermitted(subject: String) -> BusError { BusError(base: .notPermitted(subject: subject)) }

    public var isTimeout: Bool { if case .timeout = base { true } else { false } }
    public var isNoResponders: Bool { if case .noResponders = base { true } else { false } }
    public var isNotPermitted: Bool { if case .notPermitted = base { true } else { false } }

    public var description: String {
        switch base {
        case .timeout(let subject): "no reply on \(subject) before the timeout"
        case .noResponders(let subject): "no responders on \(subject)"
        case .notConnected(let detail): "not connected to the bus: \(detail)"
        case .transport(let detail): "bus transport error: \(detail)"
        case .notPermitted(let subject): "this process's bus user may not publish to \(subject)"
        case .closed: "the bus connection is closed"
        }
    }

    public var rpcError: JSONRPCError {
        switch base {
        case .timeout: .folio(.busTimeout, description)
        case .noResponders: .folio(.serviceUnavailable, description)
        case .notConnected, .transport, .notPermitted, .closed: .folio(.serviceUnavailable, description)
        }
    }
}
