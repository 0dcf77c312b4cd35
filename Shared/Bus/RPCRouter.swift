import FolioModel

/// Dispatches JSON-RPC requests to the methods it was built with: params by position or by name,
/// required params checked, notifications answered with nothing, batches answered as a batch.
public struct RPCRouter: Sendable {
    public let methods: [String: RPCMethod]
    public let maxDepth: Int
    /// Told of every call this router answers (ServiceKit's metrics); nil by default.
    public private(set) var observer: (any RPCCallObserver)?

    public init(_ methods: [RPCMethod], maxDepth: Int = JSONParser.defaultMaxDepth) {
        self.methods = Dictionary(methods.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        self.maxDepth = maxDepth
    }

    public func merging(_ other: RPCRouter) -> RPCRouter {
        RPCRouter(Array(methods.values) + Array(other.methods.values), maxDepth: maxDepth).observed(by: observer)
    }

    /// This router, telling `observer` of every call it answers.
    public func observed(by observer: (any RPCCallObserver)?) -> RPCRouter {
        var router = self
        router.observer = observer
        return router
    }

    /// The execution class of a payload: detached when any request in it is detached.
    public func execution(of incoming: JSONRPCIncoming) -> RPCMethod.Execution {
        let requests: [JSONRPCRequest]
        switch incoming {
        case .single(.success(let request)): requests = [request]
        case .batch(let elements): requests = elements.compactMap { try? $0.get() }
        case .single(.failure): requests = []
        }
        return requests.contains { methods[$0.method]?.execution == .detached } ? .detached : .inline
    }

    /// Handles a raw payload and returns the raw response, or nil when nothing is to be returned.
    public func handle(payload: [UInt8]) async -> [UInt8]? {
        await handle(JSONRPCCodec.decode(payload, maxDepth: maxDepth))
    }

    public func handle(_ incoming: JSONRPCIncoming) async -> [UInt8]? {
        switch incoming {
        case .single(.failure(let rejection)):
            return JSONRPCCodec.encode(responses: [rejection.response], wasBatch: false)
        case .single(.success(let request)):
            let response = await handle(request)
            return JSONRPCCodec.encode(responses: response.map { [$0] } ?? [], wasBatch: false)
        case .batch(let elements):
            let responses = await JSONRPCCodec.respond(to: elements) { request in await handle(request) }
            return JSONRPCCodec.encode(responses: responses, wasBatch: true)
        }
    }

    /// Runs one request; nil for a notification.
    public func handle(_ request: JSONRPCRequest) async -> JSONRPCResponse? {
        let outcome = await outcome(of: request)
        guard let id = request.id else { return nil }
        return JSONRPCResponse(id: id, outcome: outcome)
    }

    public func outcome(of request: JSONRPCRequest) async -> Result<JSONValue, JSONRPCError> {
        guard let observer else { return await run(request) }
        let started = ContinuousClock.now
        let outcome = await run(request)
        let method = methods[request.method] == nil ? RPCRouter.unknownMethodLabel : request.method
        var error: JSONRPCError?
        if case .failure(let failure) = outcome { error = failure }
        observer.rpcCallFinished(method: method, error: error, duration: .now - started)
        return outcome
    }

    /// What an observer is told as the method of a call whose name the router does not have (the names
    /// callers send are not a bounded set).
    public static let unknownMethodLabel = "unknown"

    private func run(_ request: JSONRPCRequest) async -> Result<JSONValue, JSONRPCError> {
        guard let method = methods[request.method] else { return .failure(.methodNotFound(request.method)) }
        let call: RPCCall
        switch Self.bind(request.params, to: method) {
        case .success(let bound): call = bound
        case .failure(let error): return .failure(error)
        }
        do {
            return .success(try await method.handler(call))
        } catch let error as JSONRPCError {
            return .failure(error)
        } catch let error as any RPCErrorConvertible {
            return .failure(error.rpcError)
        } catch {
            return .failure(.internalError(String(describing: error)))
        }
    }

    static func bind(_ params: JSONValue?, to method: RPCMethod) -> Result<RPCCall, JSONRPCError> {
        var named: JSONObject = [:]
        switch params {
        case nil: break
        case .object(let members)?: named = members
        case .array(let values)? where method.params.last?.variadic == true:
            let fixed = method.params.dropLast()
            for (param, value) in zip(fixed, values) { named[param.name] = value }
            if let rest = method.params.last { named[rest.name] = .array(Array(values.dropFirst(fixed.count))) }
        case .array(let values)?:
            guard values.count <= method.params.count else {
                return .failure(.invalidParams("\(method.name) takes at most \(method.params.count) params"))
            }
            for (param, value) in zip(method.params, values) { named[param.name] = value }
        default:
            return .failure(.invalidParams("params must be an array or an object"))
        }
        for param in method.params {
            guard let value = named[param.name], value != .null || !param.required else {
                if param.required { return .failure(.invalidParams("missing param \(param.name)")) }
                continue
            }
            guard value == .null || param.schema.admits(value) else {
                return .failure(.invalidParams("param \(param.name) has the wrong type"))
            }
        }
        return .success(RPCCall(method: method.name, params: named))
    }
}

/// Told of every call an ``RPCRouter`` answered (``RPCRouter/observed(by:)``): the method
/// (``RPCRouter/unknownMethodLabel`` for a name the router does not have), the error it answered with (nil for a
/// result) and how long it took.
public protocol RPCCallObserver: Sendable {
    func rpcCallFinished(method: String, error: JSONRPCError?, duration: Duration)
}

extension JSONRPCError {
    /// The error as a metrics label: a Folio error's snake-case name (`unknown_store`, `service_unavailable`),
    /// else the JSON-RPC one (`method_not_found`, `invalid_params`, `internal_error`, …).
    public var outcomeLabel: String {
        if let folio = folioCode { return folio.typeName.lowercased() }
        switch code {
        case -32700: return "parse_error"
        case -32600: return "invalid_request"
        case -32601: return "method_not_found"
        case -32602: return "invalid_params"
        case -32603: return "internal_error"
        default: return "server_error"
        }
    }
}

/// An error that knows its JSON-RPC form (the store errors, the bus errors).
public protocol RPCErrorConvertible: Error {
    var rpcError: JSONRPCError { get }
}
