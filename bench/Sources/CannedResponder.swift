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
        let box = Unmanaged.passRetained(CannedReply(reply, before: before))
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

private final class CannedReply {
    let bytes: [UInt8]
    let before: (@Sendable () throws -> Void)?
    init(_ bytes: [UInt8], before: (@Sendable () throws -> Void)?) {
        self.bytes = bytes
        self.before = before
    }

    /// The reply, or an error reply when `before` threw.
    func answer() -> [UInt8] {
        do {
            try before?()
            return bytes
        } catch {
            let failure: JSONValue = ["code": -32603, "message": .string("the responder's step failed: \(error)")]
            return JSONValue.object(["id": 1, "jsonrpc": "2.0", "error": failure]).serialized()
        }
    }
}

private func cannedReplyCallback(
    _ connection: OpaquePointer?, _ subscription: OpaquePointer?, _ message: OpaquePointer?,
    _ closure: UnsafeMutableRawPointer?
) {
    guard let message else { return }
    defer { natsMsg_Destroy(message) }
    guard let connection, let closure, let reply = natsMsg_GetReply(message) else { return }
    let answer = Unmanaged<CannedReply>.fromOpaque(closure).takeUnretainedValue().answer()
    answer.withUnsafeBytes { buffer in
        _ = natsConnection_Publish(connection, reply, buffer.baseAddress, Int32(buffer.count))
    }
}
