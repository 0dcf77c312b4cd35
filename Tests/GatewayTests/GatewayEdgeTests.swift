import Bus
import FolioAPI
import FolioModel
import Foundation
import GatewayService
import HTTP
import XCTest

/// SSE, health, readiness, metrics, rate limiting, the token cache and static files.
final class GatewayEdgeTests: XCTestCase {
    /// The events of an SSE body: (event name, data) pairs; comments as ("comment", text).
    private func events(_ body: [UInt8]) -> [(String, String)] {
        var parsed: [(String, String)] = []
        for block in text(body).components(separatedBy: "\n\n") where !block.isEmpty {
            var name = "message"
            var data = ""
            for line in block.split(separator: "\n") {
                if line.hasPrefix(":") {
                    parsed.append(("comment", line.dropFirst().trimmingCharacters(in: .whitespaces)))
                }
                if line.hasPrefix("event: ") { name = String(line.dropFirst(7)) }
                if line.hasPrefix("data: ") { data = String(line.dropFirst(6)) }
            }
            if block.contains("data: ") { parsed.append((name, data)) }
        }
        return parsed
    }

    func testEventsWithoutDeltaDeliverTwoStatesThenClosed() async throws {
        let harness = try await GatewayHarness()
        let storeID = harness.services.sseStore.rawValue
        let response = try await harness.get("/events?storeId=\(storeID)&token=\(FakeServices.goodToken)&delta=0")
        XCTAssertEqual(response.status, 200)
        XCTAssertEqual(response.headers["content-type"], "text/event-stream")
        let received = events(response.body)
        let states = received.filter { $0.0 == "state" }.map(\.1)
        XCTAssertEqual(states.count, 2)
        XCTAssertEqual(
            try states.map { try JSONParser.parse($0) },
            [["version": 1, "model": ["count": 1]], ["version": 2, "model": ["count": 2]]])
        XCTAssertEqual(received.last?.0, "closed")
        XCTAssertTrue(
            received.contains { $0 == ("comment", "keepalive") }, "a wait without a change writes a keepalive")
        XCTAssertTrue(text(response.body).contains("id: 2\nevent: state\n"))
        await harness.stop()
    }

    func testEventsWithDeltaSendTheFirstStateWholeAndTheNextAsThePatchFromIt() async throws {
        let harness = try await GatewayHarness()
        let storeID = harness.services.sseStore.rawValue
        let response = try await harness.get("/events?storeId=\(storeID)&token=\(FakeServices.goodToken)&delta=1")
        XCTAssertEqual(response.status, 200)
        let received = events(response.body).filter { $0.0 != "comment" }
        XCTAssertEqual(received.map(\.0), ["state", "patch", "closed"])
        XCTAssertEqual(try JSONParser.parse(received[0].1), ["version": 1, "model": ["count": 1]])
        XCTAssertEqual(
            try JSONParser.parse(received[1].1),
            ["version": 2, "baseVersion": 1, "patch": [["op": "replace", "path": "/count", "value": 2]]])
        XCTAssertTrue(text(response.body).contains("id: 2\nevent: patch\n"))
        await harness.stop()
    }

    func testEventsSendPatchesByDefault() async throws {
        let harness = try await GatewayHarness()
        let storeID = harness.services.sseStore.rawValue
        let response = try await harness.get("/events?storeId=\(storeID)&token=\(FakeServices.goodToken)")
        XCTAssertEqual(response.status, 200)
        let received = events(response.body).filter { $0.0 != "comment" }
        XCTAssertEqual(received.map(\.0), ["state", "patch", "closed"])
        XCTAssertEqual(
            try JSONParser.parse(received[1].1),
            ["version": 2, "baseVersion": 1, "patch": [["op": "replace", "path": "/count", "value": 2]]])
        await harness.stop()
    }

    func testEventsAcceptTheAuthorizationHeaderAndLastEventID() async throws {
        let harness = try await GatewayHarness()
        let storeID = harness.services.sseStore.rawValue
        let response = try await harness.get(
            "/events?storeId=\(storeID)&delta=0",
            headers: ["Authorization": "Bearer \(FakeServices.goodToken)", "Last-Event-ID": "1"])
        XCTAssertEqual(response.status, 200)
        let states = events(response.body).filter { $0.0 == "state" }.map(\.1)
        XCTAssertEqual(try states.map { try JSONParser.parse($0)["version"] }, [2], "version 1 was already seen")
        await harness.stop()
    }

    func testEventsRefuseBadRequestsWithHTTPStatus() async throws {
        let harness = try await GatewayHarness()
        let storeID = harness.services.sseStore.rawValue
        let noToken = try await harness.get("/events?storeId=\(storeID)")
        XCTAssertEqual(noToken.status, 401)
        XCTAssertEqual(errorCode(try JSONParser.parse(noToken.body)), code(.unauthorized))
        let badToken = try await harness.get("/events?storeId=\(storeID)&token=wrong")
        XCTAssertEqual(badToken.status, 401)
        let badStore = try await harness.get("/events?storeId=bogus&token=\(FakeServices.goodToken)")
        XCTAssertEqual(badStore.status, 404)
        XCTAssertEqual(errorCode(try JSONParser.parse(badStore.body)), code(.unknownStore))
        let orphan = StoreID.generate(for: .inquiry).rawValue
        let unserved = try await harness.get("/events?storeId=\(orphan)&token=\(FakeServices.goodToken)")
        XCTAssertEqual(
            unserved.status, 502,
            "a store nobody serves goes to store.adopt first; the fake inquiry service has none (-32601)")
        let missing = try await harness.get("/events?token=\(FakeServices.goodToken)")
        XCTAssertEqual(missing.status, 400)
        await harness.stop()
    }

    func testHealthAndReadiness() async throws {
        let transport = RecordingTransport()
        let harness = try await GatewayHarness(transport: transport)
        let health = try await harness.get("/healthz")
        XCTAssertEqual(health.status, 200)
        let ready = try await harness.get("/readyz")
        XCTAssertEqual(ready.status, 200)
        transport.setReady(false)
        let notReady = try await harness.get("/readyz")
        XCTAssertEqual(notReady.status, 503)
        let stillHealthy = try await harness.get("/healthz")
        XCTAssertEqual(stillHealthy.status, 200)
        transport.setReady(true)
        let readyAgain = try await harness.get("/readyz")
        XCTAssertEqual(readyAgain.status, 200)
        await harness.stop()
    }

    func testMetricsCountCallsErrorsAndDurations() async throws {
        let harness = try await GatewayHarness()
        _ = try await harness.call("inquiry.health")
        _ = try await harness.call("inquiry.health")
        _ = try await harness.call("vault.health")
        _ = try await harness.call("nope.call")
        _ = try await harness.call("example.mount")
        let response = try await harness.get("/metrics")
        XCTAssertEqual(response.status, 200)
        XCTAssertEqual(response.headers["content-type"], "text/plain; version=0.0.4; charset=utf-8")
        let metrics = text(response.body)
        for line in [
            #"folio_gateway_requests_total{method="inquiry.health",outcome="ok"} 2"#,
            #"folio_gateway_requests_total{method="vault.health",outcome="service_unavailable"} 1"#,
            #"folio_gateway_requests_total{method="unknown",outcome="method_not_found"} 1"#,
            #"folio_gateway_requests_total{method="example.mount",outcome="unauthorized"} 1"#,
            #"folio_gateway_bus_errors_total{kind="no_responders"} 1"#,
            #"folio_gateway_request_duration_seconds_count 5"#,
            #"folio_gateway_request_duration_seconds_bucket{le="+Inf"} 5"#,
            "folio_gateway_rate_limited_total 0",
            "folio_gateway_inflight_requests 1",
            "# TYPE folio_gateway_request_duration_seconds histogram",
        ] {
            XCTAssertTrue(metrics.contains(line + "\n"), "missing \(line) in\n\(metrics)")
        }
        await harness.stop()
    }

    func testRateLimitAnswers429ThenRecovers() async throws {
        var configuration = GatewayHarness.testConfiguration()
        configuration.rateLimit = 1
        configuration.rateBurst = 3
        let harness = try await GatewayHarness(configuration: configuration)
        let payload = Array(#"{"jsonrpc":"2.0","method":"inquiry.health","id":1}"#.utf8)
        var limited: HTTPClientResponse?
        for _ in 0..<20 {
            let response = try await harness.post(payload)
            if response.status == 429 {
                limited = response
                break
            }
            XCTAssertEqual(response.status, 200)
        }
        let refused = try XCTUnwrap(limited, "the burst of 3 at 1/s runs out within 20 quick calls")
        let body = try JSONParser.parse(refused.body)
        XCTAssertEqual(errorCode(body), code(.rateLimited))
        XCTAssertEqual(body["id"], .null)
        let retryAfter = try XCTUnwrap(refused.headers["retry-after"].flatMap { Int($0) })
        XCTAssertGreaterThanOrEqual(retryAfter, 1)

        let otherClient = try await harness.post(payload, token: FakeServices.goodToken)
        XCTAssertEqual(otherClient.status, 200, "buckets are per client: a token has its own")

        try await Task.sleep(for: .seconds(retryAfter))
        let recovered = try await harness.post(payload)
        XCTAssertEqual(recovered.status, 200)
        let metrics = try await harness.get("/metrics")
        XCTAssertTrue(text(metrics.body).contains("folio_gateway_rate_limited_total 1\n"))
        await harness.stop()
    }

    func testShutdownEventDropsTheRuntimesCachedTokens() async throws {
        let harness = try await GatewayHarness()
        let first = try await harness.call("example.mount", [:], token: FakeServices.goodToken)
        XCTAssertNil(first["error"])
        let second = try await harness.call("example.mount", [:], token: FakeServices.goodToken)
        XCTAssertNil(second["error"])
        XCTAssertEqual(harness.services.verifyCalls, 1, "the second call used the cache")

        harness.services.revoke(FakeServices.goodToken)
        let cached = try await harness.call("example.mount", [:], token: FakeServices.goodToken)
        XCTAssertNil(cached["error"], "until the event, the cache still trusts the token")

        try await harness.transport.publish(
            subject: Gateway.runtimeShutdownSubject, payload: Array(#"{"runtimeId":"rt_a"}"#.utf8))
        XCTAssertEqual(harness.gateway.tokenCache.count, 0)
        let dropped = try await harness.call("example.mount", [:], token: FakeServices.goodToken)
        XCTAssertEqual(errorCode(dropped), code(.unauthorized))
        XCTAssertEqual(harness.services.verifyCalls, 2)
        await harness.stop()
    }

    func testStaticFilesAreServedWithoutLeavingTheRoot() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "gateway-static-\(UUID().uuidString)")
        let root = folder.appendingPathComponent("web")
        try FileManager.default.createDirectory(
            at: root.appendingPathComponent("js"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data("<h1>hi</h1>".utf8).write(to: root.appendingPathComponent("index.html"))
        try Data("console.log(1)".utf8).write(to: root.appendingPathComponent("js/app.js"))
        try Data("secret".utf8).write(to: folder.appendingPathComponent("secret.txt"))
        try Data("hidden".utf8).write(to: root.appendingPathComponent(".env"))
        try FileManager.default.createSymbolicLink(
            at: root.appendingPathComponent("link.txt"), withDestinationURL: folder.appendingPathComponent("secret.txt")
        )

        var configuration = GatewayHarness.testConfiguration()
        configuration.staticRoot = root.path
        let harness = try await GatewayHarness(configuration: configuration)
        let index = try await harness.get("/")
        XCTAssertEqual(index.status, 200)
        XCTAssertEqual(text(index.body), "<h1>hi</h1>")
        XCTAssertEqual(index.headers["content-type"], "text/html; charset=utf-8")
        let script = try await harness.get("/js/app.js")
        XCTAssertEqual(text(script.body), "console.log(1)")
        XCTAssertEqual(script.headers["content-type"], "text/javascript; charset=utf-8")
        for response in [index, script] {
            XCTAssertEqual(
                response.headers["content-security-policy"],
                "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data: blob:; "
                    + "media-src 'self' blob: mediastream:; connect-src 'self'; frame-ancestors 'none'; "
                    + "base-uri 'none'; form-action 'self'; object-src 'none'")
            XCTAssertEqual(response.headers["x-content-type-options"], "nosniff")
            XCTAssertEqual(response.headers["referrer-policy"], "no-referrer")
        }
        XCTAssertEqual(StaticFiles.contentType(of: "a.css"), "text/css; charset=utf-8")
        XCTAssertEqual(StaticFiles.contentType(of: "a.svg"), "image/svg+xml; charset=utf-8")
        XCTAssertEqual(StaticFiles.contentType(of: "a.html"), "text/html; charset=utf-8")
        for path in ["/%2e%2e/secret.txt", "/js/%2E%2E/%2e%2e/secret.txt", "/link.txt", "/.env", "/missing.js", "/js"] {
            let refused = try await harness.get(path)
            XCTAssertEqual(refused.status, 404, path)
            XCTAssertFalse(text(refused.body).contains("secret"), path)
            XCTAssertNotNil(refused.headers["content-security-policy"], path)
        }
        let files = StaticFiles(root: root.path)
        XCTAssertNil(files.resolve("/../secret.txt"))
        XCTAssertNil(files.resolve("/js/../../secret.txt"))
        XCTAssertNotNil(files.resolve("/js/app.js"))
        await harness.stop()
    }

    func testNoStaticRootMeans404() async throws {
        let harness = try await GatewayHarness()
        let response = try await harness.get("/index.html")
        XCTAssertEqual(response.status, 404)
        await harness.stop()
    }
}
