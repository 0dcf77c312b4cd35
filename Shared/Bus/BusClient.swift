import FolioModel

/// JSON-RPC calls over a bus transport.
public struct BusClient: Sendable {
    public let transport: any BusTransport
    public var timeout: Duration

    public init(transport: any BusTransport, timeout: Duration = .seconds(10)) {
        self.transport = transport
        self.timeout = timeout
    }

    /// Calls `method` on `subject` and returns its result; a JSON-RPC error comes back as the thrown
    /// `JSONRPCError`, a bus failure as `BusError`.
    public func call(_ subject: String, _ method: String, _ params: JSONValue? = nil, timeout: Duration? = nil)
        async throws -> JSONValue
    {
        let request = JSONRPCRequest(method: method, params: params, id: .int(1))
        let response = try await exchange(subject, request, timeout: timeout ?? self.timeout)
        return try response.outcome.get()
    }

    /// Sends a notification: no reply is awaited.
    public func notify(_ subject: String, _ method: String, _ params: JSONValue? = nil) async throws(BusError) {
        let request = JSONRPCRequest(method: method, params: params, id: nil)
        try await transport.publish(subject: subject, payload: request.serialized())
    }

    /// Forwards one request as it came (its id kept); bus failures become the matching error response.
    public func forward(_ subject: String, _ request: JSONRPCRequest, timeout: Duration? = nil) async
        -> JSONRPCResponse?
    {
        guard let id = request.id else {
            try? await transport.publish(subject: subject, payload: request.serialized())
            return nil
        }
        do {
            return try await exchange(subject, request, timeout: timeout ?? self.timeout)
        } catch let error as BusError {
            return JSONRPCResponse(id: id, error: error.rpcError)
        } catch {
            return JSONRPCResponse(id: id, error: .internalError(String(describing: error)))
        }
    }

    private func exchange(_ subject: String, _ request: JSONRPCRequest, timeout: Duration) async throws
        -> JSONRPCResponse
    {
        let reply = try await transport.request(subject: subject, payload: request.serialized(), timeout: timeout)
        guard let json = try? JSONParser.parse(reply, maxDepth: 512), var response = JSONRPCResponse.decode(json) else {
            throw BusError.transport("malformed JSON-RPC reply on \(subject)")
        }
        if let id = request.id { response.id = id }
        return response
    }
}

extension BusTransport {
    /// Answers JSON-RPC on `subject` with `router`. On a serial subscription, inline methods run in
    /// arrival order and detached ones (long polls) run beside later requests.
    public func serve(
        _ router: RPCRouter, subject: String, queueGroup: String? = nil, delivery: BusDelivery = .concurrent
    )
        async throws(BusError) -> any BusSubscription
    {
        try await subscribe(subject: subject, queueGroup: queueGroup, delivery: delivery) { message in
            let incoming = JSONRPCCodec.decode(message.payload, maxDepth: router.maxDepth)
            if delivery == .serial, router.execution(of: incoming) == .detached {
                return .deferred { await router.handle(incoming) }
            }
            return .now(await router.handle(incoming))
        }
    }
}
