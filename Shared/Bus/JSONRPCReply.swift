import FolioModel

/// A JSON-RPC 2.0 response whose result stays the bytes it came in: what a service answered is passed on
/// without being parsed and written again. Errors are small and kept as ``JSONRPCError``.
public struct JSONRPCReply: Sendable, Hashable {
    public var id: JSONRPCID
    public var outcome: Result<JSONText, JSONRPCError>

    public init(id: JSONRPCID, outcome: Result<JSONText, JSONRPCError>) {
        self.id = id
        self.outcome = outcome
    }

    public init(id: JSONRPCID, error: JSONRPCError) {
        self.init(id: id, outcome: .failure(error))
    }

    /// A response built here: its result is serialized once.
    public init(_ response: JSONRPCResponse) {
        self.init(id: response.id, outcome: response.outcome.map { JSONText(serializing: $0) })
    }

    /// The error of the outcome, if it is one.
    public var error: JSONRPCError? {
        if case .failure(let error) = outcome { error } else { nil }
    }

    /// Writes the same bytes as ``JSONRPCResponse/json`` serialized: members in key order, no blanks.
    public func write(to output: inout [UInt8]) {
        switch outcome {
        case .success(let result):
            output.append(contentsOf: #"{"id":"#.utf8)
            id.json.write(to: &output)
            output.append(contentsOf: #","jsonrpc":"2.0","result":"#.utf8)
            result.write(to: &output)
            output.append(UInt8(ascii: "}"))
        case .failure(let error):
            output.append(contentsOf: #"{"error":"#.utf8)
            error.json.write(to: &output)
            output.append(contentsOf: #","id":"#.utf8)
            id.json.write(to: &output)
            output.append(contentsOf: #","jsonrpc":"2.0"}"#.utf8)
        }
    }
}

extension JSONRPCCodec {
    /// Encodes replies as ``encode(responses:wasBatch:)`` encodes responses, with the same bytes.
    public static func encode(replies: [JSONRPCReply], wasBatch: Bool) -> [UInt8]? {
        var output: [UInt8] = []
        let resultBytes = replies.reduce(0) { total, reply in
            if case .success(let result) = reply.outcome { total + result.bytes.count } else { total }
        }
        output.reserveCapacity(resultBytes + 96 * replies.count)
        if wasBatch {
            guard !replies.isEmpty else { return nil }
            output.append(UInt8(ascii: "["))
            for (offset, reply) in replies.enumerated() {
                if offset > 0 { output.append(UInt8(ascii: ",")) }
                reply.write(to: &output)
            }
            output.append(UInt8(ascii: "]"))
            return output
        }
        guard let reply = replies.first else { return nil }
        reply.write(to: &output)
        return output
    }
}
