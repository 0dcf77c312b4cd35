import Bus
import FolioModel
import HTTP

/// Which way the vault benchmarks send a thin client's calls: through the Gateway over HTTP (the whole path a
/// client uses), or straight to the services' bus subjects (the path behind the Gateway).
enum VaultBenchPath: String, Sendable {
    case gateway
    case bus
}

/// A runtime of a vault benchmark's client: its id (for the bus path and the database) and its token.
struct BenchRuntime: Sendable {
    let id: String
    let token: String
}

/// A thin client of the vault benchmarks: `runtime.create`, `vault.mount`, `store.dispatch`, `store.next`,
/// over the Gateway or over the bus.
struct VaultBenchClient: Sendable {
    let path: VaultBenchPath
    private let http: HTTPClient?
    private let url: String
    private let bus: BusClient?

    /// Calls through the Gateway at `url` (`http://host:port/rpc`).
    init(gatewayURL url: String, connections: Int) {
        path = .gateway
        // A model of 10,000 records of 1 KiB is about 14 MiB.
        http = HTTPClient(
            configuration: .init(timeout: .seconds(120), maxResponseSize: 64 << 20, maxConnections: connections))
        self.url = url
        bus = nil
    }

    /// Calls the services' subjects over `transport`, as the Gateway forwards them.
    init(bus transport: any BusTransport) {
        path = .bus
        http = nil
        url = ""
        bus = BusClient(transport: transport, timeout: .seconds(60))
    }

    /// A new runtime of `organizationID`, with a guest (transient) session.
    func createRuntime(organizationID: String) async throws -> BenchRuntime {
        let created = try await call("runtime.create", ["organizationId": .string(organizationID)], service: "auth")
        guard let id = created["runtimeId"]?.stringValue, let token = created["token"]?.stringValue else {
            throw BenchError("runtime.create answered \(created)")
        }
        return BenchRuntime(id: id, token: token)
    }

    /// Mounts a VaultStore on the runtime; returns its store id.
    func mountVault(_ runtime: BenchRuntime) async throws -> String {
        let mounted = try await call("vault.mount", [:], runtime: runtime, service: "vault")
        guard let store = mounted["storeId"]?.stringValue else { throw BenchError("vault.mount answered \(mounted)") }
        return store
    }

    /// Dispatches `action`; answers the result of `store.dispatch`.
    @discardableResult
    func dispatch(_ store: String, _ action: JSONValue, _ runtime: BenchRuntime) async throws -> JSONValue {
        try await call("store.dispatch", ["storeId": .string(store), "action": action], runtime: runtime)
    }

    /// The params of `store.next`: a client that holds a model gets a patch from it (the default), one that holds
    /// none asks for the whole model.
    static func nextParams(_ store: String, afterVersion: Int64, holding: Bool, timeoutMs: Int64 = 10_000)
        -> JSONObject
    {
        var params: JSONObject = [
            "storeId": .string(store), "afterVersion": .int(afterVersion), "timeoutMs": .int(timeoutMs),
        ]
        if !holding { params["delta"] = false }
        return params
    }

    /// The result of `store.next` as it came: a patch or the whole model.
    func nextAnswer(_ store: String, afterVersion: Int64, holding: Bool, _ runtime: BenchRuntime) async throws
        -> JSONValue
    {
        try await call(
            "store.next", Self.nextParams(store, afterVersion: afterVersion, holding: holding), runtime: runtime)
    }

    /// The store's model once its version passes `afterVersion`, or the current one after `timeoutMs`. A client
    /// that holds the model of `afterVersion` passes it as `held` and gets the change as a patch from it, applied
    /// here; without one it asks for the whole model (`delta: false`).
    func next(
        _ store: String, afterVersion: Int64, holding held: JSONValue?, _ runtime: BenchRuntime,
        timeoutMs: Int64 = 10_000
    ) async throws -> (version: Int64, model: JSONValue) {
        let answer = try await call(
            "store.next",
            Self.nextParams(store, afterVersion: afterVersion, holding: held != nil, timeoutMs: timeoutMs),
            runtime: runtime)
        let next = try JSONPatch.wholeModel(
            of: answer, holding: held.map { ["version": .int(afterVersion), "model": $0] })
        guard let version = next["version"]?.intValue, let model = next["model"] else {
            throw BenchError("store.next answered \(answer)")
        }
        return (version, model)
    }

    /// Follows the store until `done` holds for its model (at most `seconds`); returns that model.
    func follow(
        _ store: String, _ runtime: BenchRuntime, from version: inout Int64, seconds: Int = 120,
        until done: (JSONValue) throws -> Bool
    ) async throws -> JSONValue {
        var held: JSONValue?
        return try await follow(store, runtime, from: &version, holding: &held, seconds: seconds, until: done)
    }

    /// Follows the store as a page does: `held` is the model of `version` the client holds (nil for none, then
    /// the first answer is the whole model), and every later answer is a patch from it; both move on.
    func follow(
        _ store: String, _ runtime: BenchRuntime, from version: inout Int64, holding held: inout JSONValue?,
        seconds: Int = 120, until done: (JSONValue) throws -> Bool
    ) async throws -> JSONValue {
        let deadline = ContinuousClock.now + .seconds(seconds)
        var last: JSONValue = .null
        while ContinuousClock.now < deadline {
            let (newer, model) = try await next(store, afterVersion: version, holding: held, runtime)
            version = newer
            held = model
            last = model
            if try done(model) { return model }
        }
        throw BenchError("the store did not reach the expected model within \(seconds) s; last: \(summary(last))")
    }

    func shutDown(_ runtime: BenchRuntime) async throws {
        _ = try await call("runtime.shutdown", [:], runtime: runtime, service: "auth")
    }

    /// One call. Over the bus, the runtime id goes in the params as the Gateway would put it, and `store.*`
    /// goes to the store's own subject.
    private func call(
        _ method: String, _ params: JSONObject, runtime: BenchRuntime? = nil, service: String? = nil
    ) async throws -> JSONValue {
        if let bus {
            var params = params
            if let runtime { params["runtimeId"] = .string(runtime.id) }
            let subject: String
            if let service {
                subject = BusSubjects.rpc(service)
            } else {
                guard let text = params["storeId"]?.stringValue, let id = StoreID(text) else {
                    throw BenchError("\(method) needs a store id")
                }
                subject = BusSubjects.store(id)
            }
            let wait = params["timeoutMs"]?.intValue.map { Duration.milliseconds($0) + .seconds(5) }
            return try await bus.call(subject, method, .object(params), timeout: wait)
        }
        guard let http else { throw BenchError("no transport") }
        let request: JSONValue = ["jsonrpc": "2.0", "id": 1, "method": .string(method), "params": .object(params)]
        var headers = ["content-type": "application/json"]
        if let runtime { headers["authorization"] = "Bearer \(runtime.token)" }
        let response = try await http.send(
            HTTPClientRequest(method: "POST", url: url, headers: headers, body: request.serialized()))
        let reply = try JSONParser.parse(response.body)
        if let error = reply["error"] { throw BenchError("\(method) failed (HTTP \(response.status)): \(error)") }
        guard let result = reply["result"] else { throw BenchError("\(method) answered without a result: \(reply)") }
        return result
    }

    /// A model in an error message: its counts and error, not its records.
    func summary(_ model: JSONValue) -> String {
        "records \(model["records"]?.arrayValue?.count ?? -1), busy \(model["busy"] ?? .null), "
            + "error \(model["error"] ?? .null), sync \(model["sync"] ?? .null)"
    }
}
