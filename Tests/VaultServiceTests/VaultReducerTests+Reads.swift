import FolioModel
import StoreKitTesting
import VaultService
import WireModel
import XCTest

/// How VaultStore reads its view after a change (docs/vault-store.md, "Reading the view"): only the entries a
/// write names, one read at a time, the changes that arrive meanwhile together after it.
final class VaultReducerReadTests: XCTestCase {
    private let guest = VaultAccount(id: "guest_1", kind: .transient)

    private func record(_ id: String, _ payload: String = "{}") -> VaultRecord {
        VaultRecord(
            header: RecordHeader(
                id: id, schema: "note", version: 1, state: .active, permission: .owner, createdAt: 1, updatedAt: 1,
                sync: RecordSync(dirty: true)),
            payload: payload)
    }

    /// A guest store whose first view (D_1) is read and whose first pass is done.
    private func started() -> ReducerTester<VaultReducer> {
        var store = ReducerTester(VaultReducer(), state: VaultReducer.State(network: .online))
        store.send(.sessionChanged(guest), effects: [.loadView(requestID: 1, account: guest)]) {
            $0.account = guest
            $0.sessionStarting = true
            $0.loading = 1
            $0.lastRequestID = 1
        }
        store.send(
            .viewLoaded(requestID: 1, VaultView(records: [record("D_1")], pending: 1)),
            effects: [.watch(account: guest), .sync(requestID: 2, account: guest, background: true)]
        ) {
            $0.view = VaultView(records: [record("D_1")], pending: 1)
            $0.loading = nil
            $0.sessionStarting = false
            $0.watching = true
            $0.syncing = 2
            $0.phase = .syncing
            $0.lastRequestID = 2
        }
        store.run(.watch(account: guest))
        store.send(.syncFinished(requestID: 2, SyncOutcome(finishedAt: 100))) {
            $0.syncing = nil
            $0.phase = .idle
            $0.lastSyncedAt = 100
        }
        return store
    }

    func testAWriteReadsOnlyItsEntriesAndChangesMeanwhileAreReadTogetherAfterIt() {
        var store = started()
        store.send(.entriesChanged(["D_2"]), effects: [.loadEntries(requestID: 3, account: guest, ids: ["D_2"])]) {
            $0.loading = 3
            $0.lastRequestID = 3
        }
        store.send(.entriesChanged(["D_4", "D_3"])) { $0.pendingReload = .entries(["D_3", "D_4"]) }
        store.send(.entriesChanged(["D_3"]))
        let patch = VaultViewPatch(
            entries: [.init(localID: "D_2", createdAt: 2, change: .record(record("D_2")))], pending: 2)
        store.send(
            .entriesLoaded(requestID: 3, patch),
            effects: [.loadEntries(requestID: 4, account: guest, ids: ["D_3", "D_4"])]
        ) {
            $0.view = VaultView(records: [record("D_1"), record("D_2")], pending: 2)
            $0.loading = 4
            $0.pendingReload = nil
            $0.lastRequestID = 4
        }
        XCTAssertEqual(
            store.reducer.model(of: store.state)["records"],
            .array([record("D_1").json, record("D_2").json]),
            "the model's records are the view's, in their wire shape")

        // A change that names no entries makes the next read a whole one.
        store.send(.vaultChanged) { $0.pendingReload = .all }
        store.send(.entriesChanged(["D_5"]))
        let next = VaultViewPatch(
            entries: [
                .init(localID: "D_3", createdAt: 3, change: .record(record("D_3"))),
                .init(localID: "D_4", createdAt: 4, change: .unreadable),
            ], pending: 3)
        let message = "1 stored record(s) cannot be opened: D_4"
        store.send(.entriesLoaded(requestID: 4, next), effects: [.loadView(requestID: 5, account: guest)]) {
            $0.view = VaultView(
                records: [record("D_1"), record("D_2"), record("D_3")], pending: 3, unreadable: ["D_4"])
            $0.readError = VaultErrorView(.storage(message: message))
            $0.loading = 5
            $0.pendingReload = nil
            $0.lastRequestID = 5
        }
        // The rule is that an unreadable entry reads the whole view; that read is tested on its own.
        store.skip(.loadView(requestID: 5, account: guest))
        store.finish()
    }

    func testAnEntryReadAgainReplacesTheOneShownUnderItsLocalOrFolioID() {
        var store = started()
        store.send(.entriesChanged(["D_1"]), effects: [.loadEntries(requestID: 3, account: guest, ids: ["D_1"])]) {
            $0.loading = 3
            $0.lastRequestID = 3
        }
        // Folio confirmed D_1 meanwhile: it shows under Folio's id, in the same place.
        let confirmed = record("rec_1", #"{"v":2}"#)
        let patch = VaultViewPatch(
            entries: [.init(localID: "D_1", folioID: "rec_1", createdAt: 1, change: .record(confirmed))])
        store.send(.entriesLoaded(requestID: 3, patch)) {
            $0.view = VaultView(records: [confirmed])
            $0.loading = nil
        }
        store.finish()
    }

    func testAPatchThatFindsAnEntryGoneReadsTheWholeView() {
        var store = started()
        store.send(.entriesChanged(["D_1"]), effects: [.loadEntries(requestID: 3, account: guest, ids: ["D_1"])]) {
            $0.loading = 3
            $0.lastRequestID = 3
        }
        let gone = VaultViewPatch(entries: [.init(localID: "D_1", change: .missing)])
        store.send(.entriesLoaded(requestID: 3, gone), effects: [.loadView(requestID: 4, account: guest)]) {
            $0.loading = 4
            $0.lastRequestID = 4
        }
        // The rule is that a missing entry reads the whole view; that read is tested on its own.
        store.skip(.loadView(requestID: 4, account: guest))
        store.finish()
    }

    func testAReadOfAnEarlierSessionIsStale() {
        var store = started()
        store.send(.entriesChanged(["D_2"]), effects: [.loadEntries(requestID: 3, account: guest, ids: ["D_2"])]) {
            $0.loading = 3
            $0.lastRequestID = 3
        }
        let other = VaultAccount(id: "guest_2", kind: .transient)
        store.send(.sessionChanged(other), effects: [.loadView(requestID: 4, account: other)]) {
            $0.account = other
            $0.view = VaultView()
            $0.sessionStarting = true
            $0.watching = false
            $0.loading = 4
            $0.lastRequestID = 4
        }
        store.send(
            .entriesLoaded(
                requestID: 3, VaultViewPatch(entries: [.init(localID: "D_2", change: .record(record("D_2")))])))
        // The new session's first read is tested in VaultReducerTests.
        store.skip(.loadView(requestID: 4, account: other))
        store.finish()
    }

    /// The writing store takes the entries as its write left them (read in the write's transaction): the new
    /// record and `busy` false show in one change, with no read after it.
    func testAWriteShowsItsEntriesWithItsEndWhenNoReadStartedMeanwhile() {
        var store = started()
        let create = VaultWrite.create(record: RecordContent(schema: "note", version: 1, payload: "{}"))
        store.receive(.write(value: create), effects: [.write(requestID: 3, account: guest, create)]) {
            $0.running = [3]
            $0.writing = 3
            $0.lastRequestID = 3
        }
        let patch = VaultViewPatch(
            entries: [.init(localID: "D_2", createdAt: 2, change: .record(record("D_2")))], pending: 2)
        store.send(.writeFinished(requestID: 3, changed: .entries(["D_2"]), patch: patch, pushes: false)) {
            $0.running = []
            $0.writing = nil
            $0.view = VaultView(records: [record("D_1"), record("D_2")], pending: 2)
        }
        XCTAssertEqual(store.reducer.model(of: store.state)["busy"], false)
        store.finish()
    }

    /// A read that started while the write ran may answer after it, or hold a change the patch missed: the
    /// patch is dropped and the write's entries are read after that read.
    func testAWritesPatchGivesWayToAReadThatStartedMeanwhile() {
        var store = started()
        let create = VaultWrite.create(record: RecordContent(schema: "note", version: 1, payload: "{}"))
        store.receive(.write(value: create), effects: [.write(requestID: 3, account: guest, create)]) {
            $0.running = [3]
            $0.writing = 3
            $0.lastRequestID = 3
        }
        store.send(.entriesChanged(["D_9"]), effects: [.loadEntries(requestID: 4, account: guest, ids: ["D_9"])]) {
            $0.loading = 4
            $0.lastRequestID = 4
        }
        let patch = VaultViewPatch(
            entries: [.init(localID: "D_2", createdAt: 2, change: .record(record("D_2")))], pending: 2)
        store.send(.writeFinished(requestID: 3, changed: .entries(["D_2"]), patch: patch, pushes: false)) {
            $0.running = []
            $0.writing = nil
            $0.pendingReload = .entries(["D_2"])
        }
        store.send(
            .entriesLoaded(requestID: 4, VaultViewPatch(entries: [], pending: 1)),
            effects: [.loadEntries(requestID: 5, account: guest, ids: ["D_2"])]
        ) {
            $0.loading = 5
            $0.pendingReload = nil
            $0.lastRequestID = 5
        }

        // A write that changed more than its entries reads the whole view.
        store.receive(
            .write(value: .permanentlyDelete(id: "D_1")),
            effects: [
                .write(requestID: 6, account: guest, .permanentlyDelete(id: "D_1"))
            ]
        ) {
            $0.running = [6]
            $0.writing = 6
            $0.lastRequestID = 6
        }
        store.send(.writeFinished(requestID: 6, changed: .all, patch: nil, pushes: false)) {
            $0.running = []
            $0.writing = nil
            $0.pendingReload = .all
        }
        // The rule is that the whole view is read after this read (pendingReload); its answer is tested above.
        store.skip(.loadEntries(requestID: 5, account: guest, ids: ["D_2"]))
        store.finish()
    }

    func testARecordKeepsItsKeyWhenThePushGivesItFoliosIdAndActionsNameItByThatKey() {
        var store = started()
        let pushed = VaultRecord(
            key: "D_1",
            header: RecordHeader(
                id: "rec_1", schema: "note", version: 1, state: .active, permission: .owner, createdAt: 1,
                updatedAt: 1, sync: RecordSync(dirty: false, revision: 1)),
            payload: "{}")
        store.send(.entriesChanged(["D_1"]), effects: [.loadEntries(requestID: 3, account: guest, ids: ["D_1"])]) {
            $0.loading = 3
            $0.lastRequestID = 3
        }
        let patch = VaultViewPatch(
            entries: [.init(localID: "D_1", folioID: "rec_1", createdAt: 1, change: .record(pushed))], pending: 0)
        store.send(.entriesLoaded(requestID: 3, patch)) {
            $0.view = VaultView(records: [pushed])
            $0.loading = nil
        }
        let records = store.reducer.model(of: store.state)["records"]?.arrayValue ?? []
        XCTAssertEqual(records.count, 1, "the pushed record replaces its local self")
        XCTAssertEqual(records.first?["key"], "D_1", "the key the record was first shown with")
        XCTAssertEqual(records.first?["header"]?["id"], "rec_1", "header.id is Folio's, as the spec says")
        store.send(
            .actionReceived(.write(value: .delete(id: "D_1"))),
            effects: [.write(requestID: 4, account: guest, .delete(id: "D_1"))]
        ) {
            $0.writing = 4
            $0.running = [4]
            $0.lastRequestID = 4
        }
    }
}
