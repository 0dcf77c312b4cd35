import CNats
import Foundation

/// The baseline of the bus benchmark: libnats request/reply with nothing of ours on top. The responder
/// replies from its libnats callback; callers use the blocking `natsConnection_Request` on their own threads.
final class RawNATSBaseline: @unchecked Sendable {
    // libnats connections are thread-safe; the pointers never change after init.
    private let responder: OpaquePointer
    private let requester: OpaquePointer
    private var subscription: OpaquePointer?
    private let options: OpaquePointer
    let subject: String

    init(url: String, subject: String) throws {
        var optionsPointer: OpaquePointer?
        guard natsOptions_Create(&optionsPointer) == NATS_OK, let options = optionsPointer else {
            throw BenchError("natsOptions_Create")
        }
        self.options = options
        natsOptions_SetURL(options, url)
        natsOptions_SetSendAsap(options, true)
        try BenchNATSCredentials.apply(to: options)
        var responderPointer: OpaquePointer?
        var requesterPointer: OpaquePointer?
        guard natsConnection_Connect(&responderPointer, options) == NATS_OK, let responder = responderPointer,
            natsConnection_Connect(&requesterPointer, options) == NATS_OK, let requester = requesterPointer
        else { throw BenchError("connect to \(url)") }
        self.responder = responder
        self.requester = requester
        self.subject = subject
        var subscriptionPointer: OpaquePointer?
        guard natsConnection_Subscribe(&subscriptionPointer, responder, subject, rawEchoCallback, nil) == NATS_OK else {
            throw BenchError("subscribe")
        }
        subscription = subscriptionPointer
        natsConnection_Flush(responder)
    }

    deinit {
        if let subscription { natsSubscription_Destroy(subscription) }
        natsConnection_Destroy(responder)
        natsConnection_Destroy(requester)
        natsOptions_Destroy(options)
    }

    /// One blocking request/reply with `payload`; false when it failed.
    func request(_ payload: [UInt8]) -> Bool {
        reply(to: payload) != nil
    }

    /// One blocking request/reply with `payload`: the reply's bytes, or nil when it failed.
    func reply(to payload: [UInt8]) -> [UInt8]? {
        var reply: OpaquePointer?
        let status = payload.withUnsafeBytes { buffer in
            natsConnection_Request(&reply, requester, subject, buffer.baseAddress, Int32(buffer.count), 5_000)
        }
        guard let reply else { return nil }
        defer { natsMsg_Destroy(reply) }
        guard status == NATS_OK, let data = natsMsg_GetData(reply) else { return nil }
        return Array(UnsafeRawBufferPointer(start: data, count: Int(natsMsg_GetDataLength(reply))))
    }
}

/// The baseline responder answers with a fixed JSON-RPC response of the same size as ours.
private let cannedReply = Array(#"{"id":1,"jsonrpc":"2.0","result":{"echo":"ping"}}"#.utf8)

private func rawEchoCallback(
    _ connection: OpaquePointer?, _ subscription: OpaquePointer?, _ message: OpaquePointer?,
    _ closure: UnsafeMutableRawPointer?
) {
    guard let message else { return }
    defer { natsMsg_Destroy(message) }
    guard let connection, let reply = natsMsg_GetReply(message) else { return }
    cannedReply.withUnsafeBytes { buffer in
        _ = natsConnection_Publish(connection, reply, buffer.baseAddress, Int32(buffer.count))
    }
}

struct BenchError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
