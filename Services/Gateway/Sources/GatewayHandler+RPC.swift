import Bus
import FolioAPI
import FolioModel
import HTTP

extension GatewayHandler {
    /// Where one call goes: answered here, or forwarded to a bus subject with these params (`store` names the
    /// store of a `store.*` call, adopted when nobody answers for it).
    enum Route {
        case local(JSONValue)
        case forward(subject: String, params: [String: JSONText], timeout: Duration, store: StoreID?)
    }

    /// `POST /rpc`: one request or a batch, answered as JSON-RPC 2.0 (HTTP 200), or 204 when only
    /// notifications came.
    func handleRPC(_ request: HTTPRequest, token: String?) async -> (HTTPResponse, [String]) {
        guard RequestHeaders.isJSON(request.headers["content-type"]) else {
            metrics.recordCall(method: "none", outcome: "unsupported_media_type")
            return (.rpcError(415, .invalidRequest("Content-Type must be application/json")), [])
        }
        // One well-formed request, the common case, is scanned: its params go on as the bytes they came in.
        if let call = GatewayCall.scan(request.body, maxDepth: configuration.maxJSONDepth) {
            let caller = await authenticate(token, for: [call.method])
            let response = await process(call, caller: caller)
            return (reply(response.map { [$0] } ?? [], wasBatch: false), [call.method])
        }
        switch JSONRPCCodec.decode(request.body, maxDepth: configuration.maxJSONDepth) {
        case .single(.failure(let rejection)):
            metrics.recordCall(method: "invalid", outcome: GatewayMetrics.outcome(of: rejection.error))
            return (reply([JSONRPCReply(rejection.response)], wasBatch: false), [])
        case .single(.success(let call)):
            let caller = await authenticate(token, for: [call.method])
            let response = await process(GatewayCall(call), caller: caller)
            return (reply(response.map { [$0] } ?? [], wasBatch: false), [call.method])
        case .batch(let elements):
            guard elements.count <= configuration.maxBatchSize else {
                metrics.recordCall(method: "invalid", outcome: "invalid_request")
                let error = JSONRPCError.invalidRequest("a batch holds at most \(configuration.maxBatchSize) requests")
                return (reply([JSONRPCReply(id: .null, error: error)], wasBatch: false), [])
            }
            let calls = elements.compactMap { try? $0.get() }
            let caller = await authenticate(token, for: calls.map(\.method))
            let metrics = self.metrics
            let responses = await JSONRPCCodec.respond(
                to: elements,
                rejected: { rejection in
                    metrics.recordCall(method: "invalid", outcome: GatewayMetrics.outcome(of: rejection.error))
                    return JSONRPCReply(rejection.response)
                },
                handle: { call in await self.process(GatewayCall(call), caller: caller) })
            return (reply(responses, wasBatch: true), calls.map(\.method))
        }
    }

    private func reply(_ replies: [JSONRPCReply], wasBatch: Bool) -> HTTPResponse {
        guard let bytes = JSONRPCCodec.encode(replies: replies, wasBatch: wasBatch) else {
            return HTTPResponse(status: 204)
        }
        return .json(200, bytes: bytes)
    }

    /// Verifies the token once per HTTP request, and only when some call needs it; nil when none does.
    func authenticate(_ token: String?, for methods: [String]) async -> Result<RuntimeIdentity, JSONRPCError>? {
        guard methods.contains(where: needsToken) else { return nil }
        return await identify(token)
    }

    func needsToken(_ method: String) -> Bool {
        methods[method] != nil && !FolioAPI.publicMethods.contains(method)
    }

    /// Answers or forwards one call; nil for a notification. A service's result is passed on as the bytes
    /// it sent.
    func process(_ call: GatewayCall, caller: Result<RuntimeIdentity, JSONRPCError>?) async -> JSONRPCReply? {
        let label = methods[call.method] != nil || call.method == OpenRPC.discover.name ? call.method : "unknown"
        let outcome: Result<JSONText, JSONRPCError>
        switch route(call, caller: caller) {
        case .failure(let error):
            outcome = .failure(error)
        case .success(.local(let value)):
            outcome = .success(JSONText(serializing: value))
        case .success(.forward(let subject, let params, let timeout, let storeID)):
            let payload = JSONRPCRequest.payload(method: call.method, params: params, id: call.id)
            guard var response = await client.relay(subject, payload: payload, id: call.id, timeout: timeout) else {
                metrics.recordCall(method: label, outcome: "notification")
                return nil
            }
            if case .failure(let error) = response.outcome, error.folioCode == .serviceUnavailable, let storeID {
                response = await adoptAndRetry(
                    storeID, subject: subject, payload: payload, id: response.id, timeout: timeout, failed: response)
            }
            outcome = response.outcome
            if call.method == RuntimeMethods.shutdown.name, case .success = outcome,
                case .success(let identity)? = caller
            {
                verifier.drop(runtimeId: identity.runtimeId)
            }
        }
        switch outcome {
        case .success: metrics.recordCall(method: label, outcome: "ok")
        case .failure(let error): metrics.recordCall(method: label, outcome: GatewayMetrics.outcome(of: error))
        }
        guard let id = call.id else { return nil }
        return JSONRPCReply(id: id, outcome: outcome)
    }

    /// Nobody answers for the store: its worker is gone. One worker of the service's queue group adopts it
    /// from its snapshot (DESIGN §5) and the call is sent once more; a store that has no snapshot is unknown.
    func adoptAndRetry(
        _ storeID: StoreID, subject: String, payload: [UInt8], id: JSONRPCID, timeout: Duration, failed: JSONRPCReply
    ) async -> JSONRPCReply {
        do {
            _ = try await client.call(
                BusSubjects.rpc(storeID.service.busName), StoreMethods.adopt.name,
                ["storeId": .string(storeID.rawValue)])
        } catch let error as JSONRPCError {
            return JSONRPCReply(id: failed.id, error: error)
        } catch {
            return failed
        }
        return await client.relay(subject, payload: payload, id: id, timeout: timeout) ?? failed
    }

    /// Decides where a call goes, checking on the way that the method exists, that the caller may call
    /// it, and (for `store.*`) that the store id names a service.
    func route(_ call: GatewayCall, caller: Result<RuntimeIdentity, JSONRPCError>?) -> Result<Route, JSONRPCError> {
        if call.method == OpenRPC.discover.name { return .success(.local(openRPC)) }
        guard let spec = methods[call.method], let namespace = FolioAPI.namespace(of: call.method) else {
            return .failure(.methodNotFound(call.method))
        }
        let isStoreMethod = namespace == "store"
        let service = FolioAPI.serviceForNamespace[namespace]
        guard isStoreMethod || service != nil else { return .failure(.methodNotFound(call.method)) }

        var runtimeID: String?
        var shutDown = false
        if !FolioAPI.publicMethods.contains(call.method) {
            switch caller {
            case .success(let identity)? where identity.shutDown:
                // Every store of a shut-down runtime is closed: `store.next` answers null (below, once the
                // params are checked), as it does to a poll that was waiting at the shutdown. `runtime.shutdown`
                // sent again (its answer was lost) finds what it asked for: null too. All else is refused.
                if call.method == RuntimeMethods.shutdown.name { return .success(.local(.null)) }
                guard call.method == StoreMethods.next.name else { return .failure(Self.shutDownToken) }
                shutDown = true
            case .success(let identity)?: runtimeID = identity.runtimeId
            case .failure(let error)?: return .failure(error)
            case nil: return .failure(.folio(.unauthorized))
            }
        }
        var params: [String: JSONText]
        switch Self.namedParams(call.params, for: spec) {
        case .success(let named): params = named
        case .failure(let error): return .failure(error)
        }
        // Only the Gateway says who the caller is: whatever the client sent under this name is replaced.
        params["runtimeId"] = runtimeID.map { JSONText(serializing: .string($0)) }

        var timeout = configuration.busTimeout
        let subject: String
        var store: StoreID?
        if isStoreMethod {
            // The only param values the Gateway reads; they are parsed, the rest are not.
            guard let value = try? params["storeId"]?.parsed(maxDepth: configuration.maxJSONDepth), !value.isNull
            else {
                return .failure(.invalidParams("missing param storeId"))
            }
            guard let text = value.stringValue, let storeID = StoreID(text) else {
                return .failure(.folio(.unknownStore, "not a store id"))
            }
            if shutDown { return .success(.local(.null)) }
            subject = BusSubjects.store(storeID)
            store = storeID
            if call.method == StoreMethods.next.name {
                timeout = .milliseconds(Self.clampNextWait(&params)) + GatewayConfiguration.nextTimeoutMargin
            }
        } else if let service {
            subject = BusSubjects.rpc(service)
        } else {
            return .failure(.methodNotFound(call.method))
        }
        return .success(.forward(subject: subject, params: params, timeout: timeout, store: store))
    }

    /// Params the Gateway itself sets on what it forwards; a client may send them (they are overwritten).
    static let internalParams: Set<String> = ["runtimeId"]

    /// Params by name, whether they came by name or by position (the spec gives the positions). A member
    /// by name that the method does not declare is `-32602` naming it.
    static func namedParams(_ params: GatewayCall.Params, for spec: RPCMethodSpec) -> Result<
        [String: JSONText], JSONRPCError
    > {
        switch params {
        case .none:
            return .success([:])
        case .named(let members):
            // Params are strict, as actions are: a member the spec does not declare is refused here, once for
            // every method, before any service sees it. `runtimeId` is the Gateway's own (it overwrites it).
            let declared = Set(spec.params.map(\.name)).union(internalParams)
            if let unknown = members.keys.sorted().first(where: { !declared.contains($0) }) {
                let known = spec.params.map(\.name)
                let list = known.isEmpty ? "it takes no params" : "it takes \(known.joined(separator: ", "))"
                return .failure(.invalidParams("\(spec.name) has no param \(unknown); \(list)"))
            }
            return .success(members)
        case .positional(let values):
            var named: [String: JSONText] = [:]
            if let rest = spec.params.last, rest.variadic {
                let fixed = spec.params.dropLast()
                for (param, value) in zip(fixed, values) { named[param.name] = JSONText(serializing: value) }
                named[rest.name] = JSONText(serializing: .array(Array(values.dropFirst(fixed.count))))
                return .success(named)
            }
            guard values.count <= spec.params.count else {
                return .failure(.invalidParams("\(spec.name) takes at most \(spec.params.count) params"))
            }
            for (param, value) in zip(spec.params, values) { named[param.name] = JSONText(serializing: value) }
            return .success(named)
        }
    }

    /// Clamps `timeoutMs` of a `store.next` call to 0...max and returns the wait in milliseconds.
    static func clampNextWait(_ params: inout [String: JSONText]) -> Int64 {
        guard let requested = (try? params["timeoutMs"]?.parsed())?.intValue else {
            return StoreMethods.defaultNextTimeoutMs
        }
        let wait = min(max(requested, 0), StoreMethods.maxNextTimeoutMs)
        params["timeoutMs"] = JSONText(serializing: .int(wait))
        return wait
    }
}
