import Bus
import FolioAPI
import FolioModel
import GatewayService
import HTTP
import Lifecycle
import Synchronization
import XCTest

/// An in-process bus that records every request and publish the Gateway makes, and whose readiness a
/// test can switch.
final class RecordingTransport: BusTransport, BusReadiness {
    let base = InProcessBus()
    private let state = Mutex((messages: [BusMessage](), ready: true))

    var isBusReady: Bool { state.withLock { $0.ready } }
    func setReady(_ ready: Bool) { state.withLock { $0.ready = ready } }

    /// Subjects of the requests and publishes made through this transport, in order.
    var subjects: [String] { state.withLock { $0.messages.map(\.subject) } }

    /// The requests and publishes made through this transport, in order.
    var messages: [BusMessage] { state.withLock { $0.messages } }

    func request(subject: String, payload: [UInt8], timeout: Duration) async throws(BusError) -> [UInt8] {
        state.withLock { $0.messages.append(BusMessage(subject: subject, payload: payload)) }
        return try await base.request(subject: subject, payload: payload, timeout: timeout)
    }

    func publish(subject: String, payload: [UInt8]) async throws(BusError) {
        state.withLock { $0.messages.append(BusMessage(subject: subject, payload: payload)) }
        try await base.publish(subject: subject, payload: payload)
    }

    func subscribe(subject: String, queueGroup: String?, delivery: BusDelivery, handler: @escaping BusHandler)
        async throws(BusError) -> any BusSubscription
    {
        try await base.subscribe(subject: subject, queueGroup: queueGroup, delivery: delivery, handler: handler)
    }
}

/// Services that answer the Gateway on the bus: an AuthService with two known tokens, an inquiry
/// service with `inquiry.health`, the example service with `example.mount`, echoing stores, and a store
/// whose states an SSE stream follows.
final class FakeServices: Sendable {
    static let goodToken = "good-token-0123456789"
    static let otherToken = "other-token-0123456789"
    static let runtimeA = RuntimeIdentity(runtimeId: "rt_a", organizationId: "org_1", deviceId: "dev_a")
    static let runtimeB = RuntimeIdentity(runtimeId: "rt_b", organizationId: "org_1", deviceId: "dev_b")

    let echoStore = StoreID.generate(for: .example)
    let inquiryStore = StoreID.generate(for: .inquiry)
    let sseStore = StoreID.generate(for: .example)
    let slowStore = StoreID.generate(for: .example)

    private struct State {
        var verifyCalls = 0
        var revoked: Set<String> = []
        var healthCalls = 0
        var sseNextCalls = 0
        var subscriptions: [any BusSubscription] = []
    }

    private let state = Mutex(State())

    var verifyCalls: Int { state.withLock { $0.verifyCalls } }
    var healthCalls: Int { state.withLock { $0.healthCalls } }
    func revoke(_ token: String) { state.withLock { _ = $0.revoked.insert(token) } }

    /// Subscribes every fake service, or only `services` of them ("auth", "inquiry", "example", "stores").
    func install(on transport: any BusTransport, services: Set<String> = ["auth", "inquiry", "example", "stores"])
        async throws
    {
        var subscriptions: [any BusSubscription] = []
        if services.contains("auth") {
            subscriptions.append(
                try await transport.serve(authRouter(transport), subject: BusSubjects.rpc("auth"), queueGroup: "auth"))
        }
        if services.contains("inquiry") {
            subscriptions.append(
                try await transport.serve(inquiryRouter(), subject: BusSubjects.rpc("inquiry"), queueGroup: "inquiry"))
        }
        if services.contains("example") {
            subscriptions.append(
                try await transport.serve(exampleRouter(), subject: BusSubjects.rpc("example"), queueGroup: "example"))
        }
        if services.contains("stores") {
            for store in [echoStore, inquiryStore] {
                let subject = BusSubjects.store(store)
                subscriptions.append(try await transport.serve(echoStoreRouter(subject: subject), subject: subject))
            }
            subscriptions.append(try await transport.serve(sseStoreRouter(), subject: BusSubjects.store(sseStore)))
            subscriptions.append(try await transport.serve(slowStoreRouter(), subject: BusSubjects.store(slowStore)))
        }
        state.withLock { $0.subscriptions += subscriptions }
    }

    func uninstall() async {
        let subscriptions = state.withLock { state in
            defer { state.subscriptions = [] }
            return state.subscriptions
        }
        for subscription in subscriptions { await subscription.cancel() }
    }

    /// What the fake AuthService answers to `runtime.verifyToken`: a revoked token (its runtime shut down)
    /// still names its runtime, marked shut down, as the AuthService answers.
    func identity(of token: String) -> RuntimeIdentity? {
        state.withLock { state in
            state.verifyCalls += 1
            var identity: RuntimeIdentity
            switch token {
            case Self.goodToken: identity = Self.runtimeA
            case Self.otherToken: identity = Self.runtimeB
            default: return nil
            }
            identity.shutDown = state.revoked.contains(token)
            return identity
        }
    }

    /// The same answers without the bus, for tests on the shared NATS server where `folio.auth.rpc`
    /// may belong to a real AuthService.
    var verifier: any TokenVerifier { DirectVerifier(services: self) }

    private struct DirectVerifier: TokenVerifier {
        let services: FakeServices
        func verify(_ token: String) async throws -> RuntimeIdentity? { services.identity(of: token) }
    }

    private func authRouter(_ transport: any BusTransport) -> RPCRouter {
        RPCRouter([
            RuntimeMethods.verifyToken.handled { [self] call in
                identity(of: try call.string("token"))?.json ?? .null
            },
            RuntimeMethods.create.handled { call in
                [
                    "runtimeId": "rt_new", "token": "new-token", "deviceCredential": "device-credential",
                    "receivedRuntimeId": call.value("runtimeId") ?? .null,
                ]
            },
            RuntimeMethods.shutdown.handled { [self] call in
                let runtimeID = try call.string("runtimeId")
                let token = runtimeID == Self.runtimeA.runtimeId ? Self.goodToken : Self.otherToken
                revoke(token)
                return .null
            },
        ])
    }

    private func inquiryRouter() -> RPCRouter {
        RPCRouter([
            HealthMethods.inquiry.handled { [self] call in
                state.withLock { $0.healthCalls += 1 }
                return [
                    "service": "inquiry", "database": "ok", "worker": "fake",
                    "receivedRuntimeId": call.value("runtimeId") ?? .null,
                ]
            }
        ])
    }

    private func exampleRouter() -> RPCRouter {
        RPCRouter([
            ExampleStoreMethods.mount.handled { [echoStore] call in
                [
                    "storeId": .string(echoStore.rawValue), "receivedRuntimeId": call.value("runtimeId") ?? .null,
                    "initialCount": call.value("initialCount") ?? .null,
                ]
            }
        ])
    }

    private func echoStoreRouter(subject: String) -> RPCRouter {
        let echo: @Sendable (RPCCall) async throws -> JSONValue = { call in
            ["subject": .string(subject), "method": .string(call.method), "params": .object(call.params)]
        }
        return RPCRouter(StoreMethods.all.map { $0.handled(by: echo) })
    }

    /// Version 1, then (after one keepalive-length wait without a change) version 2, then closed.
    private func sseStoreRouter() -> RPCRouter {
        RPCRouter([
            StoreMethods.state.handled { call in
                ["version": 1, "model": ["count": 1], "runtimeId": call.value("runtimeId") ?? .null]
            },
            StoreMethods.next.handled { [self] call in
                let after = try call.int("afterVersion")
                let calls = state.withLock { state in
                    state.sseNextCalls += 1
                    return state.sseNextCalls
                }
                if after >= 2 { return .null }
                if calls == 1 { return ["version": 1, "model": ["count": 1]] }
                // A client that takes deltas (unless it says `delta: false`) gets the patch from version 1, as a
                // store that keeps it answers.
                if call.value("delta")?.boolValue != false {
                    return [
                        "version": 2, "baseVersion": 1,
                        "patch": [["op": "replace", "path": "/count", "value": 2]],
                    ]
                }
                return ["version": 2, "model": ["count": 2]]
            },
        ])
    }

    /// Answers nothing in time.
    private func slowStoreRouter() -> RPCRouter {
        RPCRouter([
            StoreMethods.state.handled { _ in
                try await Task.sleep(for: .seconds(3))
                return .null
            }
        ])
    }
}

/// A started Gateway on an ephemeral port with the fake services, and an HTTP client for it.
final class GatewayHarness: Sendable {
    let transport: any BusTransport
    let services: FakeServices
    let gateway: Gateway
    let http = HTTPClient()

    static func testConfiguration() -> GatewayConfiguration {
        GatewayConfiguration(port: 0, rateLimit: 0, busTimeout: .seconds(5), sseKeepalive: .milliseconds(200))
    }

    init(
        configuration: GatewayConfiguration = GatewayHarness.testConfiguration(),
        transport: any BusTransport = RecordingTransport(),
        services: Set<String> = ["auth", "inquiry", "example", "stores"], verifyOverBus: Bool = true
    ) async throws {
        self.transport = transport
        self.services = FakeServices()
        try await self.services.install(on: transport, services: services)
        gateway = Gateway(
            configuration: configuration, transport: transport,
            tokenVerifier: verifyOverBus ? nil : self.services.verifier,
            logger: Logger(service: "gateway-test", minimumLevel: .error))
        try await gateway.start()
    }

    var recording: RecordingTransport? { transport as? RecordingTransport }

    func url(_ path: String) -> String { "http://127.0.0.1:\(gateway.port)\(path)" }

    /// POSTs raw bytes to /rpc.
    func post(
        _ body: [UInt8], token: String? = nil, contentType: String? = "application/json",
        headers: [String: String] = [:]
    ) async throws -> HTTPClientResponse {
        var allHeaders = headers
        if let contentType { allHeaders["Content-Type"] = contentType }
        if let token { allHeaders["Authorization"] = "Bearer \(token)" }
        return try await http.send(HTTPClientRequest(method: "POST", url: url("/rpc"), headers: allHeaders, body: body))
    }

    func post(_ text: String, token: String? = nil) async throws -> HTTPClientResponse {
        try await post(Array(text.utf8), token: token)
    }

    /// POSTs a JSON payload and parses the JSON answer.
    func rpc(_ payload: JSONValue, token: String? = nil) async throws -> (status: Int, body: JSONValue?) {
        let response = try await post(payload.serialized(), token: token)
        let body = response.body.isEmpty ? nil : try JSONParser.parse(response.body)
        return (response.status, body)
    }

    /// Calls one method and returns the whole response object.
    func call(_ method: String, _ params: JSONValue? = nil, id: Int64 = 1, token: String? = nil) async throws
        -> JSONValue
    {
        var request: JSONObject = ["jsonrpc": "2.0", "method": .string(method), "id": .int(id)]
        if let params { request["params"] = params }
        let (status, body) = try await rpc(.object(request), token: token)
        XCTAssertEqual(status, 200)
        return try XCTUnwrap(body)
    }

    /// POSTs a preview frame's bytes to `/frames` with these query parameters.
    func postFrame(
        _ body: [UInt8], query: String, token: String? = nil, contentType: String? = "application/octet-stream"
    ) async throws -> HTTPClientResponse {
        var headers: [String: String] = [:]
        if let contentType { headers["Content-Type"] = contentType }
        if let token { headers["Authorization"] = "Bearer \(token)" }
        return try await http.send(
            HTTPClientRequest(method: "POST", url: url("/frames?" + query), headers: headers, body: body))
    }

    func get(_ path: String, headers: [String: String] = [:]) async throws -> HTTPClientResponse {
        try await http.send(HTTPClientRequest(method: "GET", url: url(path), headers: headers))
    }

    func stop() async {
        await gateway.shutdown()
        await services.uninstall()
    }
}

func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

/// The error code of a JSON-RPC response object.
func errorCode(_ response: JSONValue?) -> Int64? { response?["error"]?["code"]?.intValue }

func code(_ folio: FolioErrorCode) -> Int64 { Int64(folio.rawValue) }
