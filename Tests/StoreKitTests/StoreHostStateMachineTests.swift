import Bus
import FolioModel
import StoreKit
import StoreKitTesting
import Synchronization
import XCTest

/// StoreHost's rules, checked on its state machine one step at a time: no tasks, no clock, no sleeps.
final class StoreHostStateMachineTests: XCTestCase {
    typealias Machine = StoreHostStateMachine<ExampleCounter>
    typealias Started = Machine.StartedEffect
    typealias WakeUp = Machine.WakeUp

    let storeID = StoreID.generate(for: .example)

    func makeMachine(persists: Bool = true, state: ExampleCounter.State = .init(), version: Int64 = 0) -> Machine {
        Machine(
            storeID: storeID, kind: "example", runtimeID: "rt-1", reducer: ExampleCounter(), state: state,
            version: version, persists: persists)
    }

    func model(_ count: Int64, pending: Int64 = 0, lastEcho: String? = nil) -> JSONValue {
        ExampleCounter().model(of: .init(count: count, pendingEchoes: pending, lastEcho: lastEcho))
    }

    func snapshot(
        version: Int64, _ state: ExampleCounter.State, pending: [ExampleCounter.Effect] = []
    ) throws -> StoreSnapshot {
        StoreSnapshot(
            storeID: storeID, kind: "example", runtimeID: "rt-1", version: version,
            state: try JSONValue(encoding: state), pendingEffects: try pending.map { try JSONValue(encoding: $0) })
    }

    func waiterID<R>(_ answer: StoreHostStateMachine<R>.NextAnswer, file: StaticString = #filePath, line: UInt = #line)
        -> Int
    {
        guard case .wait(let id) = answer else {
            XCTFail("expected to wait, got \(answer)", file: file, line: line)
            return -1
        }
        return id
    }

    // MARK: The model and waiters

    func testTheNewModelIsVisibleAtOnceButWaitersWakeOnlyOnceItsSnapshotIsStored() throws {
        var machine = makeMachine()
        let waiter = waiterID(machine.nextRequested(afterVersion: 0))
        let actions = machine.eventReceived(.actionReceived(.increment(by: 1)))
        XCTAssertEqual(actions, [.saveSnapshot(try snapshot(version: 1, .init(count: 1)))])
        XCTAssertEqual(machine.current, VersionedModel(version: 1, model: model(1)), "visible before it is stored")
        XCTAssertEqual(
            machine.snapshotSaved(),
            [.wakeWaiters([WakeUp(waiterID: waiter, model: VersionedModel(version: 1, model: model(1)))]), .drained])
    }

    func testADispatchedActionIsAppliedAtOnceWhenNothingElseIsBeingApplied() {
        var machine = makeMachine(persists: false)
        XCTAssertEqual(machine.actionDispatched(.actionReceived(.increment(by: 1))), [.drained])
        XCTAssertEqual(machine.current, VersionedModel(version: 1, model: model(1)))
        XCTAssertFalse(machine.isDraining)
    }

    func testEventsThatComeWhileASnapshotIsBeingStoredAreAppliedAfterItInTheOrderTheyCame() throws {
        var machine = makeMachine()
        XCTAssertEqual(
            machine.actionDispatched(.actionReceived(.increment(by: 1))),
            [.saveSnapshot(try snapshot(version: 1, .init(count: 1)))])
        XCTAssertEqual(machine.actionDispatched(.actionReceived(.echo(text: "a"))), [], "waits behind the snapshot")
        XCTAssertEqual(machine.eventReceived(.echoed(text: "A")), [], "waits behind the action before it")
        XCTAssertEqual(machine.current, VersionedModel(version: 1, model: model(1)), "neither applied yet")
        XCTAssertEqual(
            machine.snapshotSaved(),
            [.saveSnapshot(try snapshot(version: 2, .init(count: 1, pendingEchoes: 1), pending: [.echo(text: "a")]))],
            "the echo first; the event after it waits for its snapshot")
        XCTAssertEqual(
            machine.snapshotSaved(),
            [
                .runEffects([Started(id: 1, effect: .echo(text: "a"))]),
                .saveSnapshot(
                    try snapshot(
                        version: 3, .init(count: 1, pendingEchoes: 0, lastEcho: "A"), pending: [.echo(text: "a")])),
            ])
        XCTAssertEqual(machine.snapshotSaved(), [.drained])
    }

    func testNextAnswersAtOnceWhenTheModelIsNewerOrNoVersionIsGiven() {
        var machine = makeMachine(version: 3)
        XCTAssertEqual(machine.nextRequested(afterVersion: nil), .now(VersionedModel(version: 3, model: model(0))))
        XCTAssertEqual(machine.nextRequested(afterVersion: 2), .now(VersionedModel(version: 3, model: model(0))))
        _ = waiterID(machine.nextRequested(afterVersion: 3))
    }

    func testAWaiterPastTheVersionBeingStoredKeepsWaitingForTheNextChange() throws {
        var machine = makeMachine()
        _ = machine.eventReceived(.actionReceived(.increment(by: 1)))
        // A caller saw version 1 while it was being stored and now waits past it.
        let pastIt = waiterID(machine.nextRequested(afterVersion: 1))
        XCTAssertEqual(machine.snapshotSaved(), [.drained], "storing version 1 does not answer a caller past it")
        _ = machine.eventReceived(.actionReceived(.increment(by: 1)))
        XCTAssertEqual(
            machine.snapshotSaved(),
            [.wakeWaiters([WakeUp(waiterID: pastIt, model: VersionedModel(version: 2, model: model(2)))]), .drained])
    }

    func testAnExpiredWaiterGetsTheUnchangedModelOnce() {
        var machine = makeMachine()
        let waiter = waiterID(machine.nextRequested(afterVersion: 0))
        XCTAssertEqual(
            machine.waiterExpired(waiter),
            [.wakeWaiters([WakeUp(waiterID: waiter, model: VersionedModel(version: 0, model: model(0)))])])
        XCTAssertEqual(machine.waiterExpired(waiter), [], "a waiter is answered once")
    }

    func testAnEventThatLeavesTheStateAsItWasDoesNotBuildTheModelAgain() {
        let builds = BuildCounter()
        var machine = StoreHostStateMachine(
            storeID: storeID, kind: "counted", runtimeID: "rt-1", reducer: CountedModels(builds: builds), state: 0,
            version: 0, persists: true)
        XCTAssertEqual(builds.value, 1, "the initial model")
        XCTAssertEqual(machine.eventReceived(.add(0)), [.drained], "nothing changed: nothing to store")
        XCTAssertEqual(builds.value, 1)
        XCTAssertEqual(machine.current.version, 0)
        _ = machine.eventReceived(.add(2))
        XCTAssertEqual(builds.value, 2)
        XCTAssertEqual(machine.current.version, 1)
    }

    func testAStateChangeThatLeavesTheModelAsItWasKeepsTheVersionAndWritesNothing() {
        var machine = StoreHostStateMachine(
            storeID: storeID, kind: "counted", runtimeID: "rt-1", reducer: CountedModels(builds: BuildCounter()),
            state: 0, version: 0, persists: true)
        XCTAssertEqual(machine.eventReceived(.addUnseen(5)), [.drained])
        XCTAssertEqual(machine.current.version, 0)
        XCTAssertEqual(machine.reducerState, 5_000_000)
    }

    /// A dispatched action is answered once its snapshot is stored, so it survives the worker: one that only
    /// changes the state (a write queued behind another, say) is stored too, though the model stays as it was.
    func testADispatchedActionThatChangesOnlyTheStateIsStoredBeforeItIsAnswered() throws {
        var machine = StoreHostStateMachine(
            storeID: storeID, kind: "counted", runtimeID: "rt-1", reducer: CountedModels(builds: BuildCounter()),
            state: 0, version: 0, persists: true)
        let stored = StoreSnapshot(
            storeID: storeID, kind: "counted", runtimeID: "rt-1", version: 0, state: try JSONValue(encoding: 5_000_000),
            pendingEffects: [])
        XCTAssertEqual(
            machine.actionDispatched(.addUnseen(5)), [.saveSnapshot(stored)], "not drained before the state is stored")
        XCTAssertTrue(machine.isDraining)
        XCTAssertEqual(machine.current.version, 0, "the model is as it was")
        XCTAssertEqual(machine.snapshotSaved(), [.drained])
        XCTAssertEqual(machine.actionDispatched(.add(0)), [.drained], "an action that changes nothing stores nothing")
    }

    // MARK: Effects

    func testEffectsStartOnlyOnceTheSnapshotHoldingThemIsStored() throws {
        var machine = makeMachine()
        let actions = machine.eventReceived(.actionReceived(.echo(text: "hi")))
        XCTAssertEqual(
            actions, [.saveSnapshot(try snapshot(version: 1, .init(pendingEchoes: 1), pending: [.echo(text: "hi")]))])
        XCTAssertEqual(machine.snapshotSaved(), [.runEffects([Started(id: 1, effect: .echo(text: "hi"))]), .drained])
    }

    func testAnEffectsAnswerGoesThroughTheReducerAndLeavesTheSnapshot() throws {
        var machine = makeMachine()
        _ = machine.eventReceived(.actionReceived(.echo(text: "a")))
        _ = machine.snapshotSaved()
        _ = machine.eventReceived(.actionReceived(.echo(text: "b")))
        _ = machine.snapshotSaved()
        let answered = machine.effectFinished(1, events: [.echoed(text: "A")])
        XCTAssertEqual(
            answered,
            [
                .saveSnapshot(
                    try snapshot(version: 3, .init(pendingEchoes: 1, lastEcho: "A"), pending: [.echo(text: "b")]))
            ], "the snapshot lists the unfinished effects only, oldest first")
        XCTAssertEqual(machine.unfinishedEffects, [2: .echo(text: "b")])
    }

    func testWithoutPersistenceWaitersWakeAndEffectsStartAtOnce() {
        var machine = makeMachine(persists: false)
        let waiter = waiterID(machine.nextRequested(afterVersion: 0))
        XCTAssertEqual(
            machine.eventReceived(.actionReceived(.echo(text: "x"))),
            [
                .wakeWaiters([WakeUp(waiterID: waiter, model: VersionedModel(version: 1, model: model(0, pending: 1)))]
                ),
                .runEffects([Started(id: 1, effect: .echo(text: "x"))]), .drained,
            ])
    }

    func testRestoredEffectsRunAgainWithoutAWrite() {
        var machine = makeMachine(state: .init(pendingEchoes: 2), version: 4)
        XCTAssertEqual(
            machine.restored(pending: [.echo(text: "a"), .echo(text: "b")]),
            [.runEffects([Started(id: 1, effect: .echo(text: "a")), Started(id: 2, effect: .echo(text: "b"))])])
        XCTAssertEqual(machine.restored(pending: []), [])
    }

    // MARK: One event at a time

    func testEventsWaitForTheSnapshotOfTheEventBeforeAndRunInOrder() throws {
        var machine = makeMachine()
        _ = machine.eventReceived(.actionReceived(.increment(by: 1)))
        XCTAssertEqual(machine.eventReceived(.actionReceived(.increment(by: 10))), [], "waits for the first write")
        XCTAssertEqual(machine.current.version, 1)
        XCTAssertTrue(machine.isDraining)
        XCTAssertEqual(machine.snapshotSaved(), [.saveSnapshot(try snapshot(version: 2, .init(count: 11)))])
        XCTAssertEqual(machine.snapshotSaved(), [.drained])
        XCTAssertFalse(machine.isDraining)
    }

    // MARK: Failed writes

    func testAFailedWriteIsRetriedAfter50msDoublingTo2sUntilItIsStored() throws {
        var machine = makeMachine()
        let first = machine.eventReceived(.actionReceived(.echo(text: "x")))
        let expectedDelays: [Duration] = [
            .milliseconds(50), .milliseconds(100), .milliseconds(200), .milliseconds(400), .milliseconds(800),
            .milliseconds(1600), .seconds(2), .seconds(2),
        ]
        for delay in expectedDelays {
            XCTAssertEqual(machine.snapshotFailed(), [.scheduleSnapshotRetry(after: delay)])
            XCTAssertEqual(machine.snapshotRetryDue(), first, "the same snapshot again")
        }
        XCTAssertEqual(machine.snapshotSaved(), [.runEffects([Started(id: 1, effect: .echo(text: "x"))]), .drained])
    }

    func testClosingEndsTheRetriesAndTheEventGoesOn() {
        var machine = makeMachine()
        _ = machine.eventReceived(.actionReceived(.echo(text: "x")))
        XCTAssertEqual(machine.snapshotFailed(), [.scheduleSnapshotRetry(after: .milliseconds(50))])
        XCTAssertEqual(machine.closeRequested(), [.deleteSnapshot])
        XCTAssertEqual(machine.snapshotRetryDue(), [.runEffects([Started(id: 1, effect: .echo(text: "x"))]), .drained])
    }

    // MARK: Snapshots that do not encode

    func testAStateThatDoesNotEncodeClosesTheStoreWithAnErrorAndStartsNoEffect() {
        var machine = StoreHostStateMachine(
            storeID: storeID, kind: "unencodable", runtimeID: "rt-1", reducer: Unencodable(), state: .init(),
            version: 0, persists: true)
        let waiter = waiterID(machine.nextRequested(afterVersion: 0))
        let actions = machine.eventReceived(.breakEncoding)
        guard case .failed(let error) = actions.first else { return XCTFail("expected a failure, got \(actions)") }
        XCTAssertTrue(error.description.hasPrefix("the store's snapshot does not encode"), error.description)
        XCTAssertEqual(
            Array(actions.dropFirst()), [.wakeWaiters([.init(waiterID: waiter, model: nil)]), .drained],
            "no effect starts and no snapshot is written or deleted")
        XCTAssertTrue(machine.isClosed)
        XCTAssertEqual(machine.failure, error)
        XCTAssertTrue(machine.unfinishedEffects.isEmpty)
        XCTAssertEqual(machine.eventReceived(.breakEncoding), [])
        XCTAssertEqual(machine.nextRequested(afterVersion: nil), .now(nil))
    }

    // MARK: Closing and shutdown

    func testClosingWakesWaitersWithNilDropsWaitingEventsAndDeletesTheSnapshot() {
        var machine = makeMachine()
        let waiter = waiterID(machine.nextRequested(afterVersion: 0))
        _ = machine.eventReceived(.actionReceived(.increment(by: 1)))
        _ = machine.eventReceived(.actionReceived(.increment(by: 1)))
        XCTAssertEqual(machine.closeRequested(), [.wakeWaiters([WakeUp(waiterID: waiter, model: nil)])])
        XCTAssertEqual(
            machine.snapshotSaved(), [.deleteSnapshot, .drained],
            "deleted once the write under way ends; the waiting increment is dropped")
        XCTAssertEqual(machine.reducerState.count, 1)
        XCTAssertEqual(machine.closeRequested(), [], "closing twice does nothing")
        XCTAssertEqual(machine.nextRequested(afterVersion: nil), .now(nil))
        XCTAssertEqual(machine.eventReceived(.actionReceived(.increment(by: 1))), [])
    }

    func testAnEffectAnswerAfterCloseIsDropped() {
        var machine = makeMachine(persists: false)
        _ = machine.eventReceived(.actionReceived(.echo(text: "x")))
        _ = machine.closeRequested()
        XCTAssertEqual(machine.effectFinished(1, events: [.echoed(text: "X")]), [])
        XCTAssertNil(machine.reducerState.lastEcho)
        XCTAssertTrue(machine.unfinishedEffects.isEmpty)
    }

    func testRuntimeShutdownWakesWaitersWithNilAndLaterNextsGetNil() {
        var machine = makeMachine()
        let waiter = waiterID(machine.nextRequested(afterVersion: 0))
        XCTAssertEqual(
            machine.runtimeShutDown(), [.wakeWaiters([WakeUp(waiterID: waiter, model: nil)]), .deleteSnapshot])
        XCTAssertEqual(machine.nextRequested(afterVersion: nil), .now(nil))
        XCTAssertFalse(machine.isClosed, "the store itself is not closed")
    }
}

private final class BuildCounter: Sendable {
    private let builds = Atomic<Int>(0)
    var value: Int { builds.load(ordering: .relaxed) }
    func count() { builds.add(1, ordering: .relaxed) }
}

/// A reducer that counts how often its model is built; `addUnseen` changes the state but not the model.
private struct CountedModels: StoreReducer {
    let builds: BuildCounter

    enum Event: Sendable { case add(Int64), addUnseen(Int64) }
    enum Effect: Sendable, Codable, Equatable { case none }

    static func decodeAction(_ json: JSONValue) throws(JSONRPCError) -> Event { throw .invalidParams("none") }
    static func lane(of action: Event) -> ActionLane { .skipsQueue }
    static func actionReceived(_ action: Event) -> Event { action }

    func reduce(_ state: inout Int64, _ event: Event) -> [Effect] {
        switch event {
        case .add(let amount): state += amount
        case .addUnseen(let amount): state += amount * 1_000_000
        }
        return []
    }

    func model(of state: Int64) -> JSONValue {
        builds.count()
        return ["count": .int(state % 1_000_000)]
    }
}

/// A reducer whose state stops encoding on `breakEncoding`, which also asks for an effect.
private struct Unencodable: StoreReducer {
    struct State: Sendable, Codable, Equatable {
        var broken = false

        func encode(to encoder: any Encoder) throws {
            if broken { throw JSONCodingError("broken on purpose") }
            var container = encoder.singleValueContainer()
            try container.encode(broken)
        }
    }

    enum Event: Sendable { case breakEncoding }
    enum Effect: Sendable, Codable, Equatable { case work }

    static func decodeAction(_ json: JSONValue) throws(JSONRPCError) -> Event { .breakEncoding }
    static func lane(of action: Event) -> ActionLane { .skipsQueue }
    static func actionReceived(_ action: Event) -> Event { action }

    func reduce(_ state: inout State, _ event: Event) -> [Effect] {
        state.broken = true
        return [.work]
    }

    func model(of state: State) -> JSONValue { ["broken": .bool(state.broken)] }
}
