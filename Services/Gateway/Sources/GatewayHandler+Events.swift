import Bus
import FolioAPI
import FolioModel
import HTTP

extension GatewayHandler {
    /// `GET /events?storeId=…`: the store's states as Server-Sent Events, by looping `store.next`. Every state
    /// after the first is sent as the JSON Patch from the one before (`event: patch`) while the store keeps it;
    /// with `delta=0`, every state whole.
    ///
    /// Errors found before the stream starts are HTTP errors with a JSON-RPC error body; once streaming,
    /// the stream ends with `event: closed` (the store or runtime is gone) or `event: error`.
    func handleEvents(_ request: HTTPRequest, token: String?) async -> HTTPResponse {
        guard let text = request.query["storeId"], !text.isEmpty else {
            return .rpcError(400, .invalidParams("missing query parameter storeId"))
        }
        let identity: RuntimeIdentity
        switch await authenticate(token) {
        case .success(let verified): identity = verified
        case .failure(let error): return .rpcError(HTTPResponse.status(for: error), error)
        }
        guard let storeID = StoreID(text) else { return .rpcError(404, .folio(.unknownStore, "not a store id")) }
        let subject = BusSubjects.store(storeID)
        let params: JSONObject = [
            "storeId": .string(storeID.rawValue), "runtimeId": .string(identity.runtimeId),
        ]
        // The first state goes the way of every store call: a store nobody answers for is adopted from its
        // snapshot, and one that has none is an unknown store (404), as `store.state` says.
        let stateCall = JSONRPCRequest(method: StoreMethods.state.name, params: .object(params), id: .int(1))
        var response =
            await client.relay(subject, stateCall)
            ?? JSONRPCReply(id: .int(1), error: .folio(.serviceUnavailable, "no answer"))
        if case .failure(let error) = response.outcome, error.folioCode == .serviceUnavailable {
            response = await adoptAndRetry(
                storeID, subject: subject, payload: stateCall.serialized(), id: .int(1), timeout: client.timeout,
                failed: response)
        }
        let first: JSONValue
        switch response.outcome {
        case .success(let text):
            // The stream diffs and writes states, so the first one is read as a value.
            guard let value = try? text.parsed(maxDepth: 512) else {
                return .rpcError(502, .internalError("store.state answered a result that cannot be read"))
            }
            first = value
        case .failure(let rpcError): return .rpcError(HTTPResponse.status(for: rpcError), rpcError)
        }
        guard let version = first["version"]?.intValue else {
            return .rpcError(502, .internalError("store.state answered without a version"))
        }
        let stream = EventStream(
            client: client, subject: subject, params: params, delta: request.query["delta"] != "0",
            wait: min(Int64(configuration.sseKeepalive.inSeconds * 1000), StoreMethods.maxNextTimeoutMs))
        let lastEventID = request.headers["last-event-id"].flatMap { Int64($0) }
        return HTTPResponse(
            status: 200,
            headers: [
                ("Content-Type", "text/event-stream"), ("Cache-Control", "no-cache"), ("X-Accel-Buffering", "no"),
            ],
            body: .stream(stream.start(first: first, version: version, lastEventID: lastEventID)))
    }
}

/// Feeds one SSE response from `store.next`.
struct EventStream: Sendable {
    let client: BusClient
    let subject: String
    let params: JSONObject
    /// Whether states after the first go as patches.
    let delta: Bool
    /// How long one `store.next` waits (ms); a wait without a change writes a keepalive comment.
    let wait: Int64

    /// Starts producing; the producer stops when the client goes away (the stream is cancelled).
    func start(first: JSONValue, version: Int64, lastEventID: Int64?) -> AsyncStream<[UInt8]> {
        let (stream, continuation) = AsyncStream<[UInt8]>.makeStream()
        let task = Task {
            continuation.yield(Array("retry: 3000\n\n".utf8))
            if lastEventID.map({ version > $0 }) ?? true {
                continuation.yield(Self.state(first, version: version))
            }
            await follow(from: version, into: continuation)
            continuation.finish()
        }
        continuation.onTermination = { _ in task.cancel() }
        return stream
    }

    private func follow(from version: Int64, into continuation: AsyncStream<[UInt8]>.Continuation) async {
        var current = version
        while !Task.isCancelled {
            var nextParams = params
            nextParams["afterVersion"] = .int(current)
            nextParams["timeoutMs"] = .int(wait)
            nextParams["delta"] = .bool(delta)
            let next: JSONValue
            do {
                next = try await client.call(
                    subject, StoreMethods.next.name, .object(nextParams),
                    timeout: .milliseconds(wait) + GatewayConfiguration.nextTimeoutMargin)
            } catch {
                let rpcError = GatewayHandler.rpcError(error)
                switch rpcError.folioCode {
                case .storeClosed?, .runtimeShutDown?, .unknownStore?: continuation.yield(Self.closed)
                default: continuation.yield(Self.event("error", rpcError.json))
                }
                return
            }
            if next.isNull {
                continuation.yield(Self.closed)
                return
            }
            guard let nextVersion = next["version"]?.intValue else {
                continuation.yield(
                    Self.event("error", JSONRPCError.internalError("store.next answered without a version").json))
                return
            }
            if nextVersion > current {
                current = nextVersion
                continuation.yield(
                    next["patch"] != nil
                        ? Self.patch(next, version: nextVersion) : Self.state(next, version: nextVersion))
            } else {
                continuation.yield(Self.keepalive)
            }
        }
    }

    static let keepalive = Array(": keepalive\n\n".utf8)
    static let closed = Array("event: closed\ndata: null\n\n".utf8)

    static func state(_ value: JSONValue, version: Int64) -> [UInt8] {
        let data: JSONValue = ["version": .int(version), "model": value["model"] ?? .null]
        return Array("id: \(version)\n".utf8) + event("state", data)
    }

    /// A `ModelDelta` as `store.next` answered it.
    static func patch(_ delta: JSONValue, version: Int64) -> [UInt8] {
        Array("id: \(version)\n".utf8) + event("patch", delta)
    }

    /// One event; serialized JSON has no raw newlines, so it fits one `data:` line.
    static func event(_ name: String, _ data: JSONValue) -> [UInt8] {
        Array("event: \(name)\ndata: ".utf8) + data.serialized() + Array("\n\n".utf8)
    }
}
