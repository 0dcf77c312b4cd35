import Bus
import FolioAPI
import FolioClient
import FolioModel
import Foundation
import HTTP
import Lifecycle
import Metrics
import ServiceKit
import StoreKit
import StoreKitTesting
import Synchronization
import TestSupport
import XCTest

/// A service started for real (PostgreSQL, the in-process bus) with its metrics port on: calls, mounts, effects,
/// adoptions and Folio calls reach `GET /metrics` without any code of the service's own.
final class ServiceMetricsTests: XCTestCase {
    func configuration(worker: String, metrics: Bool = true, folio: String = "http://127.0.0.1:9")
        throws -> ServiceConfiguration
    {
        var configuration = ServiceConfiguration(
            databaseURL: try TestEnvironment.databaseURL(), natsURL: "unused", logLevel: .warning, workerID: worker,
            folioAPIURL: folio)
        configuration.metricsPort = metrics ? 0 : nil
        return configuration
    }

    func definition(name: String, echo: @escaping @Sendable (String) async -> String = { $0 }) -> ServiceDefinition {
        ServiceDefinition(
            name: name,
            stores: { context in [context.hosting(ExampleCounterStore.self, .init(echo: echo))] },
            methods: { context in [ServiceHealth.method(HealthMethods.inquiry, context: context)] })
    }

    func testCallsMountsEffectsAndOpenStoresReachTheMetricsPort() async throws {
        let bus = InProcessBus()
        let name = "svc\(RandomID.base32(count: 6))"
        let gate = EchoGate()
        let service = try await RunningService.start(
            definition(name: name, echo: { await gate.pass($0) }), configuration: try configuration(worker: "w-m"),
            transport: bus)
        let port = try XCTUnwrap(service.metricsServer?.port)
        XCTAssertNotEqual(port, 0)
        let scrape = Scrape(port: port)
        let health = try await scrape.get("/healthz")
        XCTAssertEqual(health.status, 200)
        XCTAssertEqual(String(decoding: health.body, as: UTF8.self), "ok\n")

        let client = BusClient(transport: bus)
        _ = try await client.call(BusSubjects.rpc(name), "inquiry.health")
        let mounted = try await client.call(BusSubjects.rpc(name), "example.mount", ["runtimeId": "rt-m"])
        let id = try XCTUnwrap(mounted["storeId"]?.stringValue.flatMap(StoreID.init))
        func dispatch(_ action: JSONValue) async throws {
            _ = try await client.call(
                BusSubjects.store(id), "store.dispatch",
                ["storeId": .string(id.rawValue), "runtimeId": "rt-m", "action": action])
        }
        try await dispatch(["type": "INCREMENT", "value": ["by": 2]])
        try await dispatch(["type": "ECHO", "value": ["text": "held"]])
        do {
            _ = try await client.call(BusSubjects.rpc(name), "nope.method")
            XCTFail("an unknown method is refused")
        } catch let error as JSONRPCError {
            XCTAssertEqual(error.code, -32601)
        }

        let metrics = try await scrape.metrics(containing: [
            #"folio_service_info{service="\#(name)",worker="w-m"} 1"#,
            #"folio_service_calls_total{method="inquiry.health",outcome="ok"} 1"#,
            #"folio_service_calls_total{method="example.mount",outcome="ok"} 1"#,
            #"folio_service_calls_total{method="store.dispatch",outcome="ok"} 2"#,
            #"folio_service_calls_total{method="unknown",outcome="method_not_found"} 1"#,
            #"folio_service_call_duration_seconds_count{method="example.mount"} 1"#,
            #"folio_service_call_duration_seconds_bucket{method="store.dispatch",le="+Inf"} 2"#,
            #"folio_service_stores_mounted{kind="example"} 1"#,
            #"folio_service_stores_open{kind="example"} 1"#,
            #"folio_service_effects_total{kind="example"} 1"#,
            #"folio_service_effects_pending{kind="example"} 1"#,
            "# TYPE folio_service_call_duration_seconds histogram",
        ])
        // The process's own figures, under the names of Prometheus's clients.
        for name in ["process_cpu_seconds_total", "process_resident_memory_bytes", "process_start_time_seconds"] {
            let value = metrics.split(separator: "\n").first { $0.hasPrefix(name + " ") }?.split(separator: " ").last
            XCTAssertGreaterThan(value.flatMap { Double($0) } ?? 0, 0, name)
            XCTAssertTrue(metrics.contains("# TYPE \(name) "), name)
        }

        // The effect answers: the queue empties. The store closes: it is neither mounted nor open any more.
        await gate.open()
        _ = try await scrape.metrics(containing: [#"folio_service_effects_pending{kind="example"} 0"#])
        _ = try await client.call(
            BusSubjects.store(id), "store.close", ["storeId": .string(id.rawValue), "runtimeId": "rt-m"])
        _ = try await scrape.metrics(containing: [
            #"folio_service_stores_mounted{kind="example"} 0"#,
            #"folio_service_stores_open{kind="example"} 0"#,
            #"folio_service_calls_total{method="store.close",outcome="ok"} 1"#,
        ])
        let notFound = try await scrape.get("/nothing")
        XCTAssertEqual(notFound.status, 404)
        await service.stop()
    }

    func testAnAdoptedStoreIsCountedAsAdoptedMountedAndOpen() async throws {
        let bus = InProcessBus()
        let name = "svc\(RandomID.base32(count: 6))"
        let first = try await RunningService.start(
            definition(name: name), configuration: try configuration(worker: "first", metrics: false), transport: bus)
        XCTAssertNil(first.metricsServer)
        let client = BusClient(transport: bus)
        let mounted = try await client.call(BusSubjects.rpc(name), "example.mount", ["runtimeId": "rt-a"])
        let id = try XCTUnwrap(mounted["storeId"]?.stringValue.flatMap(StoreID.init))
        _ = try await client.call(
            BusSubjects.store(id), "store.dispatch",
            [
                "storeId": .string(id.rawValue), "runtimeId": "rt-a",
                "action": ["type": "INCREMENT", "value": ["by": 1]],
            ])
        _ = try await client.call(
            BusSubjects.store(id), "store.next",
            ["storeId": .string(id.rawValue), "runtimeId": "rt-a", "afterVersion": 0, "timeoutMs": 2000])
        await first.stop()

        let second = try await RunningService.start(
            definition(name: name), configuration: try configuration(worker: "second"), transport: bus)
        let scrape = Scrape(port: try XCTUnwrap(second.metricsServer?.port))
        let before = try await scrape.metrics(containing: [])
        XCTAssertFalse(before.contains(#"folio_service_stores_mounted{kind="example"} 1"#), before)
        _ = try await client.call(BusSubjects.rpc(name), "store.adopt", ["storeId": .string(id.rawValue)])
        _ = try await scrape.metrics(containing: [
            #"folio_service_store_adoptions_total{kind="example"} 1"#,
            #"folio_service_stores_mounted{kind="example"} 1"#,
            #"folio_service_stores_open{kind="example"} 1"#,
            #"folio_service_calls_total{method="store.adopt",outcome="ok"} 1"#,
        ])
        await second.stop()
    }

    func testFolioCallsAreCountedByRouteAndStatusClass() async throws {
        let folio = HTTPServer { request in
            if request.path.hasPrefix("/v1/inquiries/") {
                return HTTPResponse(status: 200, headers: [("Content-Type", "application/json")], text: "{}")
            }
            return HTTPResponse(
                status: 503, headers: [("Content-Type", "application/json")],
                text: #"{"error":{"code":"UNAVAILABLE","message":"down for a test"}}"#)
        }
        try folio.start()
        let bus = InProcessBus()
        let name = "svc\(RandomID.base32(count: 6))"
        let configuration = try configuration(worker: "w-f", folio: "http://127.0.0.1:\(folio.port)")
        let service = try await RunningService.start(
            definition(name: name), configuration: configuration, transport: bus)
        let client = service.context.folioClient(timeoutSeconds: 5)
        _ = try await client.send("GET", "/v1/inquiries/inq_7Hq2/result?deviceId=dev-1", json: nil)
        _ = try await client.send("GET", "/v1/inquiries/inq_other/result", json: nil)
        do {
            _ = try await client.send("POST", "/v1/vault/records", json: ["schema": "note"], idempotencyKey: "k-1")
            XCTFail("the fake Folio answers 503 there")
        } catch {
            XCTAssertEqual(error.status, 503)
        }
        let scrape = Scrape(port: try XCTUnwrap(service.metricsServer?.port))
        _ = try await scrape.metrics(containing: [
            #"folio_service_folio_calls_total{route="GET /v1/inquiries/{id}/result",status="2xx"} 2"#,
            #"folio_service_folio_calls_total{route="POST /v1/vault/records",status="5xx"} 1"#,
            #"folio_service_folio_call_duration_seconds_count{route="GET /v1/inquiries/{id}/result"} 2"#,
        ])
        await service.stop()
        await folio.shutdown()
    }

    func testHealthzFollowsTheServicesPhaseAndOtherRequestsAreRefused() async throws {
        let registry = MetricsRegistry()
        let server = try MetricsServer(host: "127.0.0.1", port: 0, registry: registry)
        let scrape = Scrape(port: server.port)
        func health() async throws -> (Int, String) {
            let response = try await scrape.get("/healthz")
            return (response.status, String(decoding: response.body, as: UTF8.self))
        }
        var (status, text) = try await health()
        XCTAssertEqual(status, 503)
        XCTAssertEqual(text, "starting\n")
        server.enter(.running)
        (status, text) = try await health()
        XCTAssertEqual(status, 200)
        XCTAssertEqual(text, "ok\n")
        server.enter(.stopping)
        (status, text) = try await health()
        XCTAssertEqual(status, 503)
        XCTAssertEqual(text, "stopping\n")
        let post = try await scrape.http.send(
            HTTPClientRequest(method: "POST", url: "http://127.0.0.1:\(server.port)/metrics", body: []))
        XCTAssertEqual(post.status, 405)
        XCTAssertEqual(post.headers["allow"], "GET, HEAD")
        XCTAssertThrowsError(
            try MetricsServer(host: "127.0.0.1", port: server.port, registry: registry), "the port is taken")
        await server.shutdown()
    }

    func testFolioRoutesKeepTheirWordsAndHideTheirIds() {
        XCTAssertEqual(FolioClient.route(method: "GET", path: "/healthz"), "GET /healthz")
        XCTAssertEqual(FolioClient.route(method: "GET", path: "/.well-known/jwks.json"), "GET /.well-known/jwks.json")
        XCTAssertEqual(
            FolioClient.route(method: "POST", path: "/v1/inquiries/inq_1/verifications/step%2F2/outcome?x=1"),
            "POST /v1/inquiries/{id}/verifications/{id}/outcome")
        XCTAssertEqual(
            FolioClient.route(method: "PUT", path: "/v1/vault/folders/fold_1/members/rec_2"),
            "PUT /v1/vault/folders/{id}/members/{id}")
        XCTAssertEqual(FolioClient.route(method: "GET", path: "/v1/vault/keys?email=a@b.c"), "GET /v1/vault/keys")
    }

    /// Every route of the FolioEmulator (Folio's API as this project knows it) keeps its words, so a route added
    /// there is not counted as `{id}` here unnoticed.
    func testEveryRouteOfTheEmulatorMapsToItsOwnTemplate() throws {
        let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../Services/FolioEmulator/Sources").standardizedFileURL
        let files = try XCTUnwrap(FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil))
        let pattern = try NSRegularExpression(pattern: #"add\("(GET|POST|PUT|PATCH|DELETE)", *"(/[^"]*)""#)
        var checked = 0
        for case let file as URL in files where file.pathExtension == "swift" {
            let text = try String(contentsOf: file, encoding: .utf8)
            for match in pattern.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
                guard let methodRange = Range(match.range(at: 1), in: text),
                    let templateRange = Range(match.range(at: 2), in: text)
                else { continue }
                let template = String(text[templateRange])
                guard template.hasPrefix("/v1/") || template == "/healthz" || template.hasPrefix("/.well-known")
                else { continue }
                let parts = template.split(separator: "/", omittingEmptySubsequences: false)
                let path = parts.map { $0.hasPrefix("{") ? "some_id-1" : String($0) }.joined(separator: "/")
                let expected = parts.map { $0.hasPrefix("{") ? "{id}" : String($0) }.joined(separator: "/")
                let method = String(text[methodRange])
                XCTAssertEqual(
                    FolioClient.route(method: method, path: path), "\(method) \(expected)", "\(file.lastPathComponent)")
                checked += 1
            }
        }
        XCTAssertGreaterThan(checked, 40, "the emulator's routes were found")
    }

    func testTheMetricsPortIsReadFromTheEnvironment() throws {
        let base = ["FOLIO_SECRETS_KEY": "AQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQE"]  // 32 bytes of 0x01
        let off = try ServiceConfiguration.fromEnvironment(.init(base))
        XCTAssertNil(off.metricsPort)
        XCTAssertEqual(off.metricsHost, "127.0.0.1")
        let empty = try ServiceConfiguration.fromEnvironment(.init(base.merging(["FOLIO_METRICS_PORT": ""]) { $1 }))
        XCTAssertNil(empty.metricsPort)
        let on = try ServiceConfiguration.fromEnvironment(
            .init(base.merging(["FOLIO_METRICS_PORT": "9101", "FOLIO_METRICS_HOST": "0.0.0.0"]) { $1 }))
        XCTAssertEqual(on.metricsPort, 9101)
        XCTAssertEqual(on.metricsHost, "0.0.0.0")
        let free = try ServiceConfiguration.fromEnvironment(.init(base.merging(["FOLIO_METRICS_PORT": "0"]) { $1 }))
        XCTAssertEqual(free.metricsPort, 0)
        XCTAssertThrowsError(
            try ServiceConfiguration.fromEnvironment(.init(base.merging(["FOLIO_METRICS_PORT": "http"]) { $1 })))
    }
}

/// Reads the metrics port of a service over HTTP.
struct Scrape {
    let port: UInt16
    let http = HTTPClient()

    func get(_ path: String) async throws -> HTTPClientResponse {
        try await http.send(HTTPClientRequest(method: "GET", url: "http://127.0.0.1:\(port)\(path)"))
    }

    /// `/metrics` once it holds every line (the stores apply events after their dispatch answered), within 5 s.
    func metrics(containing lines: [String]) async throws -> String {
        var text = ""
        for _ in 0..<250 {
            let response = try await get("/metrics")
            XCTAssertEqual(response.status, 200)
            XCTAssertEqual(response.headers["content-type"], "text/plain; version=0.0.4; charset=utf-8")
            text = String(decoding: response.body, as: UTF8.self)
            if lines.allSatisfy({ text.contains($0 + "\n") }) { return text }
            try await Task.sleep(for: .milliseconds(20))
        }
        for line in lines where !text.contains(line + "\n") { XCTFail("missing \(line) in\n\(text)") }
        return text
    }
}

/// Holds every echo until it is opened.
actor EchoGate {
    private var isOpen = false
    private var waiting: [CheckedContinuation<Void, Never>] = []

    func pass(_ text: String) async -> String {
        if !isOpen { await withCheckedContinuation { waiting.append($0) } }
        return text
    }

    func open() {
        isOpen = true
        for waiter in waiting { waiter.resume() }
        waiting = []
    }
}
