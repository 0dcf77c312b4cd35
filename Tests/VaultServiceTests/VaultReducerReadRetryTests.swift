import FolioModel
import StoreKit
import StoreKitTesting
import VaultService
import WireModel
import XCTest

/// A read of the view that failed (the database was down) is read again after a pause, so a store whose vault
/// changes no more still reaches its next successful read: the read error stays until then (spec "Errors").
final class VaultReducerReadRetryTests: XCTestCase {
    private let guest = VaultAccount(id: "guest_1", kind: .transient)
    private let down = VaultError.storage(message: "the vault cannot be read: down")

    /// A guest store whose first read is under way (request 1).
    private func mounted() -> ReducerTester<VaultReducer> {
        var store = ReducerTester(VaultReducer(), state: .mounted(on: guest))
        store.send(.sessionRead(guest), effects: [.loadView(requestID: 1, account: guest)]) {
            $0.loading = 1
            $0.lastRequestID = 1
        }
        return store
    }

    /// The first read fails: phase Error, the read error, and the first wait (request `wait`, 1 s).
    private func firstReadFails(_ store: inout ReducerTester<VaultReducer>, wait: UInt64) {
        store.send(.viewFailed(requestID: 1, down), effects: [.waitToRead(requestID: wait, seconds: 1)]) {
            $0.loading = nil
            $0.sessionStarting = false
            $0.phase = .error(message: down.message)
            $0.readError = VaultErrorView(down)
            $0.pendingReload = .all
            $0.failedReads = 1
            $0.readWait = wait
            $0.lastRequestID = wait
        }
    }

    func testAFailedReadIsReadAgainAfter1sThenDoublingUpTo60s() {
        XCTAssertEqual((1...8).map(VaultReadRetrySchedule.delay(afterFailures:)), [1, 2, 4, 8, 16, 32, 60, 60])
    }

    /// The write committed while the store's first read was under way, and that read then failed: no other
    /// change follows, so only the read tried again shows the record.
    func testAWriteThatFinishedWhileTheFailedReadRanReachesTheViewOnTheReadTriedAgain() {
        let note = RecordContent(schema: "note", version: 1, payload: "{}")
        var store = mounted()
        store.receive(
            .write(value: .create(record: note)), effects: [.write(requestID: 2, account: guest, .create(record: note))]
        ) {
            $0.running = [2]
            $0.writing = 2
            $0.lastRequestID = 2
        }
        store.send(.writeFinished(requestID: 2, changed: .entries(["D_1"]), patch: nil, pushes: false)) {
            $0.running = []
            $0.writing = nil
            $0.pendingReload = .entries(["D_1"])
        }
        firstReadFails(&store, wait: 3)
        store.send(.readDue(requestID: 3), effects: [.loadView(requestID: 4, account: guest)]) {
            $0.readWait = nil
            $0.pendingReload = nil
            $0.loading = 4
            $0.lastRequestID = 4
        }
        store.send(.viewFailed(requestID: 4, down), effects: [.waitToRead(requestID: 5, seconds: 2)]) {
            $0.loading = nil
            $0.pendingReload = .all
            $0.failedReads = 2
            $0.readWait = 5
            $0.lastRequestID = 5
        }
        store.send(.readDue(requestID: 5), effects: [.loadView(requestID: 6, account: guest)]) {
            $0.readWait = nil
            $0.pendingReload = nil
            $0.loading = 6
            $0.lastRequestID = 6
        }
        // A transient vault in phase Error runs no pass; the read that opens every record ends the phase.
        let record = VaultRecord(
            header: RecordHeader(
                id: "D_1", schema: "note", version: 1, state: .active, permission: .owner, createdAt: 1,
                updatedAt: 2, sync: RecordSync(dirty: true)),
            payload: "{}")
        store.send(
            .viewLoaded(requestID: 6, VaultView(records: [record])),
            effects: [.watch(account: guest), .sync(requestID: 7, account: guest, background: true)]
        ) {
            $0.loading = nil
            $0.view = VaultView(records: [record])
            $0.readError = nil
            $0.failedReads = 0
            $0.watching = true
            $0.syncing = 7
            $0.phase = .syncing
            $0.lastRequestID = 7
        }
        XCTAssertEqual(
            store.reducer.model(of: store.state)["records"], .array([record.json]), "the record the write made")
        store.skip(.watch(account: guest))
        store.skip(.sync(requestID: 7, account: guest, background: true))
        store.finish()
    }

    /// A change notification that came during the wait read the view already: the wait ends with nothing to read.
    func testAReadStartedByANotificationDuringTheWaitLeavesTheWaitNothingToRead() {
        var store = mounted()
        firstReadFails(&store, wait: 2)
        store.send(.vaultChanged, effects: [.loadView(requestID: 3, account: guest)]) {
            $0.pendingReload = nil
            $0.loading = 3
            $0.lastRequestID = 3
        }
        store.send(.readDue(requestID: 2)) { $0.readWait = nil }
        store.skip(.loadView(requestID: 3, account: guest))
        store.finish()
    }

    /// A store adopted from its snapshot goes on waiting with the pause it had reached.
    func testASnapshotKeepsTheFailedReadsAndTheWait() throws {
        var state = VaultReducer.State.mounted(on: guest)
        state.failedReads = 3
        state.readWait = 5
        state.lastRequestID = 5
        let restored = try JSONDecoder().decode(VaultReducer.State.self, from: try JSONEncoder().encode(state))
        XCTAssertEqual(restored.failedReads, 3)
        XCTAssertEqual(restored.readWait, 5)
        XCTAssertEqual(restored, state)
    }
}
