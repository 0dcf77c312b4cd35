import Bus
import FolioModel

/// Any bytes as a JSON-RPC payload, the way the Gateway and every bus endpoint read one (JSONRPCCodec.decode):
/// each request read writes back as itself, each rejection answers with an error response, the answers of a
/// payload encode to JSON that reads back as the same responses; and the same bytes read as a response, the way
/// a bus client reads an answer.
enum JSONRPCCodecTarget: FuzzTarget {
    static let name = "jsonrpc-codec"

    static func run(_ bytes: [UInt8]) {
        let elements: [Result<JSONRPCRequest, JSONRPCRejection>]
        let wasBatch: Bool
        switch JSONRPCCodec.decode(bytes) {
        case .single(let element): (elements, wasBatch) = ([element], false)
        case .batch(let batch): (elements, wasBatch) = (batch, true)
        }
        var responses: [JSONRPCResponse] = []
        for element in elements {
            switch element {
            case .success(let request):
                guard case .success(let again) = JSONRPCRequest.decode(request.json), again == request else {
                    FuzzCheck.fail("a request read does not read back from its own JSON")
                }
                if let id = request.id {
                    responses.append(JSONRPCResponse(id: id, result: request.params ?? .null))
                }
            case .failure(let rejection):
                responses.append(rejection.response)
            }
        }
        if let encoded = JSONRPCCodec.encode(responses: responses, wasBatch: wasBatch) {
            guard let json = try? JSONParser.parse(encoded, maxDepth: JSONParser.defaultMaxDepth + 2) else {
                FuzzCheck.fail("encoded responses are not JSON")
            }
            let read: [JSONValue] = wasBatch ? (json.arrayValue ?? []) : [json]
            guard read.count == responses.count else { FuzzCheck.fail("encoded responses lost some") }
            for (value, response) in zip(read, responses) {
                guard let decoded = JSONRPCResponse.decode(value), decoded.id == response.id else {
                    FuzzCheck.fail("an encoded response does not read back")
                }
            }
        }
        // The same bytes as an answer on the bus.
        if let json = try? JSONParser.parse(bytes) { _ = JSONRPCResponse.decode(json) }
    }
}
