import FolioModel
import StoreKit
import StoreKitTesting
import XCTest

extension StoreHostStateMachineTests {
    /// An effect stays in the snapshots until its answer is applied. A snapshot made while the answer waits
    /// behind another event still lists the effect, so the worker that adopts the store from it runs the
    /// effect again; without it the answer died with the worker and the state would wait for it forever.
    func testAFinishedEffectStaysInTheSnapshotsUntilItsAnswerIsApplied() throws {
        var machine = makeMachine()
        XCTAssertEqual(
            machine.actionDispatched(.actionReceived(.echo(text: "a"))),
            [.saveSnapshot(try snapshot(version: 1, .init(pendingEchoes: 1), pending: [.echo(text: "a")]))])
        XCTAssertEqual(machine.snapshotSaved(), [.runEffects([Started(id: 1, effect: .echo(text: "a"))]), .drained])
        XCTAssertEqual(
            machine.actionDispatched(.actionReceived(.increment(by: 1))),
            [.saveSnapshot(try snapshot(version: 2, .init(count: 1, pendingEchoes: 1), pending: [.echo(text: "a")]))])
        XCTAssertEqual(machine.actionDispatched(.actionReceived(.increment(by: 1))), [], "waits behind the snapshot")
        XCTAssertEqual(machine.effectFinished(1, events: [.echoed(text: "A")]), [], "waits behind the increment")
        XCTAssertEqual(
            machine.snapshotSaved(),
            [.saveSnapshot(try snapshot(version: 3, .init(count: 2, pendingEchoes: 1), pending: [.echo(text: "a")]))],
            "the echo's answer is not applied in this state: the echo is still unanswered")
        XCTAssertEqual(
            machine.snapshotSaved(),
            [.saveSnapshot(try snapshot(version: 4, .init(count: 2, pendingEchoes: 0, lastEcho: "A")))])
        XCTAssertEqual(machine.snapshotSaved(), [.drained])
        XCTAssertTrue(machine.unfinishedEffects.isEmpty)
    }

    /// An effect that answers with several events is done once the last of them is applied: a worker that
    /// adopts the store in between runs it again, and its answers are written to be applied twice.
    func testAnEffectWithSeveralEventsIsDoneWhenTheLastIsApplied() throws {
        var machine = makeMachine()
        _ = machine.actionDispatched(.actionReceived(.echo(text: "a")))
        _ = machine.snapshotSaved()
        XCTAssertEqual(
            machine.effectFinished(1, events: [.echoed(text: "A"), .echoed(text: "B")]),
            [
                .saveSnapshot(
                    try snapshot(version: 2, .init(pendingEchoes: 0, lastEcho: "A"), pending: [.echo(text: "a")]))
            ],
            "the second event is still to be applied")
        XCTAssertEqual(
            machine.snapshotSaved(),
            [.saveSnapshot(try snapshot(version: 3, .init(pendingEchoes: -1, lastEcho: "B")))])
        XCTAssertEqual(machine.snapshotSaved(), [.drained])
        XCTAssertTrue(machine.unfinishedEffects.isEmpty)
    }

    func testAnEffectThatAnswersNothingIsDoneAtOnce() {
        var machine = makeMachine(persists: false)
        _ = machine.actionDispatched(.actionReceived(.echo(text: "a")))
        XCTAssertEqual(machine.unfinishedEffects, [1: .echo(text: "a")])
        XCTAssertEqual(machine.effectFinished(1, events: []), [])
        XCTAssertTrue(machine.unfinishedEffects.isEmpty)
    }
}
