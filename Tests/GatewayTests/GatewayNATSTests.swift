import Bus
import FolioAPI
import FolioModel
import Foundation
import GatewayService
import HTTP
import TestSupport
import XCTest

/// The Gateway on the real NATS bus of the test environment, and the `folio-gateway` executable.
///
/// The NATS server is shared with other test runs, so these tests only serve subjects of their own
/// (random store ids) and check tokens without the bus: a real AuthService may own `folio.auth.rpc`.
final class GatewayNATSTests: XCTestCase {
    private func connect(_ name: String) async throws -> NATSBus {
        try await NATSBus.connect(try TestEnvironment.nats(name: name))
    }

    func testForwardsAuthenticatesAndReportsReadinessOverNATS() async throws {
        let bus = try await connect("gateway-tests")
        let harness = try await GatewayHarness(transport: bus, services: ["stores"], verifyOverBus: false)
        let storeID = JSONValue.string(harness.services.echoStore.rawValue)

        let unauthorized = try await harness.call("store.state", ["storeId": storeID], token: "not-a-token")
        XCTAssertEqual(errorCode(unauthorized), code(.unauthorized))
        let state = try await harness.call("store.state", ["storeId": storeID], token: FakeServices.goodToken)
        XCTAssertEqual(state["result"]?["subject"], .string(BusSubjects.store(harness.services.echoStore)))
        XCTAssertEqual(state["result"]?["params"]?["runtimeId"], "rt_a")

        let orphan = StoreID.generate(for: .example).rawValue
        let unserved = try await harness.call(
            "store.state", ["storeId": .string(orphan)], token: FakeServices.goodToken)
        XCTAssertEqual(errorCode(unserved), code(.serviceUnavailable))

        let events = try await harness.get(
            "/events?storeId=\(harness.services.sseStore.rawValue)&token=\(FakeServices.goodToken)&delta=0")
        XCTAssertEqual(text(events.body).components(separatedBy: "event: state\n").count - 1, 2)
        XCTAssertTrue(text(events.body).hasSuffix("event: closed\ndata: null\n\n"))

        let ready = try await harness.get("/readyz")
        XCTAssertEqual(ready.status, 200)
        XCTAssertTrue(bus.isBusReady)
        let metrics = try await harness.get("/metrics")
        // The orphan store: no responders on its subject, then again on the adoption request.
        XCTAssertTrue(text(metrics.body).contains(#"folio_gateway_bus_errors_total{kind="no_responders"} 2"#))
        await harness.stop()
    }

    func testShutdownEventFromAnotherConnectionDropsTheToken() async throws {
        let bus = try await connect("gateway-tests")
        let publisher = try await connect("gateway-tests-publisher")
        let harness = try await GatewayHarness(transport: bus, services: ["stores"], verifyOverBus: false)
        let storeID = JSONValue.string(harness.services.echoStore.rawValue)
        let before = try await harness.call("store.state", ["storeId": storeID], token: FakeServices.otherToken)
        XCTAssertEqual(before["result"]?["params"]?["runtimeId"], "rt_b")
        harness.services.revoke(FakeServices.otherToken)

        try await publisher.publish(
            subject: Gateway.runtimeShutdownSubject, payload: Array(#"{"runtimeId":"rt_b"}"#.utf8))
        let deadline = ContinuousClock.now + .seconds(10)
        while harness.gateway.tokenCache.count > 0, ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(20))
        }
        let after = try await harness.call("store.state", ["storeId": storeID], token: FakeServices.otherToken)
        XCTAssertEqual(errorCode(after), code(.unauthorized))
        await harness.stop()
    }

    func testFrameReachesTheStoreOverNATSAndOneOverTheBusLimitIs413WithoutBeingSent() async throws {
        let bus = try await connect("gateway-tests")
        let harness = try await GatewayHarness(transport: bus, services: ["stores"], verifyOverBus: false)
        let storeID = harness.services.inquiryStore.rawValue
        let frame = (0..<(1280 * 720)).map { UInt8(truncatingIfNeeded: $0 &* 7) }
        let sent = try await harness.postFrame(
            frame, query: "storeId=\(storeID)&width=1280&height=720", token: FakeServices.goodToken)
        XCTAssertEqual(sent.status, 200)
        let echoed = try JSONParser.parse(sent.body)["result"]?["params"]?["action"]?["value"]?["value"]
        XCTAssertEqual(echoed?["bytes"], .string(Data(frame).base64EncodedString()))

        let limit = bus.maxPayload
        XCTAssertGreaterThan(limit, 0, "nats-server announces its max_payload")
        // 4096 wide and tall enough that its base64 alone is over the limit.
        let height = limit * 3 / 4 / 4096 + 1
        let tooBig = try await harness.postFrame(
            [UInt8](repeating: 0, count: 4096 * height),
            query: "storeId=\(storeID)&width=4096&height=\(height)", token: FakeServices.goodToken)
        XCTAssertEqual(tooBig.status, 413)
        let error = try JSONParser.parse(tooBig.body)["error"]
        XCTAssertEqual(errorCode(try JSONParser.parse(tooBig.body)), code(.payloadTooLarge))
        XCTAssertTrue(
            error?["data"]?["value"]?["detail"]?.stringValue?.hasSuffix("over its limit of \(limit) bytes") ?? false,
            "\(String(describing: error))")
        XCTAssertEqual(harness.gateway.metrics.calls(method: "store.dispatch", outcome: "payload_too_large"), 1)
        await harness.stop()
    }

    func testInFlightRequestsFinishDuringShutdown() async throws {
        let bus = try await connect("gateway-tests")
        let services = FakeServices()
        let subject = BusSubjects.store(services.echoStore)
        let slow = try await bus.serve(
            RPCRouter([
                StoreMethods.state.handled { _ in
                    try await Task.sleep(for: .milliseconds(500))
                    return ["version": 0, "model": "late"]
                }
            ]), subject: subject)
        let gateway = Gateway(
            configuration: GatewayHarness.testConfiguration(), transport: bus, tokenVerifier: services.verifier,
            logger: .init(service: "gateway-test", minimumLevel: .error))
        try await gateway.start()
        let http = HTTPClient()
        let payload: JSONValue = [
            "jsonrpc": "2.0", "method": "store.state", "params": ["storeId": .string(services.echoStore.rawValue)],
            "id": 9,
        ]
        let url = "http://127.0.0.1:\(gateway.port)/rpc"
        let pending = Task {
            try await http.send(
                HTTPClientRequest(
                    method: "POST", url: url,
                    headers: ["Content-Type": "application/json", "Authorization": "Bearer \(FakeServices.goodToken)"],
                    body: payload.serialized()))
        }
        while gateway.metrics.prometheusText().contains("folio_gateway_inflight_requests 0\n") {
            try await Task.sleep(for: .milliseconds(5))
        }
        await gateway.shutdown()
        let response = try await pending.value
        XCTAssertEqual(response.status, 200)
        XCTAssertEqual(try JSONParser.parse(response.body)["result"]?["model"], "late")
        do {
            _ = try await http.send(HTTPClientRequest(url: "http://127.0.0.1:\(gateway.port)/healthz"))
            XCTFail("the gateway stopped accepting connections")
        } catch let error as HTTPClientError {
            XCTAssertEqual(error, .connectionFailed)
        }
        await slow.cancel()
    }

    func testExecutableServesAndExitsCleanlyOnSIGTERM() async throws {
        let executable = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
            .appendingPathComponent("folio-gateway")
        XCTAssertTrue(FileManager.default.isExecutableFile(atPath: executable.path), "build folio-gateway first")
        let logs = Pipe()
        let lines = LogLines(logs.fileHandleForReading)
        let process = try ChildProcess(
            executable: executable.path,
            environment: [
                "FOLIO_NATS_URL": try TestEnvironment.natsURL(), "FOLIO_GATEWAY_PORT": "0", "FOLIO_LOG_LEVEL": "info",
            ].merging(try TestEnvironment.natsCredentials(user: "gateway")) { _, credential in credential },
            output: .descriptor(logs.fileHandleForWriting.fileDescriptor))
        try logs.fileHandleForWriting.close()
        defer { process.terminate() }

        let listening = try await lines.first { $0["message"] == "gateway listening" }
        let port = try XCTUnwrap(listening["port"]?.stringValue)
        let http = HTTPClient()
        let health = try await http.send(HTTPClientRequest(url: "http://127.0.0.1:\(port)/healthz"))
        XCTAssertEqual(health.status, 200)
        let ready = try await http.send(HTTPClientRequest(url: "http://127.0.0.1:\(port)/readyz"))
        XCTAssertEqual(ready.status, 200)
        let call = try await http.send(
            HTTPClientRequest(
                method: "POST", url: "http://127.0.0.1:\(port)/rpc",
                headers: ["Content-Type": "application/json", "X-Request-Id": "exe-1"],
                body: Array(#"{"jsonrpc":"2.0","method":"rpc.discover","id":1}"#.utf8)))
        XCTAssertEqual(try JSONParser.parse(call.body)["result"]?["openrpc"], "1.2.6")
        let logged = try await lines.first { $0["request_id"] == "exe-1" }
        XCTAssertEqual(logged["path"], "/rpc")
        XCTAssertEqual(logged["status"], "200")
        XCTAssertEqual(logged["rpc_methods"], "rpc.discover")

        process.terminate()
        _ = try await lines.first { $0["message"] == "gateway stopped" }
        let status = await process.exited()
        XCTAssertEqual(status, 0)
    }
}

/// The JSON log lines of a child process, read on a dedicated thread.
final class LogLines: Sendable {
    private let stream: AsyncStream<JSONValue>

    init(_ handle: FileHandle) {
        let (stream, continuation) = AsyncStream<JSONValue>.makeStream()
        self.stream = stream
        Thread {
            var buffer: [UInt8] = []
            while true {
                let data = handle.availableData
                if data.isEmpty { break }
                buffer += data
                while let newline = buffer.firstIndex(of: 0x0A) {
                    if let line = try? JSONParser.parse(Array(buffer[..<newline])) { continuation.yield(line) }
                    buffer.removeSubrange(...newline)
                }
            }
            continuation.finish()
        }.start()
    }

    struct NotFound: Error {}

    /// The next line that matches; lines before it are consumed.
    func first(where predicate: (JSONValue) -> Bool) async throws -> JSONValue {
        for await line in stream where predicate(line) { return line }
        throw NotFound()
    }
}
