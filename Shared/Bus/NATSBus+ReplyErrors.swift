import FolioModel
import Foundation

/// What a responder sends when the bus refuses its reply (bigger than the server's `max_payload`, or the
/// connection failed): a small JSON-RPC error for the request, so the caller learns why at once instead of
/// waiting for its timeout (`BUS_TIMEOUT`).
enum NATSReplyFailure {
    /// The error a refused reply of `size` bytes stands for; `limit` is the server's max payload (0 unknown).
    static func error(replySize size: Int, limit: Int, failure: BusError) -> JSONRPCError {
        if limit > 0, size > limit {
            return .folio(.payloadTooLarge, "reply of \(size) bytes exceeds the bus limit of \(limit) bytes")
        }
        return .folio(.serviceUnavailable, "the reply of \(size) bytes was not sent: \(failure)")
    }

    /// The error response to the request in `request`: one response for a single request, one per request
    /// with an id for a batch; nil when nothing in it expects an answer.
    static func payload(answering request: [UInt8], with error: JSONRPCError) -> [UInt8]? {
        switch JSONRPCCodec.decode(request, maxDepth: 512) {
        case .single(.success(let single)):
            guard let id = single.id else { return nil }
            return JSONRPCResponse(id: id, error: error).serialized()
        case .single(.failure(let rejection)):
            return JSONRPCResponse(id: rejection.id, error: error).serialized()
        case .batch(let elements):
            let ids: [JSONRPCID] = elements.compactMap { element in
                switch element {
                case .success(let request): request.id
                case .failure(let rejection): rejection.id
                }
            }
            return JSONRPCCodec.encode(responses: ids.map { JSONRPCResponse(id: $0, error: error) }, wasBatch: true)
        }
    }

    /// One JSON line on standard error, in the shape of the services' logs (the bus has no logger of its own).
    static func log(subject: String, replyTo: String, size: Int, limit: Int, failure: BusError, answered: Bool) {
        let fields: JSONValue = [
            "level": "warning", "message": "bus reply not sent", "subject": .string(subject),
            "replyTo": .string(replyTo), "bytes": .string(String(size)), "limit": .string(String(limit)),
            "error": .string(failure.description),
            "answered": .string(answered ? "with an error" : "not at all"),
        ]
        FileHandle.standardError.write(Data(fields.serialized() + [UInt8(ascii: "\n")]))
    }
}
