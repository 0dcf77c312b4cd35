import Bus
import FolioAPI
import FolioModel
import GatewayService
import HTTP
import XCTest

/// What the Gateway passes on untouched: a service's result as the bytes it sent, a request's params as
/// the bytes the client sent, apart from those it sets itself.
final class GatewayPassThroughTests: XCTestCase {
    /// A Gateway whose `example` service answers every request with the bytes `reply(id)` gives, `id` the
    /// request's id as it came.
    private func harness(answering reply: @escaping @Sendable (String) -> String) async throws -> (
        GatewayHarness, any BusSubscription
    ) {
        let harness = try await GatewayHarness(services: ["auth", "inquiry", "stores"])
        let subscription = try await harness.transport.subscribe(
            subject: BusSubjects.rpc("example"), queueGroup: nil, delivery: .concurrent
        ) { message in
            let id = (try? JSONParser.parse(message.payload))?["id"]?.jsonString ?? "null"
            return .now(Array(reply(id).utf8))
        }
        return (harness, subscription)
    }

    private func stop(_ harness: GatewayHarness, _ subscription: any BusSubscription) async {
        await subscription.cancel()
        await harness.stop()
    }

    private func ping(_ harness: GatewayHarness, id: String = "41") async throws -> String {
        let response = try await harness.post(#"{"jsonrpc":"2.0","id":\#(id),"method":"example.ping"}"#)
        XCTAssertEqual(response.status, 200)
        return String(decoding: response.body, as: UTF8.self)
    }

    func testTheResultReachesTheClientAsTheServiceWroteIt() async throws {
        let (harness, subscription) = try await harness { id in
            #"{ "result" : {"z": [1, 2.50, "\u00e9"], "a" :{}} , "jsonrpc":"2.0", "id":\#(id)}"#
        }
        let body = try await ping(harness, id: #""c-1""#)
        XCTAssertEqual(body, #"{"id":"c-1","jsonrpc":"2.0","result":{"z": [1, 2.50, "\u00e9"], "a" :{}}}"#)
        await stop(harness, subscription)
    }

    func testAServiceErrorIsPassedOnWithTheClientsID() async throws {
        let (harness, subscription) = try await harness { id in
            #"{"jsonrpc":"2.0","id":\#(id),"error":{"code":-32602,"message":"Invalid params","data":"no"}}"#
        }
        let body = try await ping(harness, id: "1.5")
        XCTAssertEqual(
            body, #"{"error":{"code":-32602,"data":"no","message":"Invalid params"},"id":1.5,"jsonrpc":"2.0"}"#)
        await stop(harness, subscription)
    }

    func testAMalformedReplyIsServiceUnavailableNamingWhy() async throws {
        let cases: [(reply: @Sendable (String) -> String, why: String)] = [
            ({ _ in #"{"jsonrpc":"2.0","id":999,"result":"pong"}"# }, "answers no request with id 41"),
            ({ id in #"{"jsonrpc":"2.0","id":\#(id),"result":[1,}"# }, "invalid JSON at byte"),
            ({ id in #"{"jsonrpc":"2.0","id":\#(id)}"# }, "neither result nor error"),
            ({ id in #"{"id":\#(id),"result":1}"# }, "jsonrpc"),
        ]
        for (reply, why) in cases {
            let (harness, subscription) = try await harness(answering: reply)
            let body = try JSONParser.parse(Array(try await ping(harness).utf8))
            XCTAssertEqual(body["id"], 41)
            XCTAssertEqual(body["error"]?["data"]?["type"], "SERVICE_UNAVAILABLE")
            let detail = body["error"]?["data"]?["value"]?["detail"]?.stringValue ?? ""
            XCTAssertTrue(detail.contains("malformed JSON-RPC reply") && detail.contains(why), detail)
            XCTAssertNil(body["result"])
            await stop(harness, subscription)
        }
    }

    func testParamsGoOnAsTheClientSentThemWithTheRuntimeID() async throws {
        let harness = try await GatewayHarness()
        let store = harness.services.echoStore.rawValue
        let body =
            #"{"jsonrpc":"2.0","id":3,"method":"store.dispatch","params":{ "action" : {"type":"NEXT", "z": [1, 2.50]}, "runtimeId":"rt_evil", "storeId":"\#(store)"}}"#
        let response = try await harness.post(body, token: FakeServices.goodToken)
        let answer = try JSONParser.parse(response.body)
        XCTAssertEqual(answer["result"]?["params"]?["action"], ["type": "NEXT", "z": [1, 2.5]])
        let forwarded = try XCTUnwrap(harness.recording?.messages.last { $0.subject.contains(".store.") })
        XCTAssertEqual(
            String(decoding: forwarded.payload, as: UTF8.self),
            #"{"id":3,"jsonrpc":"2.0","method":"store.dispatch","params":{"action":{"type":"NEXT", "z": [1, 2.50]},"runtimeId":"rt_a","storeId":"\#(store)"}}"#
        )
        await harness.stop()
    }

    func testABatchAndPositionalParamsAreStillRead() async throws {
        let harness = try await GatewayHarness()
        let store = harness.services.echoStore.rawValue
        let body =
            #"[{"jsonrpc":"2.0","id":1,"method":"store.dispatch","params":["\#(store)",{"type":"NEXT"}]},{"jsonrpc":"2.0","id":2,"method":"example.mount","params":{"initialCount":4}}]"#
        let response = try await harness.post(body, token: FakeServices.goodToken)
        let answers = try XCTUnwrap(try JSONParser.parse(response.body).arrayValue)
        XCTAssertEqual(answers.count, 2)
        XCTAssertEqual(answers[0]["result"]?["params"]?["action"], ["type": "NEXT"])
        XCTAssertEqual(answers[0]["result"]?["params"]?["runtimeId"], "rt_a")
        XCTAssertEqual(answers[1]["result"]?["initialCount"], 4)
        XCTAssertEqual(answers[1]["result"]?["receivedRuntimeId"], "rt_a")
        await harness.stop()
    }
}
