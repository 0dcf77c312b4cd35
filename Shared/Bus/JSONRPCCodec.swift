import FolioModel

/// What arrived in one JSON-RPC payload (specification §4–§6).
public enum JSONRPCIncoming: Sendable {
    /// One request, or the error response that a malformed one earns.
    case single(Result<JSONRPCRequest, JSONRPCRejection>)
    /// A non-empty batch, each element decoded on its own.
    case batch([Result<JSONRPCRequest, JSONRPCRejection>])
}

public enum JSONRPCCodec {
    /// Decodes a payload. Invalid JSON is a Parse error; an empty batch or a non-object is an Invalid
    /// Request; each element of a batch stands alone.
    public static func decode(_ payload: [UInt8], maxDepth: Int = JSONParser.defaultMaxDepth) -> JSONRPCIncoming {
        let json: JSONValue
        do {
            json = try JSONParser.parse(payload, maxDepth: maxDepth)
        } catch {
            return .single(.failure(JSONRPCRejection(id: .null, error: .parseError(error.description))))
        }
        return decode(json)
    }

    public static func decode(_ json: JSONValue) -> JSONRPCIncoming {
        if case .array(let elements) = json {
            guard !elements.isEmpty else {
                return .single(.failure(JSONRPCRejection(id: .null, error: .invalidRequest("empty batch"))))
            }
            return .batch(elements.map(JSONRPCRequest.decode))
        }
        return .single(JSONRPCRequest.decode(json))
    }

    /// Encodes the responses of a payload: nothing for notifications only, a bare object for a single
    /// request, an array for a batch that produced at least one response.
    public static func encode(responses: [JSONRPCResponse], wasBatch: Bool) -> [UInt8]? {
        if wasBatch {
            guard !responses.isEmpty else { return nil }
            var output: [UInt8] = [UInt8(ascii: "[")]
            for (offset, response) in responses.enumerated() {
                if offset > 0 { output.append(UInt8(ascii: ",")) }
                output.append(contentsOf: response.serialized())
            }
            output.append(UInt8(ascii: "]"))
            return output
        }
        return responses.first?.serialized()
    }
}

extension JSONRPCCodec {
    /// Answers every element of a batch concurrently and returns the responses in the batch's order
    /// (notifications give none). A rejected element answers with its error; `handle` answers the rest.
    public static func respond(
        to batch: [Result<JSONRPCRequest, JSONRPCRejection>],
        handle: @escaping @Sendable (JSONRPCRequest) async -> JSONRPCResponse?
    ) async -> [JSONRPCResponse] {
        await respond(to: batch, rejected: { $0.response }, handle: handle)
    }

    /// Answers a batch as ``respond(to:handle:)`` does, with responses of any kind (the Gateway's
    /// ``JSONRPCReply``).
    public static func respond<Response: Sendable>(
        to batch: [Result<JSONRPCRequest, JSONRPCRejection>],
        rejected: @escaping @Sendable (JSONRPCRejection) -> Response,
        handle: @escaping @Sendable (JSONRPCRequest) async -> Response?
    ) async -> [Response] {
        await withTaskGroup(of: (Int, Response?).self) { group in
            for (offset, element) in batch.enumerated() {
                group.addTask {
                    switch element {
                    case .failure(let rejection): return (offset, rejected(rejection))
                    case .success(let request): return (offset, await handle(request))
                    }
                }
            }
            var collected: [(Int, Response?)] = []
            for await item in group { collected.append(item) }
            return collected.sorted { $0.0 < $1.0 }.compactMap(\.1)
        }
    }
}
