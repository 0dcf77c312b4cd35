import FolioModel
import HTTP

/// A thin client of the sign-in benchmark: JSON-RPC over HTTP to the Gateway, as a browser page would.
struct SigninClient: Sendable {
    /// Where one sign-in spent its time, as the client sees it.
    struct Steps: Sendable {
        var create: Duration = .zero
        var mount: Duration = .zero
        var start: Duration = .zero
        var answer: Duration = .zero
        var shutdown: Duration = .zero

        var signIn: Duration { create + mount + start + answer }

        static func + (left: Steps, right: Steps) -> Steps {
            Steps(
                create: left.create + right.create, mount: left.mount + right.mount, start: left.start + right.start,
                answer: left.answer + right.answer, shutdown: left.shutdown + right.shutdown)
        }
    }

    let http: HTTPClient
    let url: String
    let organizationID: String

    /// One password sign-in on a new runtime: create it, mount AuthStore, start with the email, answer the
    /// PASSWORD step, follow the store to AUTHENTICATED. Returns the time of each step and the runtime's
    /// token. Throws unless the ceremony ended AUTHENTICATED.
    func signIn(email: String, password: String) async throws -> (steps: Steps, token: String) {
        var steps = Steps()
        var mark = ContinuousClock.now
        func lap(_ step: WritableKeyPath<Steps, Duration>) {
            let now = ContinuousClock.now
            steps[keyPath: step] = now - mark
            mark = now
        }
        let created = try await call("runtime.create", ["organizationId": .string(organizationID)])
        guard let token = created["token"]?.stringValue else {
            throw BenchError("runtime.create answered \(created)")
        }
        lap(\.create)
        let mounted = try await call("auth.mount", token: token)
        guard let store = mounted["storeId"]?.stringValue else { throw BenchError("auth.mount answered \(mounted)") }
        lap(\.mount)

        var version: Int64 = -1
        var seen: [String] = []
        try await dispatch(store, Self.start(email: email), token: token)
        let asking = try await settle(store, token: token, version: &version, seen: &seen)
        guard asking["type"] == "AWAITING_INPUT", asking["value"]?["phase"]?["type"] == "PASSWORD",
            asking["value"]?["error"] == nil
        else { throw BenchError("\(email): expected the PASSWORD step, got \(asking) after \(seen)") }
        lap(\.start)

        try await dispatch(store, Self.answer(password: password), token: token)
        let done = try await settle(store, token: token, version: &version, seen: &seen)
        guard done["type"] == "AUTHENTICATED" else {
            throw BenchError("\(email): expected AUTHENTICATED, got \(done) after \(seen)")
        }
        lap(\.answer)
        return (steps, token)
    }

    /// Ends a runtime (and with it its stores) once its sign-in is done.
    func shutDown(token: String) async throws {
        _ = try await call("runtime.shutdown", token: token)
    }

    /// One JSON-RPC call; throws for a JSON-RPC error or an answer without a result.
    func call(_ method: String, _ params: JSONValue = [:], token: String? = nil) async throws -> JSONValue {
        let request: JSONValue = ["jsonrpc": "2.0", "id": 1, "method": .string(method), "params": params]
        var headers = ["content-type": "application/json"]
        if let token { headers["authorization"] = "Bearer \(token)" }
        let response = try await http.send(
            HTTPClientRequest(method: "POST", url: url, headers: headers, body: request.serialized()))
        let reply = try JSONParser.parse(response.body)
        if let error = reply["error"] { throw BenchError("\(method) failed (HTTP \(response.status)): \(error)") }
        guard let result = reply["result"] else { throw BenchError("\(method) answered without a result: \(reply)") }
        return result
    }

    /// Follows a store's whole model (`store.next` without deltas) until `done` holds or 30 s passed; the last
    /// `{version, model}` answered.
    func follow(_ store: String, token: String, until done: (JSONValue) -> Bool) async throws -> JSONValue {
        let deadline = ContinuousClock.now + .seconds(30)
        var version: Int64 = -1
        var last: JSONValue = .null
        while ContinuousClock.now < deadline {
            last = try await call(
                "store.next",
                ["storeId": .string(store), "afterVersion": .int(version), "timeoutMs": 5_000, "delta": false],
                token: token)
            if done(last) { break }
            version = last["version"]?.intValue ?? version
        }
        return last
    }

    private func dispatch(_ store: String, _ action: JSONValue, token: String) async throws {
        _ = try await call("store.dispatch", ["storeId": .string(store), "action": action], token: token)
    }

    /// Follows the store past `version` until its flow waits for the person or ends; returns that flow.
    /// `seen` collects the versions and flow types passed, for the error when the flow is not the expected one.
    private func settle(_ store: String, token: String, version: inout Int64, seen: inout [String]) async throws
        -> JSONValue
    {
        let deadline = ContinuousClock.now + .seconds(60)
        // The whole `{version, model}` held, once one came: later answers are patches from it.
        var held: JSONValue?
        while ContinuousClock.now < deadline {
            var params: JSONObject = [
                "storeId": .string(store), "afterVersion": .int(version), "timeoutMs": 10_000,
            ]
            // `afterVersion` alone is no model a patch could apply to: the first model is asked for whole.
            if held == nil { params["delta"] = false }
            let answer = try await call("store.next", .object(params), token: token)
            let next = try JSONPatch.wholeModel(of: answer, holding: held)
            guard let newer = next["version"]?.intValue, let flow = next["model"]?["flow"] else {
                throw BenchError("store.next answered \(answer)")
            }
            held = next
            // The same version again means the wait timed out without a change.
            guard newer > version else { continue }
            version = newer
            let type = flow["type"]?.stringValue ?? "?"
            seen.append("v\(newer) \(type)")
            if ["AWAITING_INPUT", "AWAITING_RECOVERY_CODE_ACK", "AUTHENTICATED", "FAILED"].contains(type) {
                return flow
            }
        }
        throw BenchError("the store did not settle within a minute (\(seen))")
    }

    static func start(email: String) -> JSONValue {
        [
            "type": "START",
            "value": [
                "value": [
                    "type": "SIGN_IN",
                    "value": [
                        "value": [
                            "type": "WITH_IDENTIFIER",
                            "value": ["identifier": ["type": "EMAIL", "value": ["value": .string(email)]]],
                        ]
                    ],
                ]
            ],
        ]
    }

    static func answer(password: String) -> JSONValue {
        ["type": "ANSWER", "value": ["value": ["type": "PASSWORD", "value": ["value": .string(password)]]]]
    }
}
