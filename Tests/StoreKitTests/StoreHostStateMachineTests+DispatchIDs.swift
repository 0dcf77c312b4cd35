import FolioModel
import StoreKit
import StoreKitTesting
import XCTest

/// An action sent again under the key it was sent with (its answer was lost) is not applied twice: the store
/// knows the keys of the actions waiting and of the last ones applied, and stores them with the state.
extension StoreHostStateMachineTests {
    func testAnActionSentAgainUnderItsKeyIsKnownWhileItWaitsAndOnceApplied() {
        var machine = makeMachine()
        _ = machine.actionDispatched(.actionReceived(.increment(by: 1)), dispatchID: "k0")
        XCTAssertFalse(machine.knows(dispatchID: "k1"))
        XCTAssertEqual(machine.actionDispatched(.actionReceived(.increment(by: 1)), dispatchID: "k1"), [])
        XCTAssertTrue(machine.knows(dispatchID: "k1"), "waiting in the inbox, behind k0's snapshot")
        _ = machine.snapshotSaved()
        _ = machine.snapshotSaved()
        XCTAssertTrue(machine.knows(dispatchID: "k1"), "applied")
        XCTAssertFalse(machine.knows(dispatchID: "k2"))
        XCTAssertEqual(machine.current.model, model(2))
    }

    func testTheKeyIsStoredWithTheStateItWentIntoEvenWhenTheActionChangedNothing() throws {
        var machine = makeMachine()
        let actions = machine.actionDispatched(.actionReceived(.increment(by: 0)), dispatchID: "no-op")
        XCTAssertEqual(
            actions,
            [
                .saveSnapshot(
                    StoreSnapshot(
                        storeID: storeID, kind: "example", runtimeID: "rt-1", version: 0,
                        state: try JSONValue(encoding: ExampleCounter.State()), pendingEffects: [],
                        dispatchIDs: ["no-op"]))
            ])
    }

    func testAStoreRebuiltFromItsSnapshotKnowsTheKeysAndKeepsOnlyTheLastEight() {
        var machine = Machine(
            storeID: storeID, kind: "example", runtimeID: "rt-1", reducer: ExampleCounter(), state: .init(),
            version: 3, persists: false, dispatchIDs: ["a", "b"])
        XCTAssertTrue(machine.knows(dispatchID: "a"))
        for key in 1...8 {
            _ = machine.actionDispatched(.actionReceived(.increment(by: 1)), dispatchID: "n\(key)")
        }
        XCTAssertFalse(machine.knows(dispatchID: "a"), "pushed out by eight later keys")
        XCTAssertFalse(machine.knows(dispatchID: "b"))
        XCTAssertTrue(machine.knows(dispatchID: "n1"))
        XCTAssertTrue(machine.knows(dispatchID: "n8"))
    }
}
