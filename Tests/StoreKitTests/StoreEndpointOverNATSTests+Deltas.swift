import Bus
import FolioModel
import StoreKit
import StoreKitTesting
import XCTest

/// `store.next` with `delta` (the default), over the bus: the patch from the version the client holds, or the
/// whole model when the store does not keep it or the client says `delta: false`.
extension StoreEndpointOverNATSTests {
    func testStoreNextWithDeltaAnswersThePatchFromTheClientsVersionWhichAppliedGivesTheModel() async throws {
        let id = try await mount(runtime: "rt-a", initialCount: 10)
        let first = try await call(id, "store.state", runtime: "rt-a")
        var held = try XCTUnwrap(first["model"])
        let unchanged = try await call(
            id, "store.next", runtime: "rt-a", ["afterVersion": 0, "timeoutMs": 0, "delta": true])
        XCTAssertEqual(unchanged, ["version": 0, "baseVersion": 0, "patch": []], "nothing changed: an empty patch")

        _ = try await call(
            id, "store.dispatch", runtime: "rt-a", ["action": ["type": "INCREMENT", "value": ["by": 5]]])
        let answer = try await call(
            id, "store.next", runtime: "rt-a", ["afterVersion": 0, "timeoutMs": 5000, "delta": true])
        XCTAssertEqual(answer["baseVersion"], 0)
        held = try JSONPatch(json: try XCTUnwrap(answer["patch"])).apply(to: held)
        let state = try await call(id, "store.state", runtime: "rt-a")
        XCTAssertEqual(answer["version"], state["version"])
        XCTAssertEqual(held, state["model"])
        XCTAssertEqual(held["count"], 15)
    }

    func testStoreNextAnswersThePatchByDefault() async throws {
        let id = try await mount(runtime: "rt-a", initialCount: 4)
        let first = try await call(id, "store.state", runtime: "rt-a")
        let unchanged = try await call(id, "store.next", runtime: "rt-a", ["afterVersion": 0, "timeoutMs": 0])
        XCTAssertEqual(unchanged, ["version": 0, "baseVersion": 0, "patch": []], "nothing changed: an empty patch")
        _ = try await call(
            id, "store.dispatch", runtime: "rt-a", ["action": ["type": "INCREMENT", "value": ["by": 2]]])
        let answer = try await call(id, "store.next", runtime: "rt-a", ["afterVersion": 0, "timeoutMs": 5000])
        XCTAssertEqual(answer["baseVersion"], 0)
        let held = try JSONPatch.wholeModel(of: answer, holding: first)
        XCTAssertEqual(held["model"]?["count"], 6)
    }

    func testTheChangeThatEndsTheFirstWaitComesAsAPatch() async throws {
        let id = try await mount(runtime: "rt-a", initialCount: 1)
        let first = try await call(id, "store.state", runtime: "rt-a")
        let client = self.client
        let poll = Task {
            try await client.call(
                BusSubjects.store(id), "store.next",
                ["storeId": .string(id.rawValue), "runtimeId": "rt-a", "afterVersion": 0, "timeoutMs": 5000])
        }
        // The dispatch goes once the poll waits in the store, not after a guessed pause.
        let mounted = try await registry.store(id, runtimeID: "rt-a")
        let host = try XCTUnwrap(mounted as? StoreHost<ExampleCounter>)
        for _ in 0..<500 where await host.waitingSubscriberCount == 0 { try await Task.sleep(for: .milliseconds(10)) }
        let waiting = await host.waitingSubscriberCount
        XCTAssertEqual(waiting, 1, "the poll waits in the store")
        _ = try await call(
            id, "store.dispatch", runtime: "rt-a", ["action": ["type": "INCREMENT", "value": ["by": 1]]])
        let answer = try await poll.value
        XCTAssertEqual(answer["baseVersion"], 0, "the poll asked for patches before it waited: \(answer)")
        XCTAssertEqual(try JSONPatch.wholeModel(of: answer, holding: first)["model"]?["count"], 2)
    }

    func testStoreNextWithDeltaFalseAnswersTheWholeModel() async throws {
        let id = try await mount(runtime: "rt-a", initialCount: 1)
        _ = try await call(id, "store.next", runtime: "rt-a", ["afterVersion": 0, "timeoutMs": 0, "delta": true])
        _ = try await call(
            id, "store.dispatch", runtime: "rt-a", ["action": ["type": "INCREMENT", "value": ["by": 1]]])
        let answer = try await call(
            id, "store.next", runtime: "rt-a", ["afterVersion": 0, "timeoutMs": 5000, "delta": false])
        XCTAssertNil(answer["patch"])
        XCTAssertEqual(answer["model"]?["count"], 2)
    }
}
