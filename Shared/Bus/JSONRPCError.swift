import FolioModel

/// The error object of a JSON-RPC 2.0 response (specification §5.1).
public struct JSONRPCError: Error, Sendable, Hashable, CustomStringConvertible {
    public var code: Int
    public var message: String
    public var data: JSONValue?

    public init(code: Int, message: String, data: JSONValue? = nil) {
        self.code = code
        self.message = message
        self.data = data
    }

    public static func parseError(_ detail: String? = nil) -> JSONRPCError {
        JSONRPCError(code: -32700, message: "Parse error", data: detail.map { .string($0) })
    }
    public static func invalidRequest(_ detail: String? = nil) -> JSONRPCError {
        JSONRPCError(code: -32600, message: "Invalid Request", data: detail.map { .string($0) })
    }
    public static func methodNotFound(_ method: String) -> JSONRPCError {
        JSONRPCError(code: -32601, message: "Method not found", data: .string(method))
    }
    public static func invalidParams(_ detail: String) -> JSONRPCError {
        JSONRPCError(code: -32602, message: "Invalid params", data: .string(detail))
    }
    public static func internalError(_ detail: String? = nil) -> JSONRPCError {
        JSONRPCError(code: -32603, message: "Internal error", data: detail.map { .string($0) })
    }
    /// Implementation-defined server errors use -32000 to -32099.
    public static func serverError(code: Int, message: String, data: JSONValue? = nil) -> JSONRPCError {
        precondition((-32099)...(-32000) ~= code, "server error codes are -32000...-32099")
        return JSONRPCError(code: code, message: message, data: data)
    }

    public var json: JSONValue {
        var members: JSONObject = ["code": .int(Int64(code)), "message": .string(message)]
        if let data { members["data"] = data }
        return .object(members)
    }

    init?(json: JSONValue) {
        guard let code = json["code"]?.intValue, let message = json["message"]?.stringValue else { return nil }
        self.init(code: Int(code), message: message, data: json["data"])
    }

    public var description: String {
        data.map { "\(message) (\(code)): \($0.jsonString)" } ?? "\(message) (\(code))"
    }
}
