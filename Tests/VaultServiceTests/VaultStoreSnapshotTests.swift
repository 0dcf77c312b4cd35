import FolioModel
import StoreKit
import VaultService
import WireModel
import XCTest

/// A VaultStore's snapshots as its host writes them: what a dispatch answered must be in the one the worker that
/// adopts the store reads.
final class VaultStoreSnapshotTests: XCTestCase {
    private let signedIn = VaultAccount(id: "acct_chen", kind: .authenticated, folioSessionID: "ses_1")
    private let storeID = StoreID.generate(for: .vault)

    private func create(_ n: Int) -> VaultAction {
        .write(value: .create(record: RecordContent(schema: "note", version: 1, payload: #"{"n":\#(n)}"#)))
    }

    private func write(_ requestID: UInt64, _ n: Int) -> VaultReducer.Effect {
        .write(
            requestID: requestID, account: signedIn,
            .create(record: RecordContent(schema: "note", version: 1, payload: #"{"n":\#(n)}"#)))
    }

    func testAWriteQueuedBehindAnotherIsInTheSnapshotBeforeItsDispatchIsAnsweredAndRunsAfterAnAdoption() throws {
        var machine = StoreHostStateMachine(
            storeID: storeID, kind: "vault", runtimeID: "rt-1", reducer: VaultReducer(),
            state: VaultReducer.State(account: signedIn, network: .online), version: 0, persists: true)
        guard case .saveSnapshot = machine.actionDispatched(.actionReceived(create(0))).first else {
            return XCTFail("the first write is stored")
        }
        XCTAssertEqual(machine.snapshotSaved().first, .runEffects([.init(id: 1, effect: write(1, 0))]))

        // The second waits for the first: the model (busy) stays as it was and no effect starts.
        guard case .saveSnapshot(let snapshot) = machine.actionDispatched(.actionReceived(create(1))).first else {
            return XCTFail("the queued write is answered before it is stored")
        }
        XCTAssertTrue(machine.isDraining, "its dispatch waits for the write")

        // Another worker adopts the store from that snapshot: the first write runs again, then the second.
        var state = try snapshot.state.decode(VaultReducer.State.self)
        XCTAssertEqual(state.waitingWrites, [write(2, 1)])
        XCTAssertEqual(try snapshot.pendingEffects.map { try $0.decode(VaultReducer.Effect.self) }, [write(1, 0)])
        let next = VaultReducer().reduce(
            &state, .writeFinished(requestID: 1, changed: .entries(["D_1"]), patch: nil, pushes: false))
        XCTAssertEqual(next.first, write(2, 1))
    }
}
