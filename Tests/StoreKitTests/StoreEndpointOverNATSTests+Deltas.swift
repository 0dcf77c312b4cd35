import FolioModel
import StoreKit
import XCTest

/// `store.next` with `delta`, over the bus: the patch from the version the client holds, or the whole model
/// when the store does not keep it.
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

    func testStoreNextWithoutDeltaAnswersTheWholeModel() async throws {
        let id = try await mount(runtime: "rt-a", initialCount: 1)
        _ = try await call(id, "store.next", runtime: "rt-a", ["afterVersion": 0, "timeoutMs": 0, "delta": true])
        _ = try await call(
            id, "store.dispatch", runtime: "rt-a", ["action": ["type": "INCREMENT", "value": ["by": 1]]])
        let answer = try await call(id, "store.next", runtime: "rt-a", ["afterVersion": 0, "timeoutMs": 5000])
        XCTAssertNil(answer["patch"])
        XCTAssertEqual(answer["model"]?["count"], 2)
    }
}
