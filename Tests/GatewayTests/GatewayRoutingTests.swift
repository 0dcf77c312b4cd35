import Bus
import FolioAPI
import FolioModel
import GatewayService
import HTTP
import XCTest

/// Routing, authentication and runtime id injection of `POST /rpc`.
final class GatewayRoutingTests: XCTestCase {
    func testPublicMethodWorksWithoutAToken() async throws {
        let harness = try await GatewayHarness()
        let response = try await harness.call("inquiry.health", ["runtimeId": "spoofed"])
        XCTAssertEqual(response["result"]?["service"], "inquiry")
        XCTAssertEqual(
            response["result"]?["receivedRuntimeId"], .null, "a client-sent runtimeId never reaches the service")
        XCTAssertEqual(response["id"], 1)
        XCTAssertEqual(harness.services.verifyCalls, 0)
        await harness.stop()
    }

    func testProtectedMethodNeedsAValidToken() async throws {
        let harness = try await GatewayHarness()
        let missing = try await harness.call("example.mount", ["initialCount": 1])
        XCTAssertEqual(errorCode(missing), code(.unauthorized))
        XCTAssertEqual(missing["error"]?["data"]?["type"], "UNAUTHORIZED")
        let bad = try await harness.call("example.mount", ["initialCount": 1], token: "not-a-token")
        XCTAssertEqual(errorCode(bad), code(.unauthorized))
        let good = try await harness.call("example.mount", ["initialCount": 1], token: FakeServices.goodToken)
        XCTAssertNil(good["error"])
        XCTAssertEqual(good["result"]?["storeId"], .string(harness.services.echoStore.rawValue))
        await harness.stop()
    }

    func testMalformedAuthorizationHeaderIsUnauthorized() async throws {
        let harness = try await GatewayHarness()
        let payload: JSONValue = ["jsonrpc": "2.0", "method": "example.mount", "id": 1]
        let response = try await harness.post(
            payload.serialized(), headers: ["Authorization": "Basic \(FakeServices.goodToken)"])
        XCTAssertEqual(errorCode(try JSONParser.parse(response.body)), code(.unauthorized))
        await harness.stop()
    }

    func testRuntimeIDIsInjectedAndOverwritesTheClients() async throws {
        let harness = try await GatewayHarness()
        let named = try await harness.call(
            "example.mount", ["runtimeId": "rt_evil", "initialCount": 3], token: FakeServices.goodToken)
        XCTAssertEqual(named["result"]?["receivedRuntimeId"], "rt_a")
        XCTAssertEqual(named["result"]?["initialCount"], 3)

        let positional = try await harness.call("example.mount", [7], token: FakeServices.otherToken)
        XCTAssertEqual(positional["result"]?["receivedRuntimeId"], "rt_b")
        XCTAssertEqual(positional["result"]?["initialCount"], 7)

        let tooMany = try await harness.call("example.mount", [1, 2], token: FakeServices.goodToken)
        XCTAssertEqual(errorCode(tooMany), -32602)
        await harness.stop()
    }

    func testStoreMethodsRouteByTheStoreIDPrefix() async throws {
        let harness = try await GatewayHarness()
        let services = harness.services
        let example = try await harness.call(
            "store.state", ["storeId": .string(services.echoStore.rawValue)], token: FakeServices.goodToken)
        XCTAssertEqual(example["result"]?["subject"], .string("folio.example.store.\(services.echoStore.rawValue)"))
        XCTAssertEqual(example["result"]?["params"]?["runtimeId"], "rt_a")

        let inquiry = try await harness.call(
            "store.dispatch", [.string(services.inquiryStore.rawValue), ["type": "NEXT"]], token: FakeServices.goodToken
        )
        XCTAssertEqual(inquiry["result"]?["subject"], .string("folio.inquiry.store.\(services.inquiryStore.rawValue)"))
        XCTAssertEqual(inquiry["result"]?["method"], "store.dispatch")
        XCTAssertEqual(inquiry["result"]?["params"]?["action"], ["type": "NEXT"])
        XCTAssertEqual(inquiry["result"]?["params"]?["runtimeId"], "rt_a")
        await harness.stop()
    }

    func testUnknownOrMalformedStoreIDIsUnknownStore() async throws {
        let harness = try await GatewayHarness()
        for storeID: JSONValue in ["bogus", "zzz_abcdefghijklmnopqrstuvwxyz", "exm_ABCDEFGHIJKLMNOPQRSTUVWXYZ", 42] {
            let response = try await harness.call("store.state", ["storeId": storeID], token: FakeServices.goodToken)
            XCTAssertEqual(errorCode(response), code(.unknownStore), "\(storeID)")
            XCTAssertEqual(response["error"]?["data"]?["type"], "UNKNOWN_STORE")
        }
        let missing = try await harness.call("store.state", [:], token: FakeServices.goodToken)
        XCTAssertEqual(errorCode(missing), -32602)
        XCTAssertEqual(harness.recording?.subjects.filter { $0.contains(".store.") }, [])
        await harness.stop()
    }

    func testUnknownMethodIsMethodNotFoundWithoutBusTraffic() async throws {
        let harness = try await GatewayHarness()
        for method in ["nope.call", "inquiry.unknown", "store.nothing", "runtime.verifyToken", "noNamespace", ""] {
            let response = try await harness.call(method, [:], token: FakeServices.goodToken)
            XCTAssertEqual(errorCode(response), -32601, method)
        }
        XCTAssertEqual(harness.recording?.subjects, [], "nothing went over the bus, not even a token check")
        await harness.stop()
    }

    func testStoreNextTimeoutIsClamped() async throws {
        let harness = try await GatewayHarness()
        let storeID = JSONValue.string(harness.services.echoStore.rawValue)
        let long = try await harness.call(
            "store.next", ["storeId": storeID, "afterVersion": 0, "timeoutMs": 999_999], token: FakeServices.goodToken)
        XCTAssertEqual(long["result"]?["params"]?["timeoutMs"], .int(StoreMethods.maxNextTimeoutMs))
        let negative = try await harness.call(
            "store.next", ["storeId": storeID, "timeoutMs": -5], token: FakeServices.goodToken)
        XCTAssertEqual(negative["result"]?["params"]?["timeoutMs"], 0)
        let short = try await harness.call(
            "store.next", ["storeId": storeID, "timeoutMs": 1500], token: FakeServices.goodToken)
        XCTAssertEqual(short["result"]?["params"]?["timeoutMs"], 1500)
        await harness.stop()
    }

    func testNoRespondersIsServiceUnavailable() async throws {
        let harness = try await GatewayHarness()
        let vault = try await harness.call("vault.health")
        XCTAssertEqual(errorCode(vault), code(.serviceUnavailable))
        XCTAssertEqual(vault["error"]?["data"]?["type"], "SERVICE_UNAVAILABLE")
        let orphan = StoreID.generate(for: .vault)
        let store = try await harness.call(
            "store.state", ["storeId": .string(orphan.rawValue)], token: FakeServices.goodToken)
        XCTAssertEqual(errorCode(store), code(.serviceUnavailable))
        await harness.stop()
    }

    func testAuthServiceDownIsServiceUnavailableNotUnauthorized() async throws {
        let harness = try await GatewayHarness(services: ["example"])
        let response = try await harness.call("example.mount", [:], token: FakeServices.goodToken)
        XCTAssertEqual(errorCode(response), code(.serviceUnavailable))
        await harness.stop()
    }

    func testSlowServiceIsBusTimeout() async throws {
        var configuration = GatewayHarness.testConfiguration()
        configuration.busTimeout = .milliseconds(200)
        let harness = try await GatewayHarness(configuration: configuration)
        let response = try await harness.call(
            "store.state", ["storeId": .string(harness.services.slowStore.rawValue)], token: FakeServices.goodToken)
        XCTAssertEqual(errorCode(response), code(.busTimeout))
        await harness.stop()
    }

    func testRuntimeShutdownThroughTheGatewayForgetsTheToken() async throws {
        let harness = try await GatewayHarness()
        let before = try await harness.call("example.mount", [:], token: FakeServices.goodToken)
        XCTAssertNil(before["error"])
        let shutdown = try await harness.call("runtime.shutdown", token: FakeServices.goodToken)
        XCTAssertEqual(shutdown["result"], .null)
        let after = try await harness.call("example.mount", [:], token: FakeServices.goodToken)
        XCTAssertEqual(errorCode(after), code(.unauthorized))
        await harness.stop()
    }

    func testRuntimeCreateIsPublicAndGetsNoRuntimeID() async throws {
        let harness = try await GatewayHarness()
        let response = try await harness.call(
            "runtime.create", ["organizationId": "org_1", "runtimeId": "rt_a"], token: FakeServices.goodToken)
        XCTAssertEqual(response["result"]?["runtimeId"], "rt_new")
        XCTAssertEqual(response["result"]?["receivedRuntimeId"], .null)
        XCTAssertEqual(harness.services.verifyCalls, 0)
        await harness.stop()
    }

    func testEveryMethodRefusesAParamItDoesNotDeclareNamingIt() async throws {
        let harness = try await GatewayHarness()
        for spec in FolioAPI.methods {
            let response = try await harness.call(
                spec.name, ["runtimeId": "rt_evil", "bogusMember": 1], token: FakeServices.goodToken)
            XCTAssertEqual(errorCode(response), -32602, spec.name)
            let detail = response["error"]?["data"]?.stringValue ?? ""
            XCTAssertTrue(detail.contains("bogusMember"), "\(spec.name): \(detail)")
            XCTAssertFalse(detail.contains("runtimeId"), "the Gateway's own runtimeId is allowed: \(spec.name)")
        }
        await harness.stop()
    }

    func testDeclaredParamsByNameStillPass() async throws {
        let harness = try await GatewayHarness()
        let response = try await harness.call(
            "example.mount", ["initialCount": 2, "runtimeId": "rt_evil"], token: FakeServices.goodToken)
        XCTAssertNil(response["error"])
        XCTAssertEqual(response["result"]?["initialCount"], 2)
        await harness.stop()
    }

    func testStoreNextAndRuntimeShutdownWithTheTokenOfAShutDownRuntimeAnswerNullAndEveryOtherCallIsUnauthorized()
        async throws
    {
        let harness = try await GatewayHarness()
        let storeID = JSONValue.string(harness.services.echoStore.rawValue)
        let shutdown = try await harness.call("runtime.shutdown", token: FakeServices.goodToken)
        XCTAssertEqual(shutdown["result"], .null)
        let next = try await harness.call(
            "store.next", ["storeId": storeID, "afterVersion": 3, "timeoutMs": 25000], token: FakeServices.goodToken)
        XCTAssertNil(next["error"], "\(next)")
        XCTAssertEqual(next["result"], .null)
        let positional = try await harness.call("store.next", [storeID], token: FakeServices.goodToken)
        XCTAssertEqual(positional["result"], .null, "\(positional)")
        let again = try await harness.call("runtime.shutdown", token: FakeServices.goodToken)
        XCTAssertNil(again["error"], "a shutdown sent again (its answer lost) finds what it asked for: \(again)")
        XCTAssertEqual(again["result"], .null)
        let missing = try await harness.call("store.next", [:], token: FakeServices.goodToken)
        XCTAssertEqual(errorCode(missing), -32602, "the params are still checked")
        for (method, params) in [
            ("store.state", ["storeId": storeID]), ("store.dispatch", ["storeId": storeID, "action": ["type": "X"]]),
            ("example.mount", [:]), ("runtime.setLocale", ["locale": "de"]),
        ] as [(String, JSONValue)] {
            let refused = try await harness.call(method, params, token: FakeServices.goodToken)
            XCTAssertEqual(errorCode(refused), code(.unauthorized), method)
        }
        let events = try await harness.get(
            "/events?storeId=\(harness.services.echoStore.rawValue)&token=\(FakeServices.goodToken)")
        XCTAssertEqual(events.status, 401, "the events stream of a shut-down runtime is refused")
        await harness.stop()
    }
}
