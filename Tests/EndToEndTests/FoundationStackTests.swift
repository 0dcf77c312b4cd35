import FolioModel
import Foundation
import HTTP
import Postgres
import Synchronization
import TestSupport
import XCTest

/// The whole stack as real processes: PostgreSQL and NATS (from the test environment), the emulator, every
/// service and the Gateway. Calls go through the Gateway into each service, down to PostgreSQL and back.
final class FoundationStackTests: XCTestCase {
    var processes: [StackProcess] = []
    /// Each store's version just before the last action a test dispatched to it.
    let versionsBeforeDispatch = Mutex<[String: Int64]>([:])
    /// What every service process gets, and where the logs go, to start one again in a test.
    var serviceEnvironment: [String: String] = [:]
    var logDirectory = URL(fileURLWithPath: NSTemporaryDirectory())
    var gatewayPort: UInt16 = 0
    var emulatorPort: UInt16 = 0
    /// Where a test's operator endpoint listens: the webhook identity mappers of org_acme (`/map`) and org_civic
    /// (`/clock`) post there.
    var operatorPort: UInt16 = 0
    let operatorEndpoint = OperatorEndpoint()
    var operatorServer: HTTPServer?
    let http = HTTPClient(configuration: .init(timeout: .seconds(10)))

    /// The secrets key of this test process's stacks (base64url of 32 random bytes).
    static let secretsKey: String = {
        let bytes = (0..<32).map { _ in UInt8.random(in: 0...255) }
        return Data(bytes).base64EncodedString().replacingOccurrences(of: "+", with: "-")
            .replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "")
    }()

    /// The secret of the operator endpoint's webhooks (Standard Webhooks' published example key).
    static let webhookSecret = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw"

    override func setUp() async throws {
        let logs = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent(
            "folio-e2e-\(RandomID.base32(count: 6))")
        try FileManager.default.createDirectory(at: logs, withIntermediateDirectories: true)
        logDirectory = logs
        gatewayPort = try FreePort.take()
        emulatorPort = try FreePort.take()
        // Bound here, not chosen and bound later: an ephemeral port can be taken by any outgoing connection meanwhile.
        let endpoint = operatorEndpoint
        let server = HTTPServer(configuration: .init(port: 0)) { request in endpoint.answer(request) }
        try server.start()
        operatorServer = server
        operatorPort = server.port
        let mappers: JSONValue = [
            "org_acme": [
                "type": "WEBHOOK", "url": .string("http://127.0.0.1:\(operatorPort)/map"),
                "secret": .string(Self.webhookSecret), "timeoutMs": 3000,
            ],
            "org_civic": [
                "type": "WEBHOOK", "url": .string("http://127.0.0.1:\(operatorPort)/clock"),
                "secret": .string(Self.webhookSecret), "timeoutMs": 3000,
            ],
        ]
        let common = [
            "FOLIO_DATABASE_URL": try TestEnvironment.databaseURL(), "FOLIO_NATS_URL": try TestEnvironment.natsURL(),
            "FOLIO_API_URL": "http://127.0.0.1:\(emulatorPort)", "FOLIO_API_KEY": "e2e-key", "FOLIO_LOG_LEVEL": "info",
            // The vault's key-encryption key (bytes 0x00-0x1f) and a retry schedule a hundred times faster.
            "FOLIO_VAULT_KEK": "AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8", "FOLIO_VAULT_RETRY_SCALE": "0.01",
            "FOLIO_VAULT_NETWORK_PROBE_SECONDS": "1",
            // The reception's timers, shortened: a look every second while an issuer decides (its interval
            // stays the floor), and a delivery left by a stopped process taken over after 2 s.
            "FOLIO_DOCUMENTS_DECIDING_SECONDS": "1", "FOLIO_DOCUMENTS_ON_ITS_WAY_SECONDS": "0.5",
            "FOLIO_DOCUMENTS_ON_ITS_WAY_MAX_SECONDS": "2", "FOLIO_DOCUMENTS_DELIVERY_LEASE_SECONDS": "2",
            // The secrets key of snapshots and saved inquiry tokens: a development key made for this run.
            "FOLIO_SECRETS_KEY": Self.secretsKey,
            "FOLIO_IDENTITY_MAPPERS": String(decoding: mappers.serialized(), as: UTF8.self),
        ]
        processes.append(
            try StackProcess(
                "folio-emulator",
                environment: [
                    "FOLIO_EMULATOR_PORT": String(emulatorPort), "FOLIO_EMULATOR_MODE": "test",
                    // The AuthService checks the times of session tokens against its own clock.
                    "FOLIO_EMULATOR_CLOCK_START": "now",
                    "FOLIO_EMULATOR_API_KEY": "e2e-key",
                    "FOLIO_EMULATOR_ADMIN_KEY": "e2e-admin",
                    "FOLIO_EMULATOR_FIXTURES": TestEnvironment.packageRoot().appendingPathComponent(
                        "Services/FolioEmulator/Fixtures"
                    ).path,
                ], logDirectory: logs))
        serviceEnvironment = common
        for service in ["folio-auth", "folio-inquiry", "folio-vault", "folio-documents"] {
            processes.append(try StackProcess(service, environment: try environment(of: service), logDirectory: logs))
        }
        processes.append(
            try StackProcess(
                "folio-gateway",
                environment: [
                    "FOLIO_GATEWAY_PORT": String(gatewayPort), "FOLIO_NATS_URL": try TestEnvironment.natsURL(),
                ].merging(try TestEnvironment.natsCredentials(user: "gateway")) { _, credential in credential },
                logDirectory: logs))
        try await waitUntil("the gateway is ready and every service answers") {
            guard try await self.get("/readyz").status == 200 else { return false }
            for service in ["auth", "inquiry", "vault", "documents"] {
                guard try await self.rpc("\(service).health")["result"]?["database"] == "ok" else { return false }
            }
            return true
        }
    }

    override func tearDown() async throws {
        await operatorServer?.shutdown()
        for process in processes.reversed() {
            let status = await process.terminate()
            XCTAssertEqual(status, 0, "\(process.name) shuts down gracefully on SIGTERM\n\(process.log.suffix(3000))")
        }
        // A failed test keeps its stack's logs and prints where they are with the end of each, so a failure in
        // CI explains itself; a passed test's logs are removed. (The failures are counted: `hasSucceeded` stays
        // false until the run stops, after tearDown.)
        if (testRun?.totalFailureCount ?? 0) > 0 {
            print(stackLogs(tail: 12_000))
        } else if logDirectory.lastPathComponent.hasPrefix("folio-e2e-") {
            try? FileManager.default.removeItem(at: logDirectory)
        }
    }

    /// Where the stack's logs are kept, and the last `tail` characters of each process's log.
    func stackLogs(tail: Int) -> String {
        let logs = processes.map { process in
            "--- \(process.name) (running: \(process.isRunning)) \(process.logURL.path)\n\(process.log.suffix(tail))"
        }
        return (["=== logs of the stack of \(name): \(logDirectory.path)"] + logs + ["=== end of the stack's logs"])
            .joined(separator: "\n")
    }

    // MARK: helpers

    /// The environment of a service process: the stack's settings and the NATS user of its own
    /// (`folio-vault` is `vault`), so the stack runs with the permissions of docs/operations.md.
    func environment(of program: String) throws -> [String: String] {
        let user = program.hasPrefix("folio-") ? String(program.dropFirst("folio-".count)) : program
        return serviceEnvironment.merging(try TestEnvironment.natsCredentials(user: user)) { _, credential in
            credential
        }
    }

    func get(_ path: String) async throws -> HTTPClientResponse {
        try await http.send(HTTPClientRequest(method: "GET", url: "http://127.0.0.1:\(gatewayPort)\(path)"))
    }

    func post(_ body: [UInt8], token: String? = nil) async throws -> HTTPClientResponse {
        var headers = ["content-type": "application/json"]
        if let token { headers["authorization"] = "Bearer \(token)" }
        return try await http.send(
            HTTPClientRequest(method: "POST", url: "http://127.0.0.1:\(gatewayPort)/rpc", headers: headers, body: body))
    }

    func rpc(_ method: String, _ params: JSONValue = [:], token: String? = nil) async throws -> JSONValue {
        let request: JSONValue = ["jsonrpc": "2.0", "id": 1, "method": .string(method), "params": params]
        return try JSONParser.parse(try await post(request.serialized(), token: token).body)
    }

    func waitUntil(_ what: String, timeout: Duration = .seconds(60), _ check: () async throws -> Bool) async throws {
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            if (try? await check()) == true { return }
            try await Task.sleep(for: .milliseconds(200))
        }
        let logs = processes.map { "--- \($0.name) (running: \($0.isRunning))\n\($0.log.suffix(2000))" }.joined(
            separator: "\n")
        throw StackError("timed out waiting until \(what)\n\(logs)")
    }

    // MARK: tests

    func testEveryServiceAnswersThroughTheGatewayFromPostgreSQL() async throws {
        for service in ["auth", "inquiry", "vault", "documents"] {
            let health = try await rpc("\(service).health")
            XCTAssertEqual(health["result"]?["service"]?.stringValue, service)
            XCTAssertEqual(health["result"]?["database"], "ok")
        }
    }

    func testRuntimeTokenOpensProtectedMethodsAndShutdownClosesThem() async throws {
        let created = try await rpc("runtime.create", ["organizationId": "org-demo"])
        let token = try XCTUnwrap(created["result"]?["token"]?.stringValue, "\(created)")
        let anonymous = try await rpc("runtime.shutdown")
        XCTAssertEqual(anonymous["error"]?["code"], -32004)
        let shutdown = try await rpc("runtime.shutdown", token: token)
        XCTAssertEqual(shutdown["result"], .null, "\(shutdown)")
        try await waitUntil("the gateway stops accepting the token") {
            try await self.rpc("session.mount", token: token)["error"]?["code"] == -32004
        }
        let again = try await rpc("runtime.shutdown", token: token)
        XCTAssertEqual(again["result"], .null, "a shutdown sent again finds what it asked for: \(again)")
    }

    func testBadInputGetsTheSpecificationsErrorsAndTheStackStaysUp() async throws {
        let cases: [(String, Int64)] = [
            (#"{"jsonrpc": "2.0", "method": "foobar, "params": "bar", "baz]"#, -32700),
            (#"{"jsonrpc": "2.0", "method": 1, "params": "bar"}"#, -32600),
            (#"{"jsonrpc": "2.0", "method": "nosuch.method", "id": 1}"#, -32601),
            (
                #"{"jsonrpc": "2.0", "method": "store.state", "params": {"storeId": "inq_unknownunknownunknownunkn"}, "id": 1}"#,
                -32004
            ),
        ]
        for (body, code) in cases {
            let response = try await post(Array(body.utf8))
            XCTAssertEqual(try JSONParser.parse(response.body)["error"]?["code"]?.intValue, code, body)
        }
        let oversized = try await post(Array(repeating: UInt8(ascii: " "), count: 64 * 1024 * 1024))
        XCTAssertEqual(oversized.status, 413)
        XCTAssertEqual(try JSONParser.parse(oversized.body)["error"]?["code"], -32006, "the 413 is a JSON-RPC error")
        let created = try await rpc("runtime.create", ["organizationId": "org-demo"])
        let token = try XCTUnwrap(created["result"]?["token"]?.stringValue)
        let unknown = try await rpc("store.state", ["storeId": "inq_aaaaaaaaaaaaaaaaaaaaaaaaaa"], token: token)
        XCTAssertEqual(unknown["error"]?["code"], -32003, "an unknown store id with a valid token: \(unknown)")
        let health = try await rpc("auth.health")
        XCTAssertEqual(health["result"]?["database"], "ok", "the stack is still up")
    }

    /// Follows a store through the Gateway until `done` holds for its model; fails with the model otherwise.
    /// Only models newer than `afterVersion` count, so a model from before an action is not taken for its outcome.
    /// Deltas are applied to the model held, so `done` sees whole models.
    func follow(
        _ storeID: String, token: String, afterVersion: Int64 = -1, until done: (JSONValue) -> Bool
    ) async throws -> JSONValue {
        var version = afterVersion
        var held: JSONValue?
        var last: JSONValue = .null
        for _ in 0..<20 {
            var params: JSONObject = [
                "storeId": .string(storeID), "afterVersion": .int(version), "timeoutMs": 2000,
            ]
            // `afterVersion` alone is no model a patch could apply to: the first model is asked for whole.
            if held == nil { params["delta"] = false }
            let next = try await rpc("store.next", .object(params), token: token)
            let state = try JSONPatch.wholeModel(of: try XCTUnwrap(next["result"], "\(next)"), holding: held)
            if state["model"] != nil { held = state }
            version = state["version"]?.intValue ?? version
            if let model = state["model"], done(model) { return model }
            last = state
        }
        let logs = processes.map { "--- \($0.name)\n\($0.log.suffix(1500))" }.joined(separator: "\n")
        throw StackError("the store never reached the expected model; last: \(last)\n\(logs)")
    }

    /// The store's current version.
    func version(_ storeID: String, token: String) async throws -> Int64 {
        let state = try await rpc("store.state", ["storeId": .string(storeID)], token: token)
        return try XCTUnwrap(state["result"]?["version"]?.intValue, "\(state)")
    }

    func testAPasswordSignInThroughTheGatewaySwitchesTheSession() async throws {
        let created = try await rpc("runtime.create", ["organizationId": "org_bluebank"])
        let token = try XCTUnwrap(created["result"]?["token"]?.stringValue, "\(created)")
        let mounted = try await rpc("auth.mount", token: token)
        let auth = try XCTUnwrap(mounted["result"]?["storeId"]?.stringValue, "\(mounted)")
        let watching = try await rpc("session.mount", token: token)
        let watcher = try XCTUnwrap(watching["result"]?["storeId"]?.stringValue, "\(watching)")

        let start: JSONValue = [
            "type": "START",
            "value": [
                "value": [
                    "type": "SIGN_IN",
                    "value": [
                        "value": [
                            "type": "WITH_IDENTIFIER",
                            "value": ["identifier": ["type": "EMAIL", "value": ["value": "chen.wei@example.net"]]],
                        ]
                    ],
                ]
            ],
        ]
        _ = try await rpc("store.dispatch", ["storeId": .string(auth), "action": start], token: token)
        let asking = try await follow(auth, token: token) {
            $0["flow"]?["type"] == "AWAITING_INPUT" || $0["flow"]?["type"] == "FAILED"
        }
        XCTAssertEqual(asking["flow"]?["value"]?["phase"]?["type"], "PASSWORD", "\(asking)")

        let answer: JSONValue = [
            "type": "ANSWER", "value": ["value": ["type": "PASSWORD", "value": ["value": "chen-Password-1"]]],
        ]
        _ = try await rpc("store.dispatch", ["storeId": .string(auth), "action": answer], token: token)
        let done = try await follow(auth, token: token) {
            $0["flow"]?["type"] == "AUTHENTICATED" || $0["flow"]?["type"] == "FAILED"
        }
        XCTAssertEqual(done["flow"]?["type"], "AUTHENTICATED", "\(done)")

        let session = try await rpc("session.mount", token: token)
        let sessionStore = try XCTUnwrap(session["result"]?["storeId"]?.stringValue, "\(session)")
        // The switch follows Authenticated once Folio's session token checks out.
        let state = try await follow(sessionStore, token: token) { $0["identity"]?["type"] == "AUTHENTICATED" }
        XCTAssertEqual(state["identity"]?["value"]?["userId"], "acct_chen")
        XCTAssertEqual(state["status"], ["type": "ACTIVE"])

        let followed = try await follow(watcher, token: token) { $0["identity"]?["type"] == "AUTHENTICATED" }
        XCTAssertEqual(followed["status"], ["type": "ACTIVE"], "a SessionStore mounted before the sign-in follows it")

        // Folio ends the session: the runtime ends it too ("Expired sessions").
        let runtimeID = try XCTUnwrap(created["result"]?["runtimeId"]?.stringValue)
        let database = PostgresPool(url: try TestEnvironment.databaseURL(), size: 1)
        let rows = try await database.query(
            "SELECT folio_session_id FROM runtime_sessions WHERE runtime_id = \(runtimeID)")
        let folioSession = try XCTUnwrap(try rows.first?.decode(String?.self, "folio_session_id"))
        await database.close()
        let expire = try await http.send(
            HTTPClientRequest(
                method: "POST", url: "http://127.0.0.1:\(emulatorPort)/admin/sessions/\(folioSession)/expire",
                headers: ["authorization": "Bearer e2e-admin", "content-type": "application/json"],
                body: Array("{}".utf8)))
        XCTAssertTrue(
            (200..<300).contains(expire.status),
            "expire: \(expire.status) \(String(decoding: expire.body, as: UTF8.self))")
        let expired = try await follow(watcher, token: token) { $0["status"] == ["type": "EXPIRED"] }
        XCTAssertEqual(expired["identity"]?["value"]?["userId"], "acct_chen")
    }

    func testServicesCarryOnAfterNatsServerRestarts() async throws {
        try await TestEnvironment.services("stop-nats")
        try await TestEnvironment.services("start-nats")
        try await waitUntil("every service answers again through the gateway") {
            for service in ["auth", "inquiry", "vault", "documents"] {
                guard try await self.rpc("\(service).health")["result"]?["database"] == "ok" else { return false }
            }
            return true
        }
        XCTAssertTrue(processes.allSatisfy(\.isRunning), "no process was restarted")
    }

    func testServicesCarryOnAfterPostgreSQLRestarts() async throws {
        try await TestEnvironment.services("stop-pg")
        let down = try await rpc("auth.health")
        XCTAssertEqual(down["error"]?["code"], -32012, "health reports the database as unavailable: \(down)")
        try await TestEnvironment.services("start-pg")
        try await waitUntil("every service reaches PostgreSQL again") {
            for service in ["auth", "inquiry", "vault", "documents"] {
                guard try await self.rpc("\(service).health")["result"]?["database"] == "ok" else { return false }
            }
            return true
        }
        let created = try await rpc("runtime.create", ["organizationId": "org-demo"])
        XCTAssertNotNil(created["result"]?["token"]?.stringValue, "writes work again: \(created)")
        XCTAssertTrue(processes.allSatisfy(\.isRunning), "no process was restarted")
    }
}
