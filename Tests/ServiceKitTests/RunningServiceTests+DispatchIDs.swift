import Bus
import FolioModel
import ServiceKit
import StoreKit
import XCTest

extension RunningServiceTests {
    /// A service of its own (a fresh name) started as worker "first" on `bus`, and an example store it mounted for
    /// `runtime`.
    fileprivate func mountedOnFirstWorker(_ bus: InProcessBus, runtime: String) async throws
        -> (name: String, service: RunningService, store: StoreID)
    {
        let name = "svc\(RandomID.base32(count: 6))"
        let service = try await RunningService.start(
            exampleDefinition(name: name), configuration: try configuration(worker: "first"), transport: bus)
        let mounted = try await BusClient(transport: bus).call(
            BusSubjects.rpc(name), "example.mount", ["runtimeId": .string(runtime)])
        return (name, service, try XCTUnwrap(mounted["storeId"]?.stringValue.flatMap(StoreID.init)))
    }

    /// The keys of the last actions travel in the snapshot: a worker that adopts the store does not apply again an
    /// action the client sends again because the answer of the first worker was lost.
    func testAnActionSentAgainUnderItsKeyToTheWorkerThatAdoptedTheStoreIsNotAppliedAgain() async throws {
        let bus = InProcessBus()
        let client = BusClient(transport: bus)
        let (name, first, id) = try await mountedOnFirstWorker(bus, runtime: "rt-keys")
        let dispatch: JSONValue = [
            "storeId": .string(id.rawValue), "runtimeId": "rt-keys", "dispatchId": "press-1",
            "action": ["type": "INCREMENT", "value": ["by": 3]],
        ]
        _ = try await client.call(BusSubjects.store(id), "store.dispatch", dispatch)
        await first.stop()

        let second = try await RunningService.start(
            exampleDefinition(name: name), configuration: try configuration(worker: "second"), transport: bus)
        let adopted = try await client.call(BusSubjects.rpc(name), "store.adopt", ["storeId": .string(id.rawValue)])
        XCTAssertEqual(adopted, ["adopted": true])
        _ = try await client.call(BusSubjects.store(id), "store.dispatch", dispatch)
        let state = try await client.call(
            BusSubjects.store(id), "store.state", ["storeId": .string(id.rawValue), "runtimeId": "rt-keys"])
        XCTAssertEqual(state["model"]?["count"], 3, "applied once, by the first worker")
        await second.stop()
    }
}

extension RunningServiceTests {
    /// Two calls that found no worker for a store at once both ask to adopt it: the second waits for the first
    /// instead of finding the snapshot already this worker's and answering that the store is unknown.
    func testTwoAdoptionsOfOneStoreAtOnceBothAnswerAdopted() async throws {
        let bus = InProcessBus()
        let client = BusClient(transport: bus)
        let (name, first, id) = try await mountedOnFirstWorker(bus, runtime: "rt-twice")
        _ = try await client.call(
            BusSubjects.store(id), "store.dispatch",
            [
                "storeId": .string(id.rawValue), "runtimeId": "rt-twice",
                "action": ["type": "INCREMENT", "value": ["by": 2]],
            ])
        await first.stop()

        let second = try await RunningService.start(
            exampleDefinition(name: name), configuration: try configuration(worker: "second"), transport: bus)
        let answers = try await withThrowingTaskGroup(of: JSONValue.self) { group in
            for _ in 0..<4 {
                group.addTask {
                    try await client.call(BusSubjects.rpc(name), "store.adopt", ["storeId": .string(id.rawValue)])
                }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        XCTAssertEqual(answers, Array(repeating: ["adopted": true], count: 4))
        let state = try await client.call(
            BusSubjects.store(id), "store.state", ["storeId": .string(id.rawValue), "runtimeId": "rt-twice"])
        XCTAssertEqual(state["model"]?["count"], 2)
        await second.stop()
    }
}
