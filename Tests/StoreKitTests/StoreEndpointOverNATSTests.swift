import Bus
import FolioAPI
import FolioModel
import StoreKit
import StoreKitTesting
import TestSupport
import XCTest

/// The example store mounted and driven over the real NATS bus, as the Gateway drives every store.
final class StoreEndpointOverNATSTests: XCTestCase {
    var bus: NATSBus!
    var registry: StoreRegistry!
    var subscription: (any BusSubscription)?
    var client: BusClient { BusClient(transport: bus, timeout: .seconds(5)) }

    override func setUp() async throws {
        bus = try await NATSBus.connect(try TestEnvironment.nats(name: "storekit-tests"))
        registry = StoreRegistry()
        let endpoint = StoreEndpoint(service: .example, transport: bus, registry: registry)
        let mount = endpoint.mountMethod(ExampleStoreMethods.mount) { call, runtime, id in
            let initial = call.value("initialCount")?.intValue ?? 0
            return StoreHost(
                id: id, kind: "example", runtime: runtime, reducer: ExampleCounter(),
                initialState: .init(count: initial),
                runEffect: ExampleCounter.effects(echo: { "echo:\($0)" }))
        }
        subscription = try await bus.serve(
            RPCRouter([mount]), subject: BusSubjects.rpc("example"), queueGroup: BusSubjects.queueGroup("example"))
    }

    override func tearDown() async throws {
        await subscription?.cancel()
        await registry.removeAll()
    }

    func mount(runtime: String, initialCount: Int64 = 0) async throws -> StoreID {
        let result = try await client.call(
            BusSubjects.rpc("example"), "example.mount",
            ["runtimeId": .string(runtime), "initialCount": .int(initialCount)])
        return try XCTUnwrap(result["storeId"]?.stringValue.flatMap(StoreID.init))
    }

    func call(_ id: StoreID, _ method: String, runtime: String, _ extra: JSONObject = [:]) async throws
        -> JSONValue
    {
        var params: JSONObject = ["storeId": .string(id.rawValue), "runtimeId": .string(runtime)]
        params.merge(extra) { _, new in new }
        return try await client.call(BusSubjects.store(id), method, .object(params))
    }

    /// `store.next` after the version of `held` (the whole `{version, model}` held), as the whole model.
    func next(_ id: StoreID, runtime: String, holding held: JSONValue) async throws -> JSONValue {
        let answer = try await call(
            id, "store.next", runtime: runtime, ["afterVersion": held["version"] ?? 0, "timeoutMs": 5000])
        return try JSONPatch.wholeModel(of: answer, holding: held)
    }

    func testMountDispatchAndFollowTheModelOverTheBus() async throws {
        let id = try await mount(runtime: "rt-a", initialCount: 10)
        XCTAssertEqual(id.service, .example)
        let initial = try await call(id, "store.state", runtime: "rt-a")
        XCTAssertEqual(initial["version"], 0)
        XCTAssertEqual(initial["model"]?["count"], 10)

        _ = try await call(id, "store.dispatch", runtime: "rt-a", ["action": ["type": "ECHO", "value": ["text": "x"]]])
        var latest = try await next(id, runtime: "rt-a", holding: initial)
        while latest["model"]?["lastEcho"] != "echo:x" {
            latest = try await next(id, runtime: "rt-a", holding: latest)
        }
        XCTAssertEqual(latest["model"]?["pending"], 0)
    }

    func testDispatchesKeepTheirOrderWhileALongPollWaits() async throws {
        let id = try await mount(runtime: "rt-order")
        let client = self.client
        let poll = Task {
            try await client.call(
                BusSubjects.store(id), "store.next",
                ["storeId": .string(id.rawValue), "runtimeId": "rt-order", "afterVersion": 100, "timeoutMs": 2000])
        }
        for n in 1...20 {
            _ = try await call(
                id, "store.dispatch", runtime: "rt-order",
                ["action": ["type": "INCREMENT", "value": ["by": .int(Int64(n))]]])
        }
        let state = try await call(id, "store.state", runtime: "rt-order")
        XCTAssertEqual(state["model"]?["count"], 210, "every dispatch was accepted while next waited")
        _ = try await poll.value
    }

    func testAnotherRuntimesStoreLooksUnknown() async throws {
        let id = try await mount(runtime: "rt-owner")
        do {
            _ = try await call(id, "store.state", runtime: "rt-intruder")
            XCTFail("another runtime must not reach the store")
        } catch let error as JSONRPCError {
            XCTAssertEqual(error.folioCode, .unknownStore)
        }
    }

    func testClosedStoreRefusesDispatchAndNextReturnsNull() async throws {
        let id = try await mount(runtime: "rt-close")
        _ = try await call(id, "store.close", runtime: "rt-close")
        do {
            _ = try await call(id, "store.dispatch", runtime: "rt-close", ["action": ["type": "FRAME"]])
            XCTFail("dispatch after close must fail")
        } catch let error as JSONRPCError {
            XCTAssertEqual(error.folioCode, .storeClosed)
        }
        let next = try await call(id, "store.next", runtime: "rt-close", ["timeoutMs": 100])
        XCTAssertEqual(next, .null)
    }

    func testMalformedActionIsInvalidParams() async throws {
        let id = try await mount(runtime: "rt-bad")
        do {
            _ = try await call(id, "store.dispatch", runtime: "rt-bad", ["action": ["type": "INCREMENT"]])
            XCTFail("expected invalid params")
        } catch let error as JSONRPCError {
            XCTAssertEqual(error.code, -32602)
        }
    }
}
