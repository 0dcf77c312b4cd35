import Bus
import FolioModel
import Foundation
import ServiceKit
import StoreKit
import XCTest

/// What a client was handed stays adoptable: a store its worker never changed, and a store whose first adoption
/// failed half-way on the worker that tried.
extension RunningServiceTests {
    func testAStoreWhoseWorkerIsGoneBeforeItChangedIsAdoptedAsItWasMounted() async throws {
        let bus = InProcessBus()
        let client = BusClient(transport: bus)
        let name = "svc\(RandomID.base32(count: 6))"
        let first = try await RunningService.start(
            exampleDefinition(name: name), configuration: try configuration(worker: "first"), transport: bus)
        let mounted = try await client.call(
            BusSubjects.rpc(name), "example.mount", ["runtimeId": "rt-fresh", "initialCount": 5])
        let id = try XCTUnwrap(mounted["storeId"]?.stringValue.flatMap(StoreID.init))
        await first.stop()

        let second = try await RunningService.start(
            exampleDefinition(name: name), configuration: try configuration(worker: "second"), transport: bus)
        let adopted = try await client.call(BusSubjects.rpc(name), "store.adopt", ["storeId": .string(id.rawValue)])
        XCTAssertEqual(adopted, ["adopted": true])
        let state = try await client.call(
            BusSubjects.store(id), "store.state", ["storeId": .string(id.rawValue), "runtimeId": "rt-fresh"])
        XCTAssertEqual(state["version"], 0)
        XCTAssertEqual(state["model"]?["count"], 5)
        await second.stop()
    }

    func testAnAdoptionThatFailedOnAWorkerIsTakenUpAgainByItsNextAdoption() async throws {
        let bus = InProcessBus()
        let client = BusClient(transport: bus)
        let name = "svc\(RandomID.base32(count: 6))"
        let first = try await RunningService.start(
            exampleDefinition(name: name), configuration: try configuration(worker: "first"), transport: bus)
        let mounted = try await client.call(BusSubjects.rpc(name), "example.mount", ["runtimeId": "rt-again"])
        let id = try XCTUnwrap(mounted["storeId"]?.stringValue.flatMap(StoreID.init))
        _ = try await client.call(
            BusSubjects.store(id), "store.dispatch",
            [
                "storeId": .string(id.rawValue), "runtimeId": "rt-again",
                "action": ["type": "INCREMENT", "value": ["by": 4]],
            ])
        await first.stop()

        let failures = Counter(1)
        let second = try await RunningService.start(
            exampleDefinition(name: name) { if failures.take() { throw RestartRefused() } },
            configuration: try configuration(worker: "second"), transport: bus)
        do {
            _ = try await client.call(BusSubjects.rpc(name), "store.adopt", ["storeId": .string(id.rawValue)])
            XCTFail("the first adoption fails as the store is rebuilt")
        } catch let error as JSONRPCError {
            XCTAssertNotEqual(error.folioCode, .unknownStore)
        }
        let adopted = try await client.call(BusSubjects.rpc(name), "store.adopt", ["storeId": .string(id.rawValue)])
        XCTAssertEqual(adopted, ["adopted": true])
        let state = try await client.call(
            BusSubjects.store(id), "store.state", ["storeId": .string(id.rawValue), "runtimeId": "rt-again"])
        XCTAssertEqual(state["model"]?["count"], 4)
        await second.stop()
    }
}

private struct RestartRefused: Error {}

/// How many more times something should happen, taken one at a time from any thread.
private final class Counter: @unchecked Sendable {
    private var remaining: Int
    private let lock = NSLock()

    init(_ count: Int) { remaining = count }

    func take() -> Bool {
        lock.withLock {
            guard remaining > 0 else { return false }
            remaining -= 1
            return true
        }
    }
}
