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
