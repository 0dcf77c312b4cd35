import FolioModel

/// A JSON-RPC 2.0 request; without an id it is a notification, which gets no response.
public struct JSONRPCRequest: Sendable, Hashable {
    public var method: String
    /// Structured params: an array (by position) or an object (by name), or absent.
    public var params: JSONValue?
    public var id: JSONRPCID?

    public init(method: String, params: JSONValue? = nil, id: JSONRPCID?) {
        self.method = method
        self.params = params
        self.id = id
    }

    public var isNotification: Bool { id == nil }

    public var json: JSONValue {
        var members: JSONObject = ["jsonrpc": "2.0", "method": .string(method)]
        if let params { members["params"] = params }
        if let id { members["id"] = id.json }
        return .object(members)
    }

    /// The bytes of ``json`` serialized, written without building the object: every message the bus sends.
    public func serialized() -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(64 + method.utf8.count)
        Self.writeHead(method: method, id: id, to: &output)
        if let params {
            output.append(contentsOf: #","params":"#.utf8)
            params.write(to: &output)
        }
        output.append(UInt8(ascii: "}"))
        return output
    }

    /// Reads one request object; a malformed one is the Invalid Request error with the id when it could
    /// be read, or null.
    public static func decode(_ json: JSONValue) -> Result<JSONRPCRequest, JSONRPCRejection> {
        guard case .object(let members) = json else {
            return .failure(JSONRPCRejection(id: .null, error: .invalidRequest("a request is a JSON object")))
        }
        var id: JSONRPCID?
        if let rawID = members["id"] {
            guard let parsed = JSONRPCID(json: rawID) else {
                return .failure(
                    JSONRPCRejection(id: .null, error: .invalidRequest("id must be a string, number or null")))
            }
            id = parsed
        }
        let errorID = id ?? .null
        guard members["jsonrpc"] == "2.0" else {
            return .failure(JSONRPCRejection(id: errorID, error: .invalidRequest("jsonrpc must be \"2.0\"")))
        }
        guard case .string(let method)? = members["method"] else {
            return .failure(JSONRPCRejection(id: errorID, error: .invalidRequest("method must be a string")))
        }
        let params = members["params"]
        switch params {
        case nil, .array?, .object?: break
        default:
            return .failure(
                JSONRPCRejection(id: errorID, error: .invalidRequest("params must be an array or an object")))
        }
        return .success(JSONRPCRequest(method: method, params: params, id: id))
    }
}

/// A JSON-RPC 2.0 response: a result or an error, never both.
public struct JSONRPCResponse: Sendable, Hashable {
    public var id: JSONRPCID
    public var outcome: Result<JSONValue, JSONRPCError>

    public init(id: JSONRPCID, result: JSONValue) {
        self.id = id
        self.outcome = .success(result)
    }

    public init(id: JSONRPCID, error: JSONRPCError) {
        self.id = id
        self.outcome = .failure(error)
    }

    public init(id: JSONRPCID, outcome: Result<JSONValue, JSONRPCError>) {
        self.id = id
        self.outcome = outcome
    }

    public var json: JSONValue {
        switch outcome {
        case .success(let result): ["jsonrpc": "2.0", "result": result, "id": id.json]
        case .failure(let error): ["jsonrpc": "2.0", "error": error.json, "id": id.json]
        }
    }

    /// The bytes of ``json`` serialized, written without building the object: every reply the bus sends.
    public func serialized() -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(64)
        output.append(UInt8(ascii: "{"))
        if case .failure(let error) = outcome {
            output.append(contentsOf: #""error":"#.utf8)
            error.json.write(to: &output)
            output.append(UInt8(ascii: ","))
        }
        output.append(contentsOf: #""id":"#.utf8)
        id.json.write(to: &output)
        output.append(contentsOf: #","jsonrpc":"2.0""#.utf8)
        if case .success(let result) = outcome {
            output.append(contentsOf: #","result":"#.utf8)
            result.write(to: &output)
        }
        output.append(UInt8(ascii: "}"))
        return output
    }

    public static func decode(_ json: JSONValue) -> JSONRPCResponse? {
        guard json["jsonrpc"] == "2.0", let rawID = json["id"], let id = JSONRPCID(json: rawID) else { return nil }
        if let result = json["result"], json["error"] == nil { return JSONRPCResponse(id: id, result: result) }
        if let errorJSON = json["error"], json["result"] == nil, let error = JSONRPCError(json: errorJSON) {
            return JSONRPCResponse(id: id, error: error)
        }
        return nil
    }
}

/// A payload element that is not a valid request, with the error response it earns.
public struct JSONRPCRejection: Error, Sendable, Hashable {
    public let id: JSONRPCID
    public let error: JSONRPCError

    public init(id: JSONRPCID, error: JSONRPCError) {
        self.id = id
        self.error = error
    }

    public var response: JSONRPCResponse { JSONRPCResponse(id: id, error: error) }
}
