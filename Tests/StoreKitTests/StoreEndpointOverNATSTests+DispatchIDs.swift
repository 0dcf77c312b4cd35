import Bus
import FolioModel
import StoreKit
import XCTest

/// `store.dispatch` with a `dispatchId`, over the bus: sent twice, the action is applied once.
extension StoreEndpointOverNATSTests {
    func testADispatchSentTwiceUnderOneKeyIsAppliedOnce() async throws {
        let id = try await mount(runtime: "rt-a", initialCount: 0)
        let increment: JSONValue = ["type": "INCREMENT", "value": ["by": 1]]
        for key in ["first", "first", "second"] {
            let answer = try await call(
                id, "store.dispatch", runtime: "rt-a", ["action": increment, "dispatchId": .string(key)])
            XCTAssertEqual(answer, .null)
        }
        let state = try await call(id, "store.state", runtime: "rt-a")
        XCTAssertEqual(state["model"]?["count"], 2, "the second send of the first key was not applied")
    }

    func testAnEmptyOrTooLongDispatchIdIsInvalidParams() async throws {
        let id = try await mount(runtime: "rt-a")
        for key in ["", String(repeating: "k", count: 129)] {
            do {
                _ = try await call(
                    id, "store.dispatch", runtime: "rt-a",
                    ["action": ["type": "INCREMENT", "value": ["by": 1]], "dispatchId": .string(key)])
                XCTFail("a key of \(key.count) bytes was taken")
            } catch let error as JSONRPCError {
                XCTAssertEqual(error.code, -32602)
            }
        }
    }
}
