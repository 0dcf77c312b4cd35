import FolioModel
import StoreKit
import StoreKitTesting
import XCTest

/// A store is stored before its id is handed out: a worker killed before the store first changes leaves a
/// snapshot another worker adopts, instead of a store id nobody knows.
extension StoreHostStateMachineTests {
    func testAMountedStoreWritesItsFirstSnapshotAndSettlesOnceItIsStored() throws {
        var machine = makeMachine()
        let first = StoreSnapshot(
            storeID: storeID, kind: "example", runtimeID: "rt-1", version: 0,
            state: try JSONValue(encoding: ExampleCounter.State()), pendingEffects: [])
        XCTAssertEqual(machine.mounted(), [.saveSnapshot(first)])
        XCTAssertTrue(machine.isDraining, "a flush waits for the first snapshot")
        XCTAssertEqual(machine.snapshotSaved(), [.drained])
        XCTAssertFalse(machine.isDraining)
    }

    func testAMountedStoreWhoseFirstSnapshotFailsWritesItAgain() throws {
        var machine = makeMachine()
        guard case .saveSnapshot(let first)? = machine.mounted().first else { return XCTFail("no snapshot written") }
        XCTAssertEqual(machine.snapshotFailed(), [.scheduleSnapshotRetry(after: .milliseconds(50))])
        XCTAssertEqual(machine.snapshotRetryDue(), [.saveSnapshot(first)])
        XCTAssertEqual(machine.snapshotSaved(), [.drained])
    }

    func testAMountedStoreWithoutPersistenceOrAlreadyWritingWritesNothingMore() {
        var unpersisted = makeMachine(persists: false)
        XCTAssertEqual(unpersisted.mounted(), [])
        var writing = makeMachine()
        _ = writing.eventReceived(.actionReceived(.increment(by: 1)))
        XCTAssertEqual(writing.mounted(), [], "the snapshot being written is the store's first")
    }
}
