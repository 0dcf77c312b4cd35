import CNats
import FolioModel
import Foundation

/// A libnats responder that answers each subject with a fixed reply from its libnats callback (no JSON-RPC
/// decoding, no store): the baseline of `bench/run inquiry` and the floors of it and of `vault-write`. The replies
/// are copies of what a store answered in the same run, so both sides move the same bytes. A subject may first
/// run a blocking step on its callback's thread (a floor stores there before it answers); each subject has a
/// thread of its own.
final class CannedResponder: @unchecked Sendable {
    // libnats connections are thread-safe; the pointers never change after init.
    private let connection: OpaquePointer
    private let options: OpaquePointer
    private var subscriptions: [OpaquePointer] = []
    private var boxes: [Unmanaged<CannedReply>] = []

    init(url: String) throws {
        var optionsPointer: OpaquePointer?
        guard natsOptions_Create(&optionsPointer) == NATS_OK, let options = optionsPointer else {
            throw BenchError("natsOptions_Create")
        }
        self.options = options
        guard natsOptions_SetURL(options, url) == NATS_OK, natsOptions_SetSendAsap(options, true) == NATS_OK else {
            natsOptions_Destroy(options)
            throw BenchError("natsOptions for \(url)")
        }
        do {
            try BenchNATSCredentials.apply(to: options)
        } catch {
            natsOptions_Destroy(options)
            throw error
        }
        var connectionPointer: OpaquePointer?
        guard natsConnection_Connect(&connectionPointer, options) == NATS_OK, let connection = connectionPointer else {
            natsOptions_Destroy(options)
            throw BenchError("connect to \(url)")
        }
        self.connection = connection
    }

    deinit {
        for subscription in subscriptions {
            natsSubscription_Unsubscribe(subscription)
            natsSubscription_Destroy(subscription)
        }
        natsConnection_Destroy(connection)
        // The callbacks have returned once the connection is destroyed.
        for box in boxes { box.release() }
        natsOptions_Destroy(options)
    }

    /// Answers every request on `subject` with `reply`, once `before` has run; a `before` that throws is answered
    /// with a JSON-RPC error naming why, which fails the phase.
    func answer(_ subject: String, with reply: [UInt8], before: (@Sendable () throws -> Void)? = nil) throws {
        try answer(subject, [CannedReply.Case(reply, before: before)])
    }

    /// Answers every request on `subject` with the first of `cases` whose marker its bytes hold (a case without
    /// one takes any request): one subject for several methods, told apart without parsing.
    func answer(_ subject: String, _ cases: [CannedReply.Case]) throws {
        let box = Unmanaged.passRetained(CannedReply(cases))
        var subscription: OpaquePointer?
        guard
            natsConnection_Subscribe(&subscription, connection, subject, cannedReplyCallback, box.toOpaque())
                == NATS_OK, let subscription
        else {
            box.release()
            throw BenchError("subscribe to \(subject)")
        }
        boxes.append(box)
        subscriptions.append(subscription)
        guard natsConnection_Flush(connection) == NATS_OK else { throw BenchError("flush the subscription") }
    }
}

final class CannedReply {
    /// A reply, the step run before it, and the bytes a request holds to get it (nil: any request).
    struct Case {
        let marker: [UInt8]?
        let bytes: [UInt8]
        let before: (@Sendable () throws -> Void)?

        init(_ bytes: [UInt8], when marker: String? = nil, before: (@Sendable () throws -> Void)? = nil) {
            self.marker = marker.map { Array($0.utf8) }
            self.bytes = bytes
            self.before = before
        }
    }

    private let cases: [Case]

    init(_ cases: [Case]) { self.cases = cases }

    /// The reply to `request`, or an error reply when its step threw or no case takes it.
    func answer(_ request: UnsafeRawBufferPointer) -> [UInt8] {
        guard let chosen = cases.first(where: { $0.marker.map { Self.holds(request, $0) } ?? true }) else {
            return Self.failure("no canned reply for this request")
        }
        do {
            try chosen.before?()
            return chosen.bytes
        } catch {
            return Self.failure("the responder's step failed: \(error)")
        }
    }

    private static func holds(_ request: UnsafeRawBufferPointer, _ marker: [UInt8]) -> Bool {
        request.firstRange(of: marker) != nil
    }

    private static func failure(_ message: String) -> [UInt8] {
        let failure: JSONValue = ["code": -32603, "message": .string(message)]
        return JSONValue.object(["id": 1, "jsonrpc": "2.0", "error": failure]).serialized()
    }
}

private func cannedReplyCallback(
    _ connection: OpaquePointer?, _ subscription: OpaquePointer?, _ message: OpaquePointer?,
    _ closure: UnsafeMutableRawPointer?
) {
    guard let message else { return }
    defer { natsMsg_Destroy(message) }
    guard let connection, let closure, let reply = natsMsg_GetReply(message) else { return }
    let request = UnsafeRawBufferPointer(
        start: natsMsg_GetData(message), count: Int(max(0, natsMsg_GetDataLength(message))))
    let answer = Unmanaged<CannedReply>.fromOpaque(closure).takeUnretainedValue().answer(request)
    answer.withUnsafeBytes { buffer in
        _ = natsConnection_Publish(connection, reply, buffer.baseAddress, Int32(buffer.count))
    }
}
