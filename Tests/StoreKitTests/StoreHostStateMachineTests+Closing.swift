import FolioModel
import StoreKit
import StoreKitTesting
import XCTest

/// A store closed, or whose runtime shut down, while its snapshot is being written: the write could reach the
/// database after a delete issued at once and store the snapshot again, and the worker that adopts the store would
/// bring it back. The snapshot is deleted once no write of it is under way, and none is written after.
extension StoreHostStateMachineTests {
    func testClosingWhileASnapshotIsBeingWrittenDeletesItOnlyOnceTheWriteIsStored() {
        var machine = makeMachine()
        _ = machine.eventReceived(.actionReceived(.increment(by: 1)))
        XCTAssertEqual(machine.closeRequested(), [], "the write is under way: no delete yet")
        XCTAssertTrue(machine.isDraining, "the store settles only once the write ends")
        XCTAssertEqual(machine.snapshotSaved(), [.deleteSnapshot, .drained])
        XCTAssertEqual(machine.snapshotSaved(), [], "deleted once")
    }

    func testClosingWhileASnapshotIsBeingWrittenDeletesItOnceTheWriteFailsAndWritesItNoMore() {
        var machine = makeMachine()
        _ = machine.eventReceived(.actionReceived(.increment(by: 1)))
        XCTAssertEqual(machine.closeRequested(), [])
        XCTAssertEqual(machine.snapshotFailed(), [.deleteSnapshot, .drained], "no retry of a closed store's write")
        XCTAssertEqual(machine.snapshotRetryDue(), [])
    }

    func testClosingWhileTheFirstSnapshotIsBeingWrittenDeletesItOnceTheWriteEnds() {
        var machine = makeMachine()
        guard case .saveSnapshot? = machine.mounted().first else { return XCTFail("the first snapshot is written") }
        XCTAssertEqual(machine.closeRequested(), [])
        XCTAssertEqual(machine.snapshotSaved(), [.deleteSnapshot, .drained])
    }

    func testClosingWhileAFailedWriteWaitsForItsRetryDeletesAtOnce() {
        var machine = makeMachine()
        _ = machine.eventReceived(.actionReceived(.increment(by: 1)))
        _ = machine.snapshotFailed()
        XCTAssertEqual(machine.closeRequested(), [.deleteSnapshot], "no write is under way")
        XCTAssertEqual(machine.snapshotRetryDue(), [.drained], "and none starts")
    }

    func testARuntimeShutdownDeletesTheSnapshotOnceTheWriteUnderWayEndsAndWritesNoMore() {
        var machine = makeMachine()
        _ = machine.eventReceived(.actionReceived(.increment(by: 1)))
        XCTAssertEqual(machine.runtimeShutDown(), [], "the write is under way: no delete yet")
        XCTAssertEqual(machine.snapshotSaved(), [.deleteSnapshot, .drained])
        XCTAssertEqual(
            machine.eventReceived(.actionReceived(.echo(text: "x"))),
            [.runEffects([Started(id: 1, effect: .echo(text: "x"))]), .drained],
            "still applied, its effect started, nothing written")
        XCTAssertEqual(machine.closeRequested(), [], "deleted already")
    }

    func testARuntimeShutdownOfAnIdleStoreDeletesItsSnapshotAtOnce() {
        var machine = makeMachine()
        XCTAssertEqual(machine.runtimeShutDown(), [.deleteSnapshot])
        XCTAssertEqual(machine.runtimeShutDown(), [], "once")
        XCTAssertEqual(machine.mounted(), [], "no first snapshot either")
    }
}
