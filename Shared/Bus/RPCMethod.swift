import FolioModel

/// What a JSON-RPC method is: its name, documented params and result, errors and execution class. The
/// router validates calls with it and the OpenRPC document is generated from it, so they cannot drift apart.
public struct RPCMethodSpec: Sendable {
    public enum Execution: Sendable {
        /// Quick work that keeps the order in which requests arrived on a serial subscription.
        case inline
        /// Work that may wait (a long poll); runs beside later requests.
        case detached
    }

    public var name: String
    public var summary: String
    public var params: [RPCParam]
    public var result: RPCResultDescriptor
    public var errors: [JSONRPCError]
    public var execution: Execution

    public init(
        _ name: String, summary: String, params: [RPCParam] = [], result: RPCResultDescriptor,
        errors: [JSONRPCError] = [], execution: Execution = .inline
    ) {
        self.name = name
        self.summary = summary
        self.params = params
        self.result = result
        self.errors = errors
        self.execution = execution
    }

    /// This method, answered by `handler`.
    public func handled(by handler: @escaping @Sendable (RPCCall) async throws -> JSONValue) -> RPCMethod {
        RPCMethod(spec: self, handler: handler)
    }
}

/// A method spec with the handler that answers it.
public struct RPCMethod: Sendable {
    public typealias Execution = RPCMethodSpec.Execution

    public var spec: RPCMethodSpec
    public var handler: @Sendable (RPCCall) async throws -> JSONValue

    public init(spec: RPCMethodSpec, handler: @escaping @Sendable (RPCCall) async throws -> JSONValue) {
        self.spec = spec
        self.handler = handler
    }

    public init(
        _ name: String, summary: String, params: [RPCParam] = [], result: RPCResultDescriptor,
        errors: [JSONRPCError] = [], execution: Execution = .inline,
        handler: @escaping @Sendable (RPCCall) async throws -> JSONValue
    ) {
        self.init(
            spec: RPCMethodSpec(
                name, summary: summary, params: params, result: result, errors: errors, execution: execution),
            handler: handler)
    }

    public var name: String { spec.name }
    public var params: [RPCParam] { spec.params }
    public var execution: Execution { spec.execution }
}

public struct RPCParam: Sendable {
    public var name: String
    public var summary: String
    public var schema: JSONSchema
    public var required: Bool
    /// The last param may collect every remaining positional value as an array.
    public var variadic: Bool

    public init(
        _ name: String, _ schema: JSONSchema, required: Bool = true, variadic: Bool = false, summary: String = ""
    ) {
        self.name = name
        self.summary = summary
        self.schema = schema
        self.required = required
        self.variadic = variadic
    }
}

public struct RPCResultDescriptor: Sendable {
    public var name: String
    public var schema: JSONSchema

    public init(_ name: String, _ schema: JSONSchema) {
        self.name = name
        self.schema = schema
    }
}

/// The arguments of one call, by name whether they were sent by position or by name.
public struct RPCCall: Sendable {
    public let method: String
    public let params: JSONObject

    public init(method: String, params: JSONObject) {
        self.method = method
        self.params = params
    }

    public func value(_ name: String) -> JSONValue? {
        guard let value = params[name], value != .null else { return nil }
        return value
    }

    public func string(_ name: String) throws(JSONRPCError) -> String {
        guard let value = value(name)?.stringValue else { throw .invalidParams("\(name) must be a string") }
        return value
    }

    public func optionalString(_ name: String) throws(JSONRPCError) -> String? {
        guard let value = value(name) else { return nil }
        guard let text = value.stringValue else { throw .invalidParams("\(name) must be a string") }
        return text
    }

    public func int(_ name: String) throws(JSONRPCError) -> Int64 {
        guard let value = value(name)?.intValue else { throw .invalidParams("\(name) must be an integer") }
        return value
    }

    public func decode<T: Decodable>(_ name: String, as type: T.Type = T.self) throws(JSONRPCError) -> T {
        do {
            return try (params[name] ?? .null).decode(T.self)
        } catch {
            throw .invalidParams("\(name): \(error)")
        }
    }
}
