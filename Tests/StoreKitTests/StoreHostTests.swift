import Bus
import FolioModel
import StoreKit
import StoreKitTesting
import Synchronization
import XCTest

/// Holds work until the test opens it.
actor Gate {
    private var open = false
    private var waiting: [CheckedContinuation<Void, Never>] = []

    func wait() async {
        if open { return }
        await withCheckedContinuation { waiting.append($0) }
    }

    func openNow() {
        open = true
        for continuation in waiting { continuation.resume() }
        waiting = []
    }
}

/// A persistence that can be held shut, to fill the runtime's queue on purpose.
actor HeldSnapshots: SnapshotPersistence {
    let gate = Gate()
    private(set) var saved: [StoreSnapshot] = []
    /// How many writes began, held or not.
    private(set) var entered = 0

    func save(_ snapshot: StoreSnapshot) async throws {
        entered += 1
        await gate.wait()
        saved.append(snapshot)
    }

    func load(_ storeID: StoreID) async throws -> StoreSnapshot? { saved.last { $0.storeID == storeID } }
    func delete(_ storeID: StoreID) async throws { saved.removeAll { $0.storeID == storeID } }
    func owner(of storeID: StoreID) async throws -> String? { try await load(storeID).map { _ in "held" } }
    func adopt(_ storeID: StoreID, from owner: String) async throws -> StoreSnapshot? { try await load(storeID) }
}

final class StoreHostTests: XCTestCase {
    typealias Host = StoreHost<ExampleCounter>

    func makeHost(
        runtime: RuntimeContext = RuntimeContext(id: "rt-1"), persistence: (any SnapshotPersistence)? = nil,
        echo: @escaping @Sendable (String) async -> String = { $0.uppercased() }
    ) -> Host {
        Host(
            id: .generate(for: .example), kind: "example", runtime: runtime, reducer: ExampleCounter(),
            initialState: .init(),
            persistence: persistence, runEffect: ExampleCounter.effects(echo: echo))
    }

    /// Returns once a `next` call waits on the host: the change that follows must reach it.
    func untilSubscribed(_ host: Host) async {
        while await host.waitingSubscriberCount == 0 { await Task.yield() }
    }

    func model(_ count: Int64, pending: Int64 = 0, lastEcho: String? = nil, frames: Int64 = 0) -> JSONValue {
        ExampleCounter().model(of: .init(count: count, pendingEchoes: pending, lastEcho: lastEcho, frames: frames))
    }

    func testNewStoreIsIdleAtVersionZero() async throws {
        let host = makeHost()
        let state = try await host.state()
        XCTAssertEqual(state, VersionedModel(version: 0, model: model(0)))
    }

    func testNextReturnsTheCurrentModelFirstThenTheNextChange() async throws {
        let host = makeHost()
        let first = await host.next(afterVersion: nil, timeout: .seconds(5))
        XCTAssertEqual(first, VersionedModel(version: 0, model: model(0)))
        let waiter = Task { await host.next(afterVersion: 0, timeout: .seconds(10)) }
        await untilSubscribed(host)
        try await host.dispatch(.increment(by: 1))
        let second = await waiter.value
        XCTAssertEqual(second, VersionedModel(version: 1, model: model(1)))
    }

    func testNextMaySkipIntermediateStatesButAlwaysEndsOnTheLatest() async throws {
        let host = makeHost()
        for _ in 0..<5 { try await host.dispatch(.increment(by: 1)) }
        var last = await host.next(afterVersion: nil, timeout: .seconds(5))
        while let current = last, current.model != model(5) {
            last = await host.next(afterVersion: current.version, timeout: .seconds(5))
        }
        XCTAssertEqual(last, VersionedModel(version: 5, model: model(5)))
    }

    func testNextTimesOutWithTheUnchangedModel() async throws {
        let host = makeHost()
        let result = await host.next(afterVersion: 0, timeout: .milliseconds(50))
        XCTAssertEqual(result, VersionedModel(version: 0, model: model(0)))
    }

    func testNextAfterTheVersionItHasSeenWaitsEvenWhileThatVersionIsBeingStored() async throws {
        let held = HeldSnapshots()
        let host = makeHost(persistence: held)
        // The change is visible as soon as it is reduced, while its snapshot write is held (and the dispatch
        // waits for it): `state` shows it, where a `next` would wait for the write.
        let dispatched = Task { try await host.dispatch(.increment(by: 1)) }
        var seen = try await host.state()
        while seen.version < 1 {
            await Task.yield()
            seen = try await host.state()
        }
        XCTAssertEqual(seen, VersionedModel(version: 1, model: model(1)))
        let waiter = Task { await host.next(afterVersion: 1, timeout: .seconds(10)) }
        await untilSubscribed(host)
        await held.gate.openNow()
        try await dispatched.value
        try await host.dispatch(.increment(by: 1))
        let woken = await waiter.value
        XCTAssertEqual(
            woken, VersionedModel(version: 2, model: model(2)),
            "the end of the write of version 1 does not answer a caller waiting past version 1")
    }

    func testNextIsNilOnceTheStoreIsClosedAndWakesWaiters() async throws {
        let host = makeHost()
        let waiter = Task { await host.next(afterVersion: 0, timeout: .seconds(10)) }
        await untilSubscribed(host)
        await host.close()
        let woken = await waiter.value
        XCTAssertNil(woken)
        let after = await host.next(afterVersion: nil, timeout: .seconds(1))
        XCTAssertNil(after)
    }

    /// A store closed while its snapshot write is held: once `close` returns, the write has ended and the snapshot
    /// is gone, so no worker can adopt the closed store from it.
    func testAStoreClosedWhileItsSnapshotIsBeingWrittenLeavesNoSnapshotOnceCloseReturns() async throws {
        let held = HeldSnapshots()
        let host = makeHost(persistence: held)
        let dispatched = Task { try await host.dispatch(.increment(by: 1)) }
        while await held.entered == 0 { await Task.yield() }
        let closed = Task { await host.close() }
        while await !host.isClosed { await Task.yield() }
        await held.gate.openNow()
        await closed.value
        try await dispatched.value
        let left = try await held.load(host.id)
        XCTAssertNil(left, "the snapshot was stored after its delete")
    }

    func testDispatchThrowsStoreClosedOnlyAfterClose() async throws {
        let host = makeHost()
        try await host.dispatch(.increment(by: 1))
        await host.close()
        do {
            try await host.dispatch(.increment(by: 1))
            XCTFail("dispatch on a closed store must throw")
        } catch {
            XCTAssertEqual(error, .storeClosed)
        }
    }

    func testRuntimeShutdownEndsEveryStoreOfTheRuntime() async throws {
        let runtime = RuntimeContext(id: "rt-shutdown")
        let registry = StoreRegistry()
        let host = makeHost(runtime: await registry.runtime(runtime.id))
        await registry.register(host, subscription: nil)
        let waiter = Task { await host.next(afterVersion: 0, timeout: .seconds(10)) }
        await untilSubscribed(host)
        await registry.shutDownRuntime(runtime.id)
        let woken = await waiter.value
        XCTAssertNil(woken, "next returns null once the runtime has shut down")
        do {
            try await host.dispatch(.increment(by: 1))
            XCTFail("dispatch after shutdown must throw")
        } catch {
            XCTAssertEqual(error, .runtimeShutDown)
        }
    }

    func testMalformedWireActionIsInvalidParamsButClosedComesFirst() async throws {
        let host = makeHost()
        do {
            try await host.dispatch(json: ["type": "NOPE"])
            XCTFail("expected invalid params")
        } catch let error as JSONRPCError {
            XCTAssertEqual(error.code, -32602)
        }
        await host.close()
        do {
            try await host.dispatch(json: ["type": "NOPE"])
            XCTFail("expected store closed")
        } catch let error as StoreError {
            XCTAssertEqual(error, .storeClosed)
        }
    }

    func testEffectAnswerComesBackThroughTheReducer() async throws {
        let host = makeHost()
        try await host.dispatch(.echo(text: "hello"))
        var latest = await host.next(afterVersion: nil, timeout: .seconds(5))
        while let current = latest, current.model["lastEcho"] != "HELLO" {
            latest = await host.next(afterVersion: current.version, timeout: .seconds(5))
        }
        XCTAssertEqual(latest?.model, model(1 - 1, pending: 0, lastEcho: "HELLO"))
    }

    func testADispatchAnswersOnceItsActionIsAppliedAndItsSnapshotStored() async throws {
        let held = HeldSnapshots()
        let host = makeHost(persistence: held)
        let answered = Mutex(false)
        let dispatched = Task {
            try await host.dispatch(.increment(by: 1))
            answered.withLock { $0 = true }
        }
        var seen = try await host.state()
        while seen.version < 1 {
            await Task.yield()
            seen = try await host.state()
        }
        for _ in 0..<100 { await Task.yield() }
        XCTAssertFalse(answered.withLock { $0 }, "applied, but its snapshot is not stored yet")
        await held.gate.openNow()
        try await dispatched.value
        let saved = await held.saved.map(\.version)
        XCTAssertEqual(saved, [1], "the snapshot of the action was stored when dispatch answered")
    }

    func testADispatchWhoseSnapshotCannotBeStoredStillAnswersWhileTheWriteIsHeld() async throws {
        let held = HeldSnapshots()
        let host = makeHost(persistence: held)
        try await host.dispatch(.increment(by: 1))
        let saved = await held.saved
        XCTAssertTrue(saved.isEmpty)
        await held.gate.openNow()
    }

    func testSnapshotWithThePendingEffectIsWrittenBeforeTheEffectRuns() async throws {
        let snapshots = InMemorySnapshots()
        let seenByEffect = Mutex<StoreSnapshot?>(nil)
        let hostID = Mutex<StoreID?>(nil)
        let host = makeHost(persistence: snapshots) { text in
            if let id = hostID.withLock({ $0 }) {
                let stored = try? await snapshots.load(id)
                seenByEffect.withLock { $0 = stored }
            }
            return text
        }
        hostID.withLock { $0 = host.id }
        try await host.dispatch(.echo(text: "durable"))
        var latest = await host.next(afterVersion: nil, timeout: .seconds(5))
        while let current = latest, current.model["lastEcho"] != "durable" {
            latest = await host.next(afterVersion: current.version, timeout: .seconds(5))
        }
        let snapshot = try XCTUnwrap(seenByEffect.withLock { $0 })
        XCTAssertEqual(snapshot.version, 1)
        XCTAssertEqual(snapshot.pendingEffects, [try JSONValue(encoding: ExampleCounter.Effect.echo(text: "durable"))])
        XCTAssertEqual(snapshot.state["pendingEchoes"], 1)
    }

    func testFullQueueDropsFramesAndDispatchStillSucceeds() async throws {
        let runtime = RuntimeContext(id: "rt-queue", queueCapacity: 2)
        let held = HeldSnapshots()
        let host = makeHost(runtime: runtime, persistence: held)
        // The first frame starts running and blocks on the held snapshot write; two more fill the queue.
        for _ in 0..<6 { try await host.dispatch(.frame) }
        let waiting = await runtime.queue.count
        XCTAssertEqual(waiting, 2, "the queue holds its capacity and no more")
        await held.gate.openNow()
        var latest = await host.next(afterVersion: nil, timeout: .seconds(5))
        for _ in 0..<20 where latest?.model["frames"] != 3 {
            latest = await host.next(afterVersion: latest?.version ?? 0, timeout: .milliseconds(200))
        }
        XCTAssertEqual(latest?.model["frames"], 3, "one running plus a full queue of two; the other three were dropped")
    }

    func testActionsThatSkipTheQueueRunAheadOfQueuedOnesEvenWhenItIsFull() async throws {
        let runtime = RuntimeContext(id: "rt-skip", queueCapacity: 1)
        let blocker = Gate()
        // A queued item that holds the queue until the gate opens.
        _ = await runtime.queue.offer { await blocker.wait() }
        _ = await runtime.queue.offer {}
        let host = makeHost(runtime: runtime)
        try await host.dispatch(.frame)  // dropped: the queue is full
        for _ in 0..<3 { try await host.dispatch(.increment(by: 1)) }
        var latest = await host.next(afterVersion: nil, timeout: .seconds(5))
        while let current = latest, current.model["count"] != 3 {
            latest = await host.next(afterVersion: current.version, timeout: .seconds(5))
        }
        XCTAssertEqual(latest?.model, model(3), "increments ran while the queue was blocked; the frame was dropped")
        await blocker.openNow()
    }
}
