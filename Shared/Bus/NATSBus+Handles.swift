import CNats
import Foundation
import Synchronization

/// One libnats connection; destroyed with its options in `deinit`.
final class NATSConnectionHandle: @unchecked Sendable {
    // libnats connections are thread-safe; the pointers never change after init.
    let pointer: OpaquePointer
    private let options: OpaquePointer

    private init(pointer: OpaquePointer, options: OpaquePointer) {
        self.pointer = pointer
        self.options = options
    }

    deinit {
        natsConnection_Close(pointer)
        natsConnection_Destroy(pointer)
        natsOptions_Destroy(options)
    }

    /// The URL of the server the connection is on now; nil while it is not connected.
    var connectedURL: String? {
        var buffer = [CChar](repeating: 0, count: 256)
        guard natsConnection_GetConnectedUrl(pointer, &buffer, buffer.count) == NATS_OK, buffer[0] != 0 else {
            return nil
        }
        return String(cString: buffer)
    }

    /// One URL, or the comma-separated URLs of a cluster's nodes: the client connects to one of them (in random
    /// order, so clients spread over the nodes) and, when that node goes away, reconnects to another; the
    /// nodes a cluster gossips are added by libnats itself.
    private static func setServers(_ url: String, on options: OpaquePointer) throws(BusError) {
        let urls = NATSBus.Configuration.servers(in: url)
        guard urls.count > 1 else {
            try check(natsOptions_SetURL(options, url), "natsOptions_SetURL")
            return
        }
        let copies = urls.map { strdup($0) }
        defer { copies.forEach { free($0) } }
        var pointers = copies.map { UnsafePointer<CChar>($0) }
        let status = pointers.withUnsafeMutableBufferPointer { buffer in
            natsOptions_SetServers(options, buffer.baseAddress, Int32(buffer.count))
        }
        try check(status, "natsOptions_SetServers")
    }

    /// Connects with `configuration`; `publishRefused` hears each subject the server refused a publish to.
    static func connect(
        _ configuration: NATSBus.Configuration, publishRefused: @escaping @Sendable (String) -> Void
    ) throws(BusError) -> NATSConnectionHandle {
        NATSLibrary.configureOnce(deliveryThreads: configuration.deliveryThreads)
        var optionsPointer: OpaquePointer?
        try check(natsOptions_Create(&optionsPointer), "natsOptions_Create")
        guard let options = optionsPointer else { throw .transport("natsOptions_Create returned no options") }
        do {
            try NATSSecurity.apply(configuration.access, to: options)
            try NATSSecurity.reportErrors(of: options, name: configuration.name, publishRefused: publishRefused)
            try setServers(configuration.url, on: options)
            try check(natsOptions_SetName(options, configuration.name), "natsOptions_SetName")
            try check(natsOptions_SetSendAsap(options, true), "natsOptions_SetSendAsap")
            try check(natsOptions_SetAllowReconnect(options, true), "natsOptions_SetAllowReconnect")
            try check(natsOptions_SetMaxReconnect(options, -1), "natsOptions_SetMaxReconnect")
            try check(
                natsOptions_SetReconnectWait(options, milliseconds(configuration.reconnectWait)),
                "natsOptions_SetReconnectWait")
            try check(natsOptions_SetTimeout(options, 2_000), "natsOptions_SetTimeout")
            try check(natsOptions_UseGlobalMessageDelivery(options, true), "natsOptions_UseGlobalMessageDelivery")
        } catch {
            natsOptions_Destroy(options)
            throw error
        }
        let deadline = ContinuousClock.now + configuration.connectTimeout
        var lastStatus = NATS_OK
        while true {
            var connection: OpaquePointer?
            lastStatus = natsConnection_Connect(&connection, options)
            if lastStatus == NATS_OK, let connection {
                return NATSConnectionHandle(pointer: connection, options: options)
            }
            if NATSSecurity.isRefusal(lastStatus) {
                let detail = NATSSecurity.lastErrorText(lastStatus)
                natsOptions_Destroy(options)
                throw .notConnected("\(configuration.url) refused this connection: \(detail)")
            }
            guard ContinuousClock.now < deadline else { break }
            Thread.sleep(forTimeInterval: 0.1)
        }
        natsOptions_Destroy(options)
        throw .notConnected("\(configuration.url): \(statusText(lastStatus))")
    }

    var isConnected: Bool { natsConnection_Status(pointer) == NATS_CONN_STATUS_CONNECTED }

    /// The largest message the server takes (its `max_payload`), as it announced on connecting; 0 when unknown.
    var maxPayload: Int { Int(max(0, natsConnection_GetMaxPayload(pointer))) }

    func publish(subject: String, reply: String?, payload: [UInt8]) throws(BusError) {
        let status = payload.withUnsafeBytes { buffer in
            if let reply {
                natsConnection_PublishRequest(pointer, subject, reply, buffer.baseAddress, Int32(buffer.count))
            } else {
                natsConnection_Publish(pointer, subject, buffer.baseAddress, Int32(buffer.count))
            }
        }
        guard status == NATS_OK else {
            if status == NATS_CONNECTION_CLOSED { throw .closed }
            throw .transport("publish on \(subject): \(statusText(status))")
        }
    }
}

/// One asynchronous subscription. The box that its callback reads is released by libnats's
/// on-complete callback, after the last message handler has returned.
final class NATSSubscriptionHandle: BusSubscription, @unchecked Sendable {
    // Unsubscribe and destroy run once, under the lock.
    private let pointer: Mutex<CPointer?>

    private init(pointer: OpaquePointer) { self.pointer = Mutex(CPointer(pointer)) }

    static func subscribe(
        connection: NATSConnectionHandle, subject: String, queueGroup: String?, box: SubscriptionBox
    ) throws(BusError) -> NATSSubscriptionHandle {
        let context = Unmanaged.passRetained(box).toOpaque()
        var subscription: OpaquePointer?
        let status: natsStatus =
            if let queueGroup {
                natsConnection_QueueSubscribe(
                    &subscription, connection.pointer, subject, queueGroup, natsMessageCallback, context)
            } else {
                natsConnection_Subscribe(&subscription, connection.pointer, subject, natsMessageCallback, context)
            }
        guard status == NATS_OK, let subscription else {
            Unmanaged<SubscriptionBox>.fromOpaque(context).release()
            throw .transport("subscribe to \(subject): \(statusText(status))")
        }
        let completion = natsSubscription_SetOnCompleteCB(subscription, natsSubscriptionCompleted, context)
        if completion != NATS_OK {
            natsSubscription_Destroy(subscription)
            throw .transport("subscribe to \(subject): \(statusText(completion))")
        }
        _ = natsSubscription_SetPendingLimits(subscription, -1, -1)
        return NATSSubscriptionHandle(pointer: subscription)
    }

    func cancel() async { close() }

    private func close() {
        pointer.withLock { pointer in
            guard let subscription = pointer?.raw else { return }
            _ = natsSubscription_Unsubscribe(subscription)
            natsSubscription_Destroy(subscription)
            pointer = nil
        }
    }

    deinit { close() }
}

/// What a subscription's C callback hands messages to.
final class SubscriptionBox: Sendable {
    enum Kind: Sendable {
        case inbox(ReplyTable)
        case handler(BusHandler)
    }

    let kind: Kind
    let connection: NATSConnectionHandle
    let delivery: BusDelivery
    /// For serial delivery: the messages waiting for the handler.
    private let serialQueue = Mutex(SerialQueue<BusMessage>())

    init(kind: Kind, delivery: BusDelivery, connection: NATSConnectionHandle) {
        self.kind = kind
        self.delivery = delivery
        self.connection = connection
    }

    /// A message for the handler.
    func receive(_ message: BusMessage, for handler: @escaping BusHandler) {
        if delivery == .serial {
            guard serialQueue.withLock({ $0.arrived(message) }) else { return }
            Task { [self] in await drainSerialQueue(into: handler) }
        } else {
            // Started on the delivery thread, so a handler that answers without waiting is not handed to
            // another thread; after its first wait it goes on on the cooperative pool.
            Task.immediate { [connection] in
                SubscriptionBox.send(await handler(message), for: message, on: connection)
            }
        }
    }

    /// Hands the waiting messages to the handler one at a time, in arrival order, until none waits.
    private func drainSerialQueue(into handler: BusHandler) async {
        while let message = serialQueue.withLock({ $0.next() }) {
            SubscriptionBox.send(await handler(message), for: message, on: connection)
        }
    }

    private static func send(_ reply: BusReply, for message: BusMessage, on connection: NATSConnectionHandle) {
        guard let replyTo = message.replyTo else { return }
        switch reply {
        case .now(let bytes):
            if let bytes { publishReply(bytes, for: message, to: replyTo, on: connection) }
        case .deferred(let work):
            Task {
                if let bytes = await work() { publishReply(bytes, for: message, to: replyTo, on: connection) }
            }
        }
    }

    /// A reply the bus refuses (too big for the server's max payload, most often) is answered with a small
    /// JSON-RPC error instead, and logged: dropped, it would leave the caller waiting for its timeout.
    private static func publishReply(
        _ bytes: [UInt8], for message: BusMessage, to replyTo: String, on connection: NATSConnectionHandle
    ) {
        let failure: BusError
        do throws(BusError) {
            try connection.publish(subject: replyTo, reply: nil, payload: bytes)
            return
        } catch {
            failure = error
        }
        let limit = connection.maxPayload
        let error = NATSReplyFailure.error(replySize: bytes.count, limit: limit, failure: failure)
        var answered = false
        if let fallback = NATSReplyFailure.payload(answering: message.payload, with: error) {
            do throws(BusError) {
                try connection.publish(subject: replyTo, reply: nil, payload: fallback)
                answered = true
            } catch {}
        }
        NATSReplyFailure.log(
            subject: message.subject, replyTo: replyTo, size: bytes.count, limit: limit, failure: failure,
            answered: answered)
    }
}

private func natsMessageCallback(
    _ connection: OpaquePointer?, _ subscription: OpaquePointer?, _ message: OpaquePointer?,
    _ closure: UnsafeMutableRawPointer?
) {
    guard let message else { return }
    defer { NATSMessageRelease.shared.destroy(message) }
    guard let closure else { return }
    let box = Unmanaged<SubscriptionBox>.fromOpaque(closure).takeUnretainedValue()
    let length = Int(natsMsg_GetDataLength(message))
    var payload: [UInt8] = []
    if length > 0, let data = natsMsg_GetData(message) {
        payload = data.withMemoryRebound(to: UInt8.self, capacity: length) {
            Array(UnsafeBufferPointer(start: $0, count: length))
        }
    }
    switch box.kind {
    case .inbox(let replies):
        // A reply needs only the token that ends its subject: no strings are made for it. No responders is
        // answered without a subject: the waiter names the subject it asked (`NATSBus.request`).
        guard let subject = natsMsg_GetSubject(message), let token = ReplyToken.last(ofCString: subject) else { return }
        let noResponders = natsMsg_IsNoResponders(message)
        replies.resolve(token, with: noResponders ? .failure(.noResponders(subject: "")) : .success(payload))
    case .handler(let handler):
        let subject = natsMsg_GetSubject(message).map { String(cString: $0) } ?? ""
        let reply = natsMsg_GetReply(message).map { String(cString: $0) }
        box.receive(BusMessage(subject: subject, payload: payload, replyTo: reply), for: handler)
    }
}

private func natsSubscriptionCompleted(_ closure: UnsafeMutableRawPointer?) {
    guard let closure else { return }
    Unmanaged<SubscriptionBox>.fromOpaque(closure).release()
}

enum NATSLibrary {
    private static let configured = Mutex(false)

    static func configureOnce(deliveryThreads: Int) {
        configured.withLock { done in
            guard !done else { return }
            // A write to a socket the server has closed must be an error, not a process-ending SIGPIPE.
            signal(SIGPIPE, SIG_IGN)
            // No lock spinning: on a small machine a spinning thread takes the core the lock holder needs
            // (measured with bench/run bus: more calls per second with spinning off, for us and for raw libnats).
            _ = nats_Open(0)
            _ = nats_SetMessageDeliveryPoolSize(Int32(max(1, deliveryThreads)))
            done = true
        }
    }
}

func statusText(_ status: natsStatus) -> String {
    natsStatus_GetText(status).map { String(cString: $0) } ?? "status \(status.rawValue)"
}

func check(_ status: natsStatus, _ call: String) throws(BusError) {
    guard status == NATS_OK else { throw .transport("\(call): \(statusText(status))") }
}

func milliseconds(_ duration: Duration) -> Int64 {
    let (seconds, attoseconds) = duration.components
    return seconds * 1000 + attoseconds / 1_000_000_000_000_000
}

/// A C handle that only moves between threads under a lock.
struct CPointer: @unchecked Sendable {
    let raw: OpaquePointer
    init(_ raw: OpaquePointer) { self.raw = raw }
}
