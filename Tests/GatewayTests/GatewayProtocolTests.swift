import Bus
import FolioAPI
import FolioModel
import GatewayService
import HTTP
import XCTest

/// JSON-RPC 2.0 and HTTP edge cases of `POST /rpc`.
final class GatewayProtocolTests: XCTestCase {
    func testMalformedJSONIsParseError() async throws {
        let harness = try await GatewayHarness()
        for body in ["{\"jsonrpc\": \"2.0\", \"method\": ", "", "[1,", "{'a': 1}", "\u{FEFF}{}"] {
            let response = try await harness.post(body)
            XCTAssertEqual(response.status, 200, body)
            let json = try JSONParser.parse(response.body)
            XCTAssertEqual(errorCode(json), -32700, body)
            XCTAssertEqual(json["id"], .null)
        }
        await harness.stop()
    }

    func testWrongEnvelopeIsInvalidRequest() async throws {
        let harness = try await GatewayHarness()
        let cases: [JSONValue] = [
            ["jsonrpc": "1.0", "method": "inquiry.health", "id": 5],
            ["jsonrpc": "2.0", "method": 12, "id": 6],
            ["jsonrpc": "2.0", "method": "inquiry.health", "params": "x", "id": 7],
            ["method": "inquiry.health", "id": 8],
            "just a string",
            [],
        ]
        for payload in cases {
            let (status, body) = try await harness.rpc(payload)
            XCTAssertEqual(status, 200)
            XCTAssertEqual(errorCode(body), -32600, "\(payload)")
            XCTAssertEqual(body?["id"], payload["id"] ?? .null, "the id is echoed when it could be read")
        }
        await harness.stop()
    }

    func testBatchAnswersResultsAndErrorsButNotNotifications() async throws {
        let harness = try await GatewayHarness()
        let payload: JSONValue = [
            ["jsonrpc": "2.0", "method": "inquiry.health", "id": 1],
            ["jsonrpc": "2.0", "method": "nope.call", "id": "two"],
            ["jsonrpc": "2.0", "method": "inquiry.health"],
            42,
            ["jsonrpc": "2.0", "method": "example.mount", "id": 3],
            ["jsonrpc": "2.0", "method": "store.state", "params": ["storeId": "bogus"], "id": 4],
        ]
        let (status, body) = try await harness.rpc(payload)
        XCTAssertEqual(status, 200)
        let responses = try XCTUnwrap(body?.arrayValue)
        XCTAssertEqual(responses.count, 5)
        func response(_ id: JSONValue) -> JSONValue? { responses.first { $0["id"] == id } }
        XCTAssertEqual(response(1)?["result"]?["service"], "inquiry")
        XCTAssertEqual(errorCode(response("two")), -32601)
        XCTAssertEqual(errorCode(response(.null)), -32600)
        XCTAssertEqual(errorCode(response(3)), code(.unauthorized))
        XCTAssertEqual(errorCode(response(4)), code(.unauthorized), "authentication comes before store routing")
        XCTAssertEqual(harness.services.healthCalls, 2, "the notification was forwarded too")

        let authorized = try await harness.rpc(payload, token: FakeServices.goodToken)
        let authorizedResponses = try XCTUnwrap(authorized.body?.arrayValue)
        XCTAssertEqual(authorizedResponses.first { $0["id"] == 3 }?["result"]?["receivedRuntimeId"], "rt_a")
        XCTAssertEqual(errorCode(authorizedResponses.first { $0["id"] == 4 }), code(.unknownStore))
        XCTAssertEqual(harness.services.verifyCalls, 1, "one verification per HTTP request, then the cache")
        await harness.stop()
    }

    func testNotificationsOnlyAnswer204WithoutBody() async throws {
        let harness = try await GatewayHarness()
        let batch: JSONValue = [
            ["jsonrpc": "2.0", "method": "inquiry.health"],
            ["jsonrpc": "2.0", "method": "inquiry.health", "params": []],
            ["jsonrpc": "2.0", "method": "nope.call"],
        ]
        let batchResponse = try await harness.post(batch.serialized())
        XCTAssertEqual(batchResponse.status, 204)
        XCTAssertEqual(batchResponse.body, [])

        let single: JSONValue = ["jsonrpc": "2.0", "method": "inquiry.health"]
        let singleResponse = try await harness.post(single.serialized())
        XCTAssertEqual(singleResponse.status, 204)
        XCTAssertEqual(singleResponse.body, [])
        XCTAssertEqual(harness.services.healthCalls, 3)
        await harness.stop()
    }

    func testBatchLargerThanTheLimitIsInvalidRequest() async throws {
        var configuration = GatewayHarness.testConfiguration()
        configuration.maxBatchSize = 3
        let harness = try await GatewayHarness(configuration: configuration)
        let call: JSONValue = ["jsonrpc": "2.0", "method": "inquiry.health", "id": 1]
        let (_, body) = try await harness.rpc(.array(Array(repeating: call, count: 4)))
        XCTAssertEqual(errorCode(body), -32600)
        XCTAssertEqual(harness.services.healthCalls, 0)
        await harness.stop()
    }

    func testOversizedBodyIs413WithAJSONRPCError() async throws {
        var configuration = GatewayHarness.testConfiguration()
        configuration.maxBodyBytes = 4096
        let harness = try await GatewayHarness(configuration: configuration)
        let payload: JSONValue = [
            "jsonrpc": "2.0", "method": "inquiry.health",
            "params": ["padding": .string(String(repeating: "x", count: 5000))],
            "id": 1,
        ]
        let response = try await harness.post(payload.serialized())
        XCTAssertEqual(response.status, 413)
        let body = try JSONParser.parse(response.body)
        XCTAssertEqual(errorCode(body), code(.payloadTooLarge))
        XCTAssertEqual(body["error"]?["data"]?["type"], "PAYLOAD_TOO_LARGE")
        XCTAssertEqual(body["id"], .null)
        XCTAssertEqual(harness.services.healthCalls, 0)
        await harness.stop()
    }

    func testTooDeepJSONIsRefused() async throws {
        var configuration = GatewayHarness.testConfiguration()
        configuration.maxJSONDepth = 8
        let harness = try await GatewayHarness(configuration: configuration)
        let deep = String(repeating: "[", count: 20) + String(repeating: "]", count: 20)
        let response = try await harness.post(
            "{\"jsonrpc\":\"2.0\",\"method\":\"runtime.create\",\"params\":{\"capabilities\":\(deep)},\"id\":1}")
        XCTAssertEqual(errorCode(try JSONParser.parse(response.body)), -32700)
        let fine = try await harness.post(
            "{\"jsonrpc\":\"2.0\",\"method\":\"runtime.create\",\"params\":{\"organizationId\":\"org_1\",\"capabilities\":[[1]]},\"id\":1}"
        )
        XCTAssertNil(try JSONParser.parse(fine.body)["error"])
        await harness.stop()
    }

    func testOnlyPostWithJSONIsAccepted() async throws {
        let harness = try await GatewayHarness()
        let get = try await harness.get("/rpc")
        XCTAssertEqual(get.status, 405)
        XCTAssertEqual(get.headers["allow"], "POST")
        XCTAssertEqual(errorCode(try JSONParser.parse(get.body)), -32600)

        let body = Array(#"{"jsonrpc":"2.0","method":"inquiry.health","id":1}"#.utf8)
        let plain = try await harness.post(body, contentType: "text/plain")
        XCTAssertEqual(plain.status, 415)
        let none = try await harness.post(body, contentType: nil)
        XCTAssertEqual(none.status, 415)
        let charset = try await harness.post(body, contentType: "application/json; charset=utf-8")
        XCTAssertEqual(charset.status, 200)
        XCTAssertEqual(harness.services.healthCalls, 1)

        let unknownPath = try await harness.get("/nothing-here")
        XCTAssertEqual(unknownPath.status, 404)
        await harness.stop()
    }

    func testRequestIDIsEchoedOrGenerated() async throws {
        let harness = try await GatewayHarness()
        let payload = Array(#"{"jsonrpc":"2.0","method":"inquiry.health","id":1}"#.utf8)
        let given = try await harness.post(payload, headers: ["X-Request-Id": "req-42"])
        XCTAssertEqual(given.headers["x-request-id"], "req-42")
        let generated = try await harness.post(payload)
        let first = try XCTUnwrap(generated.headers["x-request-id"])
        XCTAssertFalse(first.isEmpty)
        let again = try await harness.post(payload)
        XCTAssertNotEqual(again.headers["x-request-id"], first)
        let tooLong = try await harness.post(payload, headers: ["X-Request-Id": String(repeating: "a", count: 300)])
        XCTAssertNotEqual(tooLong.headers["x-request-id"], String(repeating: "a", count: 300))
        await harness.stop()
    }

    func testDiscoverEqualsTheOpenRPCDocument() async throws {
        let harness = try await GatewayHarness()
        let discovered = try await harness.call("rpc.discover")
        let document = try await harness.get("/openrpc.json")
        XCTAssertEqual(document.status, 200)
        XCTAssertEqual(document.headers["content-type"], "application/json")
        let served = try JSONParser.parse(document.body)
        XCTAssertEqual(discovered["result"], served)
        XCTAssertEqual(served, OpenRPC.document())
        XCTAssertEqual(served["openrpc"], "1.2.6")
        await harness.stop()
    }

    func testTheGatewayStaysUpAfterBadInput() async throws {
        var configuration = GatewayHarness.testConfiguration()
        configuration.maxBodyBytes = 2048
        configuration.maxJSONDepth = 16
        let harness = try await GatewayHarness(configuration: configuration)
        let bad: [[UInt8]] = [
            [0xFF, 0xFE, 0x00, 0x01],
            Array("{\"jsonrpc\":\"2.0\",\"method\":\"inquiry.health\",\"params\":{\"s\":\"\u{1}\"},\"id\":1}".utf8),
            Array("{\"jsonrpc\":\"2.0\",\"method\":\"x\",\"id\":1e999}".utf8),
            Array(String(repeating: "[", count: 100_000).utf8),
            Array(String(repeating: "{\"a\":", count: 1000).utf8),
            Array("\"\\ud800\"".utf8),
            Array(repeating: UInt8(ascii: "x"), count: 3000),
            Array("[[],[[]],{}]".utf8),
            Array("{\"jsonrpc\":\"2.0\",\"method\":\"store.next\",\"params\":{\"storeId\":null},\"id\":{}}".utf8),
            Array("{\"jsonrpc\":\"2.0\",\"method\":\"store.next\",\"params\":[\"exm_\"],\"id\":[]}".utf8),
        ]
        for body in bad {
            let response = try await harness.post(body, token: "garbage")
            XCTAssertTrue([200, 413].contains(response.status), "\(response.status) for \(text(body).prefix(40))")
        }
        let good = try await harness.call("inquiry.health")
        XCTAssertEqual(good["result"]?["service"], "inquiry")
        let metrics = try await harness.get("/metrics")
        XCTAssertEqual(metrics.status, 200)
        await harness.stop()
    }
}
