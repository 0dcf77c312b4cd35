import Bus
import FolioAPI
import FolioModel
import Postgres
import ServiceKit
import StoreKit
import StoreKitTesting
import TestSupport
import XCTest

/// A service started for real against PostgreSQL, on the in-process bus.
final class RunningServiceTests: XCTestCase {
    func configuration(worker: String) throws -> ServiceConfiguration {
        ServiceConfiguration(
            databaseURL: try TestEnvironment.databaseURL(), natsURL: "unused", logLevel: .warning, workerID: worker)
    }

    func exampleDefinition(
        name: String, restarting: @escaping @Sendable () async throws -> Void = {}
    ) -> ServiceDefinition {
        ServiceDefinition(
            name: name,
            migrations: [
                Migration(version: 1, name: "\(name)_things", sql: "CREATE TABLE IF NOT EXISTS \(name)_things (id int)")
            ],
            stores: { context in
                [context.hosting(ExampleCounterStore.self, .init(echo: { $0 }, restarting: restarting))]
            },
            methods: { context in [ServiceHealth.method(HealthMethods.inquiry, context: context)] })
    }

    func testHealthReachesPostgreSQLAndRecordsTheWorker() async throws {
        let bus = InProcessBus()
        let name = "svc\(RandomID.base32(count: 6))"
        let service = try await RunningService.start(
            exampleDefinition(name: name), configuration: try configuration(worker: "w1"), transport: bus)
        let health = try await BusClient(transport: bus).call(BusSubjects.rpc(name), "inquiry.health")
        XCTAssertEqual(health, ["service": .string(name), "database": "ok", "worker": "w1"])
        let rows = try await service.context.database.query(
            "SELECT worker_id FROM service_workers WHERE service = \(name)")
        XCTAssertEqual(try rows.map { try $0.decode(String.self, "worker_id") }, ["w1"])
        await service.stop()
    }

    func testTwoWorkersStartingTogetherApplyEachMigrationOnce() async throws {
        let name = "svc\(RandomID.base32(count: 6))"
        let definition = exampleDefinition(name: name)
        let (configA, configB) = (try configuration(worker: "a"), try configuration(worker: "b"))
        async let first = RunningService.start(definition, configuration: configA, transport: InProcessBus())
        async let second = RunningService.start(definition, configuration: configB, transport: InProcessBus())
        let (a, b) = try await (first, second)
        let rows = try await a.context.database.query("SELECT version FROM \(unescaped: name)_schema_migrations")
        XCTAssertEqual(try rows.map { try $0.decode(Int.self, "version") }, [1])
        await a.stop()
        await b.stop()
    }

    func testRuntimeShutdownEventClosesThatRuntimesStores() async throws {
        let bus = InProcessBus()
        let name = "svc\(RandomID.base32(count: 6))"
        let service = try await RunningService.start(
            exampleDefinition(name: name), configuration: try configuration(worker: "w"), transport: bus)
        let client = BusClient(transport: bus)
        let mounted = try await client.call(BusSubjects.rpc(name), "example.mount", ["runtimeId": "rt-x"])
        let id = try XCTUnwrap(mounted["storeId"]?.stringValue.flatMap(StoreID.init))
        try await bus.publish(subject: BusSubjects.runtimeShutdown, payload: Array(#"{"runtimeId":"rt-x"}"#.utf8))
        do {
            _ = try await client.call(
                BusSubjects.store(id), "store.dispatch",
                ["storeId": .string(id.rawValue), "runtimeId": "rt-x", "action": ["type": "FRAME"]])
            XCTFail("dispatch after the runtime shut down must fail")
        } catch let error as JSONRPCError {
            XCTAssertEqual(error.folioCode, .runtimeShutDown)
        }
        await service.stop()
    }

    /// Nothing adopts a store of a runtime that shut down, so none of its snapshots stays: neither that of a store
    /// a worker hosts nor that of one whose worker is gone.
    func testARuntimeShutdownLeavesNoSnapshotOfItsStores() async throws {
        let bus = InProcessBus()
        let name = "svc\(RandomID.base32(count: 6))"
        let client = BusClient(transport: bus)
        let gone = try await RunningService.start(
            exampleDefinition(name: name), configuration: try configuration(worker: "gone"), transport: bus)
        let orphan = try await client.call(BusSubjects.rpc(name), "example.mount", ["runtimeId": "rt-end"])
        await gone.stop()
        let service = try await RunningService.start(
            exampleDefinition(name: name), configuration: try configuration(worker: "w"), transport: bus)
        let hosted = try await client.call(BusSubjects.rpc(name), "example.mount", ["runtimeId": "rt-end"])
        let other = try await client.call(BusSubjects.rpc(name), "example.mount", ["runtimeId": "rt-stays"])
        let snapshots = service.context.snapshots
        func stored(_ mounted: JSONValue) async throws -> Bool {
            let id = try XCTUnwrap(mounted["storeId"]?.stringValue.flatMap(StoreID.init))
            return try await snapshots.load(id) != nil
        }
        let before = [try await stored(orphan), try await stored(hosted)]
        XCTAssertEqual(before, [true, true])

        try await bus.publish(subject: BusSubjects.runtimeShutdown, payload: Array(#"{"runtimeId":"rt-end"}"#.utf8))
        var after = before
        for _ in 0..<100 where after != [false, false] {
            try await Task.sleep(for: .milliseconds(20))
            after = [try await stored(orphan), try await stored(hosted)]
        }
        XCTAssertEqual(after, [false, false])
        let otherStored = try await stored(other)
        XCTAssertTrue(otherStored, "another runtime's store keeps its snapshot")
        await service.stop()
    }

    func testStoreSnapshotsReachPostgreSQL() async throws {
        let bus = InProcessBus()
        let name = "svc\(RandomID.base32(count: 6))"
        let service = try await RunningService.start(
            exampleDefinition(name: name), configuration: try configuration(worker: "w"), transport: bus)
        let client = BusClient(transport: bus)
        let mounted = try await client.call(BusSubjects.rpc(name), "example.mount", ["runtimeId": "rt-snap"])
        let id = try XCTUnwrap(mounted["storeId"]?.stringValue.flatMap(StoreID.init))
        _ = try await client.call(
            BusSubjects.store(id), "store.dispatch",
            [
                "storeId": .string(id.rawValue), "runtimeId": "rt-snap",
                "action": ["type": "INCREMENT", "value": ["by": 7]],
            ])
        let snapshots = service.context.snapshots
        var snapshot = try await snapshots.load(id)
        for _ in 0..<50 where snapshot == nil {
            try await Task.sleep(for: .milliseconds(20))
            snapshot = try await snapshots.load(id)
        }
        XCTAssertEqual(snapshot?.version, 1)
        XCTAssertEqual(snapshot?.state["count"], 7)
        XCTAssertEqual(snapshot?.runtimeID, "rt-snap")
        await service.stop()
    }

    func testAnotherWorkerAdoptsAStoreWhoseWorkerIsGoneFromItsSnapshot() async throws {
        let bus = InProcessBus()
        let name = "svc\(RandomID.base32(count: 6))"
        let first = try await RunningService.start(
            exampleDefinition(name: name), configuration: try configuration(worker: "first"), transport: bus)
        let client = BusClient(transport: bus)
        let mounted = try await client.call(BusSubjects.rpc(name), "example.mount", ["runtimeId": "rt-adopt"])
        let id = try XCTUnwrap(mounted["storeId"]?.stringValue.flatMap(StoreID.init))
        let storeParams: JSONValue = ["storeId": .string(id.rawValue), "runtimeId": "rt-adopt"]
        _ = try await client.call(
            BusSubjects.store(id), "store.dispatch",
            [
                "storeId": .string(id.rawValue), "runtimeId": "rt-adopt",
                "action": ["type": "INCREMENT", "value": ["by": 3]],
            ])
        _ = try await client.call(
            BusSubjects.store(id), "store.next",
            ["storeId": .string(id.rawValue), "runtimeId": "rt-adopt", "afterVersion": 0, "timeoutMs": 2000])
        await first.stop()  // the worker is gone; its snapshot stays

        let second = try await RunningService.start(
            exampleDefinition(name: name), configuration: try configuration(worker: "second"), transport: bus)
        do {
            _ = try await client.call(BusSubjects.store(id), "store.state", storeParams)
            XCTFail("nobody answers for the store before it is adopted")
        } catch let error as BusError {
            XCTAssertTrue(error.isNoResponders)
        }
        let adopted = try await client.call(BusSubjects.rpc(name), "store.adopt", ["storeId": .string(id.rawValue)])
        XCTAssertEqual(adopted, ["adopted": true])
        let state = try await client.call(BusSubjects.store(id), "store.state", storeParams)
        XCTAssertEqual(state["version"], 1)
        XCTAssertEqual(state["model"]?["count"], 3, "the adopted store has the state its snapshot held")
        let unknown = StoreID.generate(for: .example)
        do {
            _ = try await client.call(BusSubjects.rpc(name), "store.adopt", ["storeId": .string(unknown.rawValue)])
            XCTFail("a store without a snapshot cannot be adopted")
        } catch let error as JSONRPCError {
            XCTAssertEqual(error.folioCode, .unknownStore)
        }
        await second.stop()
    }

    func testAnOlderSnapshotNeverOverwritesANewerOne() async throws {
        let pool = try await ServiceKitTestDatabase.migratedPool()
        let snapshots = PostgresSnapshots(database: pool, service: "test", worker: "w")
        let id = StoreID.generate(for: .example)
        try await snapshots.save(
            StoreSnapshot(
                storeID: id, kind: "example", runtimeID: "rt", version: 5, state: ["n": 5], pendingEffects: []))
        try await snapshots.save(
            StoreSnapshot(
                storeID: id, kind: "example", runtimeID: "rt", version: 4, state: ["n": 4], pendingEffects: [["e": 1]]))
        let stored = try await snapshots.load(id)
        XCTAssertEqual(stored?.version, 5)
        XCTAssertEqual(stored?.state, ["n": 5])
        try await snapshots.delete(id)
        let deleted = try await snapshots.load(id)
        XCTAssertNil(deleted)
        await pool.close()
    }

    func testAdvisoryLockKeysAreStablePerName() {
        XCTAssertEqual(advisoryLockKey("auth"), advisoryLockKey("auth"))
        XCTAssertNotEqual(advisoryLockKey("auth"), advisoryLockKey("vault"))
    }
}
