import Bus
import FolioModel
import Foundation
import ServiceKit
import StoreKit
import XCTest

/// What a client was handed stays adoptable: a store its worker never changed, and a store whose first adoption
/// failed half-way on the worker that tried; and an adopted store runs on one worker only.
extension RunningServiceTests {
    /// A store mounted with `params` on a worker named "first" of a new service, on a bus of its own.
    func storeOnAFirstWorker(_ params: JSONValue) async throws -> (
        bus: InProcessBus, client: BusClient, name: String, id: StoreID, first: RunningService
    ) {
        let bus = InProcessBus()
        let client = BusClient(transport: bus)
        let name = "svc\(RandomID.base32(count: 6))"
        let first = try await RunningService.start(
            exampleDefinition(name: name), configuration: try configuration(worker: "first"), transport: bus)
        let mounted = try await client.call(BusSubjects.rpc(name), "example.mount", params)
        let id = try XCTUnwrap(mounted["storeId"]?.stringValue.flatMap(StoreID.init))
        return (bus, client, name, id, first)
    }

    func testAStoreWhoseWorkerIsGoneBeforeItChangedIsAdoptedAsItWasMounted() async throws {
        let (bus, client, name, id, first) = try await storeOnAFirstWorker(["runtimeId": "rt-fresh", "initialCount": 5])
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

    /// Two calls that find the store's worker gone reach two workers at once: one takes the store over, the other
    /// leaves it to that one. Two workers serving one store would both apply every action.
    func testTwoWorkersAdoptingOneStoreAtOnceLeaveItWithOneOfThem() async throws {
        let (bus, client, name, id, first) = try await storeOnAFirstWorker(["runtimeId": "rt-twice"])
        await first.stop()

        let second = try await RunningService.start(
            exampleDefinition(name: name), configuration: try configuration(worker: "second"), transport: bus)
        let third = try await RunningService.start(
            exampleDefinition(name: name), configuration: try configuration(worker: "third"), transport: bus)
        // The queue group takes its members in turn: one call reaches each worker.
        async let one = client.call(BusSubjects.rpc(name), "store.adopt", ["storeId": .string(id.rawValue)])
        async let other = client.call(BusSubjects.rpc(name), "store.adopt", ["storeId": .string(id.rawValue)])
        let answers = try await [one, other]
        XCTAssertEqual(answers, [["adopted": true], ["adopted": true]], "both calls may go on to the store")
        let hosting = [await second.context.registry.hosts(id), await third.context.registry.hosts(id)]
        XCTAssertEqual(hosting.filter { $0 }.count, 1, "hosted by \(hosting)")
        await second.stop()
        await third.stop()
    }

    func testAWorkerTakesAStoreOnlyFromTheOwnerItReadOrFromItself() async throws {
        let pool = try await ServiceKitTestDatabase.migratedPool()
        func worker(_ name: String) -> PostgresSnapshots {
            PostgresSnapshots(database: pool, service: "adopttest", worker: name)
        }
        let id = StoreID.generate(for: .example)
        try await worker("w1").save(
            StoreSnapshot(
                storeID: id, kind: "example", runtimeID: "rt", version: 1, state: ["n": 1], pendingEffects: []))
        let owner = try await worker("w2").owner(of: id)
        XCTAssertEqual(owner, "w1")

        let taken = try await worker("w2").adopt(id, from: "w1")
        XCTAssertEqual(taken?.state, ["n": 1])
        let late = try await worker("w3").adopt(id, from: "w1")
        XCTAssertNil(late, "w1 no longer holds it")
        let newOwner = try await worker("w3").owner(of: id)
        XCTAssertEqual(newOwner, "w2")
        let again = try await worker("w2").adopt(id, from: "w1")
        XCTAssertEqual(again?.version, 1, "a worker may take again a store it holds")

        try await worker("w2").delete(id)
        let none = try await worker("w2").owner(of: id)
        XCTAssertNil(none)
        await pool.close()
    }

    func testAnAdoptionThatFailedOnAWorkerIsTakenUpAgainByItsNextAdoption() async throws {
        let (bus, client, name, id, first) = try await storeOnAFirstWorker(["runtimeId": "rt-again"])
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
