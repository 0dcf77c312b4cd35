import FolioModel
import StoreKit
import StoreKitTesting
import VaultService
import WireModel
import XCTest

/// VaultStore's rules of spec "Actions", "Sync", "Errors" and "Transient sessions", asserting the whole
/// state and every effect after each step.
final class VaultReducerTests: XCTestCase {
    private let signedIn = VaultAccount(id: "acct_chen", kind: .authenticated, folioSessionID: "ses_1")
    private let guest = VaultAccount(id: "guest_1", kind: .transient)
    private let note = RecordContent(schema: "note", version: 1, payload: "{}")
    private let record = VaultRecord(
        header: RecordHeader(
            id: "D_1", schema: "note", version: 1, state: .active, permission: .owner, createdAt: 1, updatedAt: 1,
            sync: RecordSync(dirty: true)),
        payload: "{}")

    /// A store whose session holds `account`, its first view read and its first background pass done.
    private func started(_ account: VaultAccount, network: NetworkStatus = .online) -> ReducerTester<VaultReducer> {
        var store = ReducerTester(VaultReducer(), state: VaultReducer.State(network: network))
        store.send(.sessionChanged(account), effects: [.loadView(requestID: 1, account: account)]) {
            $0.account = account
            $0.sessionStarting = true
            $0.loading = 1
            $0.lastRequestID = 1
        }
        store.send(
            .viewLoaded(requestID: 1, VaultView(records: [record], pending: 1)),
            effects: [.watch(account: account), .sync(requestID: 2, account: account, background: true)]
        ) {
            $0.view = VaultView(records: [record], pending: 1)
            $0.loading = nil
            $0.sessionStarting = false
            $0.watching = true
            $0.syncing = 2
            $0.phase = .syncing
            $0.lastRequestID = 2
        }
        store.run(.watch(account: account))
        store.send(.syncFinished(requestID: 2, SyncOutcome(finishedAt: 100))) {
            $0.syncing = nil
            $0.phase = .idle
            $0.lastSyncedAt = 100
        }
        return store
    }

    func testAWriteIsBusyUntilItFinishesAndTheRecordsComeFromTheChangeNotification() {
        var store = started(signedIn)
        store.receive(
            .write(value: .create(record: note)),
            effects: [.write(requestID: 3, account: signedIn, .create(record: note))]
        ) {
            $0.running = [3]
            $0.writing = 3
            $0.lastRequestID = 3
        }
        XCTAssertEqual(store.reducer.model(of: store.state)["busy"], true)
        // After a write of a signed-in vault, it pushes.
        store.send(
            .actionFinished(requestID: 3, error: nil, pushes: true),
            effects: [.sync(requestID: 4, account: signedIn, background: true)]
        ) {
            $0.running = []
            $0.writing = nil
            $0.syncing = 4
            $0.phase = .syncing
            $0.lastRequestID = 4
        }
        store.send(.vaultChanged, effects: [.loadView(requestID: 5, account: signedIn)]) {
            $0.loading = 5
            $0.lastRequestID = 5
        }
        // The rule is what the write asks for; the pass and the read are tested on their own.
        store.skip(.sync(requestID: 4, account: signedIn, background: true))
        store.skip(.loadView(requestID: 5, account: signedIn))
        store.finish()
    }

    func testAFailureLandsInErrorASuccessClearsItAndDismissErrorClearsIt() {
        var store = started(signedIn)
        store.receive(
            .write(value: .delete(id: "D_9")), effects: [.write(requestID: 3, account: signedIn, .delete(id: "D_9"))]
        ) {
            $0.running = [3]
            $0.writing = 3
            $0.lastRequestID = 3
        }
        store.send(.actionFinished(requestID: 3, error: .notFound(message: "no record D_9"), pushes: false)) {
            $0.running = []
            $0.writing = nil
            $0.actionError = VaultErrorView(.notFound(message: "no record D_9"))
            $0.actionErrorRequestID = 3
        }
        XCTAssertEqual(store.reducer.model(of: store.state)["error"]?["details"]?["type"], "NOT_FOUND")
        store.receive(.dismissError) {
            $0.actionError = nil
            $0.actionErrorRequestID = nil
        }
        store.receive(
            .write(value: .delete(id: "D_9")), effects: [.write(requestID: 4, account: signedIn, .delete(id: "D_9"))]
        ) {
            $0.running = [4]
            $0.writing = 4
            $0.lastRequestID = 4
        }
        store.send(.actionFinished(requestID: 4, error: .notFound(message: "x"), pushes: false)) {
            $0.running = []
            $0.writing = nil
            $0.actionError = VaultErrorView(.notFound(message: "x"))
            $0.actionErrorRequestID = 4
        }
        store.receive(
            .write(value: .create(record: note)),
            effects: [.write(requestID: 5, account: signedIn, .create(record: note))]
        ) {
            $0.running = [5]
            $0.writing = 5
            $0.lastRequestID = 5
        }
        store.send(.actionFinished(requestID: 5, error: nil, pushes: false)) {
            $0.running = []
            $0.writing = nil
            $0.actionError = nil
            $0.actionErrorRequestID = nil
        }
        store.finish()
    }

    func testASyncThatFinishesAfterALaterActionFailedLeavesThatFailureInError() {
        let reducer = VaultReducer()
        var state = started(signedIn).state
        // The person syncs, then deletes a record shared with them to view only; the delete is refused while
        // the sync is still under way.
        XCTAssertEqual(
            reducer.reduce(&state, .actionReceived(.sync)), [.sync(requestID: 3, account: signedIn, background: false)])
        XCTAssertEqual(
            reducer.reduce(&state, .actionReceived(.write(value: .delete(id: "D_1")))),
            [.write(requestID: 4, account: signedIn, .delete(id: "D_1"))])
        _ = reducer.reduce(
            &state, .actionFinished(requestID: 4, error: .permissionDenied(message: "view only"), pushes: false))
        XCTAssertEqual(reducer.model(of: state)["error"]?["details"]?["type"], "PERMISSION_DENIED")
        _ = reducer.reduce(&state, .syncFinished(requestID: 3, SyncOutcome(finishedAt: 200)))
        XCTAssertEqual(
            reducer.model(of: state)["error"]?["details"]?["type"], "PERMISSION_DENIED",
            "the earlier Sync's success does not clear the later Delete's failure")
        XCTAssertEqual(reducer.model(of: state)["busy"], false)

        // An action dispatched after the failure clears it when it succeeds.
        _ = reducer.reduce(&state, .actionReceived(.sync))
        _ = reducer.reduce(&state, .syncFinished(requestID: 5, SyncOutcome(finishedAt: 300)))
        XCTAssertNil(reducer.model(of: state)["error"]?["details"], "\(reducer.model(of: state))")
    }

    func testASyncThatFinishesAfterALaterActionWasRefusedAtDispatchLeavesTheRefusalInError() {
        let reducer = VaultReducer()
        var state = started(signedIn).state
        _ = reducer.reduce(&state, .actionReceived(.sync))
        _ = reducer.reduce(&state, .networkChanged(.offline))
        // Refused at once: folder changes of a signed-in session need the network.
        XCTAssertEqual(reducer.reduce(&state, .actionReceived(.write(value: .createFolder(folder: note)))), [])
        _ = reducer.reduce(&state, .syncFinished(requestID: 3, SyncOutcome(finishedAt: 200)))
        XCTAssertEqual(
            reducer.model(of: state)["error"]?["details"]?["type"], "OFFLINE_FOLDER_OP_NOT_SUPPORTED",
            "\(reducer.model(of: state))")
    }

    func testAReadErrorStaysUntilTheNextSuccessfulRead() {
        var store = started(signedIn)
        store.send(.vaultChanged, effects: [.loadView(requestID: 3, account: signedIn)]) {
            $0.loading = 3
            $0.lastRequestID = 3
        }
        store.send(
            .viewFailed(requestID: 3, .storage(message: "down")), effects: [.waitToRead(requestID: 4, seconds: 1)]
        ) {
            $0.loading = nil
            $0.readError = VaultErrorView(.storage(message: "down"))
            // Not read again at once: after a pause (VaultReducerReadRetryTests), or on the next change notification.
            $0.pendingReload = .all
            $0.failedReads = 1
            $0.readWait = 4
            $0.lastRequestID = 4
        }
        store.receive(.dismissError)
        XCTAssertEqual(store.state.readError, VaultErrorView(.storage(message: "down")), "DismissError leaves it")
        store.send(.vaultChanged, effects: [.loadView(requestID: 5, account: signedIn)]) {
            $0.loading = 5
            $0.pendingReload = nil
            $0.lastRequestID = 5
        }
        store.send(.viewLoaded(requestID: 5, VaultView())) {
            $0.loading = nil
            $0.readError = nil
            $0.view = VaultView()
            $0.failedReads = 0
            $0.readWait = nil
        }
        // The wait's answer is stale now; how a wait ends is tested in VaultReducerReadRetryTests.
        store.skip(.waitToRead(requestID: 4, seconds: 1))
        store.finish()
    }

    func testATransientSessionRefusesSyncAndShareAndResolveConflict() {
        var store = started(guest)
        store.receive(.sync) {
            $0.actionError = VaultErrorView(.transientNotSupported)
            $0.actionErrorRequestID = 2
        }
        store.receive(.dismissError) {
            $0.actionError = nil
            $0.actionErrorRequestID = nil
        }
        store.receive(.share(value: .accept(inviteId: "inv_1"))) {
            $0.actionError = VaultErrorView(.transientNotSupported)
            $0.actionErrorRequestID = 2
        }
        store.receive(.write(value: .resolveConflict(id: "D_1", resolution: .acceptRemote))) {
            $0.actionError = VaultErrorView(.transientNotSupported)
        }
        // Folder changes work offline there.
        store.send(.networkChanged(.offline)) { $0.network = .offline }
        store.receive(
            .write(value: .createFolder(folder: note)),
            effects: [.write(requestID: 3, account: guest, .createFolder(folder: note))]
        ) {
            $0.running = [3]
            $0.writing = 3
            $0.lastRequestID = 3
        }
        // The rule is that the folder write goes out offline; how a write ends is tested above.
        store.skip(.write(requestID: 3, account: guest, .createFolder(folder: note)))
        store.finish()
    }

    func testFolderChangesOfASignedInSessionNeedTheNetwork() {
        var store = started(signedIn)
        store.send(.networkChanged(.offline)) { $0.network = .offline }
        store.receive(.write(value: .createFolder(folder: note))) {
            $0.actionError = VaultErrorView(.offlineFolderOpNotSupported)
            $0.actionErrorRequestID = 2
        }
        store.send(.networkChanged(.unknown)) { $0.network = .unknown }
        store.receive(.write(value: .setFolderOpen(id: "F_1", open: true))) {
            $0.actionError = VaultErrorView(.upstreamUnavailable(message: "the network status cannot be read"))
        }
        store.finish()
    }

    func testWhenTheNetworkComesBackItPushesAndFetches() {
        var store = started(signedIn, network: .offline)
        store.send(.networkChanged(.online), effects: [.sync(requestID: 3, account: signedIn, background: true)]) {
            $0.network = .online
            $0.syncing = 3
            $0.phase = .syncing
            $0.lastRequestID = 3
        }
        // The rule is that the pass goes out; how a pass ends is tested on its own.
        store.skip(.sync(requestID: 3, account: signedIn, background: true))
        store.finish()
    }

    func testInTheForegroundASignedInVaultPushesOnlyWithinAMinuteOfTheLastFetchAndRunsAWholePassAfterIt() {
        // started(): the session-start pass fetched at 100.
        var store = started(signedIn)
        store.send(.cameToForeground(now: 159), effects: [.push(requestID: 3, account: signedIn)]) {
            $0.syncing = 3
            $0.phase = .syncing
            $0.lastRequestID = 3
        }
        store.send(.syncFinished(requestID: 3, SyncOutcome(finishedAt: 159, fetched: false))) {
            $0.syncing = nil
            $0.phase = .idle
        }
        // A push is no fetch: the minute still counts from 100.
        store.send(
            .cameToForeground(now: 160), effects: [.sync(requestID: 4, account: signedIn, background: true)]
        ) {
            $0.syncing = 4
            $0.phase = .syncing
            $0.lastRequestID = 4
        }
        store.send(.syncFinished(requestID: 4, SyncOutcome(finishedAt: 161))) {
            $0.syncing = nil
            $0.phase = .idle
            $0.lastSyncedAt = 161
        }
        store.send(.cameToForeground(now: 200), effects: [.push(requestID: 5, account: signedIn)]) {
            $0.syncing = 5
            $0.phase = .syncing
            $0.lastRequestID = 5
        }
        // The rule is that a push goes out within the minute; how a push ends is tested on its own.
        store.skip(.push(requestID: 5, account: signedIn))
        store.finish()
    }

    func testTheSyncActionRunsAtOnceAndIsNotRetried() {
        var store = started(signedIn)
        store.receive(.sync, effects: [.sync(requestID: 3, account: signedIn, background: false)]) {
            $0.running = [3]
            $0.phase = .syncing
            $0.lastRequestID = 3
        }
        let failed = SyncOutcome(error: .network(message: "refused"), recordFailures: 1, finishedAt: 200)
        store.send(.syncFinished(requestID: 3, failed)) {
            $0.running = []
            $0.actionError = VaultErrorView(.network(message: "refused"))
            $0.actionErrorRequestID = 3
            $0.phase = .degraded(message: "1 record failure(s), 0 attachment failure(s)")
        }
        store.finish()
    }

    func testAFailedBackgroundPushIsRetriedAfter2sThenDoublingUpTo5Minutes() {
        var store = started(signedIn)
        XCTAssertEqual(
            (1...10).map(SyncRetrySchedule.delay(afterFailures:)), [2, 4, 8, 16, 32, 64, 128, 256, 300, 300])
        store.send(.networkChanged(.offline)) { $0.network = .offline }
        store.send(.networkChanged(.online), effects: [.sync(requestID: 3, account: signedIn, background: true)]) {
            $0.network = .online
            $0.syncing = 3
            $0.phase = .syncing
            $0.lastRequestID = 3
        }
        let failed = SyncOutcome(error: .network(message: "500"), recordFailures: 1, finishedAt: 200)
        store.send(.syncFinished(requestID: 3, failed), effects: [.waitToRetry(requestID: 4, seconds: 2)]) {
            $0.syncing = nil
            $0.phase = .degraded(message: "1 record failure(s), 0 attachment failure(s)")
            $0.failedAttempts = 1
            $0.retryWait = 4
            $0.lastRequestID = 4
        }
        store.send(.retryDue(requestID: 4), effects: [.sync(requestID: 5, account: signedIn, background: true)]) {
            $0.retryWait = nil
            $0.syncing = 5
            $0.phase = .syncing
            $0.lastRequestID = 5
        }
        store.send(.syncFinished(requestID: 5, failed), effects: [.waitToRetry(requestID: 6, seconds: 4)]) {
            $0.syncing = nil
            $0.phase = .degraded(message: "1 record failure(s), 0 attachment failure(s)")
            $0.failedAttempts = 2
            $0.retryWait = 6
            $0.lastRequestID = 6
        }
        XCTAssertEqual(
            store.reducer.model(of: store.state)["error"], nil, "a background failure is not an action's error")
        // The delays are the rule; the retry after the last wait is the same as after the first.
        store.skip(.waitToRetry(requestID: 6, seconds: 4))
        store.finish()
    }

    func testAStoredRecordThatCannotBeReadAtSessionStartGivesPhaseErrorAndBlocksSync() {
        var store = ReducerTester(VaultReducer(), state: VaultReducer.State(network: .online))
        store.send(.sessionChanged(signedIn), effects: [.loadView(requestID: 1, account: signedIn)]) {
            $0.account = signedIn
            $0.sessionStarting = true
            $0.loading = 1
            $0.lastRequestID = 1
        }
        let message = "1 stored record(s) cannot be opened: D_7"
        store.send(
            .viewLoaded(requestID: 1, VaultView(unreadable: ["D_7"])), effects: [.push(requestID: 2, account: signedIn)]
        ) {
            $0.loading = nil
            $0.sessionStarting = false
            $0.view = VaultView(unreadable: ["D_7"])
            $0.readError = VaultErrorView(.storage(message: message))
            $0.phase = .error(message: message)
            $0.syncing = 2
            $0.lastRequestID = 2
        }
        store.receive(.sync) {
            $0.actionError = VaultErrorView(.storage(message: message))
            $0.actionErrorRequestID = 2
        }
        // The rule is that Sync is refused in phase Error; the session-start push is tested in
        // VaultReducerErrorPhaseTests.
        store.skip(.push(requestID: 2, account: signedIn))
        store.finish()
    }

    func testTheStateFollowsTheSession() {
        var store = started(guest)
        store.send(.sessionChanged(signedIn), effects: [.loadView(requestID: 3, account: signedIn)]) {
            $0.account = signedIn
            $0.view = VaultView()
            $0.sessionStarting = true
            $0.watching = false
            $0.loading = 3
            $0.lastRequestID = 3
        }
        store.sendStray(.viewLoaded(requestID: 1, VaultView(records: [record])))
        // The rule is that the earlier session's read is stale; the new session's first read is tested on its own.
        store.skip(.loadView(requestID: 3, account: signedIn))
        store.finish()
    }

    func testAChangeDuringABackgroundPassStartsAnotherAfterIt() {
        var store = started(signedIn)
        store.send(.networkChanged(.offline)) { $0.network = .offline }
        store.send(.networkChanged(.online), effects: [.sync(requestID: 3, account: signedIn, background: true)]) {
            $0.network = .online
            $0.syncing = 3
            $0.phase = .syncing
            $0.lastRequestID = 3
        }
        store.receive(
            .write(value: .create(record: note)),
            effects: [.write(requestID: 4, account: signedIn, .create(record: note))]
        ) {
            $0.running = [4]
            $0.writing = 4
            $0.lastRequestID = 4
        }
        store.send(.actionFinished(requestID: 4, error: nil, pushes: true)) {
            $0.running = []
            $0.writing = nil
            $0.syncAgain = true
        }
        store.send(
            .syncFinished(requestID: 3, SyncOutcome(finishedAt: 300)),
            effects: [.sync(requestID: 5, account: signedIn, background: true)]
        ) {
            $0.lastSyncedAt = 300
            $0.syncing = 5
            $0.syncAgain = false
            $0.phase = .syncing
            $0.lastRequestID = 5
        }
        // The rule is that another pass follows; how a pass ends is tested on its own.
        store.skip(.sync(requestID: 5, account: signedIn, background: true))
        store.finish()
    }

    func testTheSnapshotLeavesTheViewOutAndARestoreReadsItAgain() throws {
        let store = started(signedIn)
        let data = try JSONEncoder().encode(store.state)
        var restored = try JSONDecoder().decode(VaultReducer.State.self, from: data)
        XCTAssertEqual(restored.view, VaultView(), "the records are not in the snapshot")
        var expected = store.state
        expected.view = VaultView()
        expected.watching = false
        XCTAssertEqual(restored, expected, "the store's watch of Folio is not in the snapshot either")
        let effects = VaultReducer().reduce(&restored, .restored)
        XCTAssertEqual(effects, [.loadView(requestID: 3, account: signedIn)])
        // Its first read takes the watch again.
        let read = VaultReducer().reduce(&restored, .viewLoaded(requestID: 3, VaultView(records: [record])))
        XCTAssertEqual(read, [.watch(account: signedIn)])
        store.finish()
    }

    /// Written before the request ledger: `running`, `loading`, `syncing`, `retryWait` and `lastRequestID`.
    func testASnapshotOfTheShapeBeforeTheRequestLedgerReadsBackAndKeepsItsShape() throws {
        let written: JSONValue = [
            "account": ["id": "acct_chen", "kind": "authenticated", "folioSessionID": "ses_1"],
            "network": "online", "running": [7], "writing": 7, "waitingWrites": [], "phase": ["type": "IDLE"],
            "loading": 8, "sessionStarting": false, "syncing": 6, "syncAgain": false, "failedAttempts": 1,
            "retryWait": 5, "lastRequestID": 8,
        ]
        let state = try written.decode(VaultReducer.State.self)
        XCTAssertEqual(
            state.requests,
            RequestLedger(
                lastIssued: 8,
                awaited: [
                    .init(id: 5, purpose: .retryWait), .init(id: 6, purpose: .sync), .init(id: 7, purpose: .action),
                    .init(id: 8, purpose: .read),
                ]))
        XCTAssertEqual(state.running, [7])
        XCTAssertEqual(state.loading, 8)
        XCTAssertEqual(state.syncing, 6)
        XCTAssertEqual(state.retryWait, 5)
        XCTAssertEqual(try JSONValue(encoding: state), written)
    }

    /// An attachment a service adds (vaultinternal.addAttachment) is pushed by the store's own background pass,
    /// so its sync phase shows it and it runs one pass at a time with the others.
    func testAnAttachmentAddedByAServicePushesThroughTheStoresBackgroundPass() {
        var store = started(signedIn)
        store.send(.entriesChanged(["D_1"]), effects: [.loadEntries(requestID: 3, account: signedIn, ids: ["D_1"])]) {
            $0.loading = 3
            $0.lastRequestID = 3
        }
        store.send(.pushRequested, effects: [.sync(requestID: 4, account: signedIn, background: true)]) {
            $0.syncing = 4
            $0.phase = .syncing
            $0.lastRequestID = 4
        }
        XCTAssertEqual(store.reducer.model(of: store.state)["sync"]?["phase"], ["type": "SYNCING"])
        // Another during that pass waits for it.
        store.send(.pushRequested) { $0.syncAgain = true }

        var guestStore = started(guest)
        guestStore.send(.pushRequested)  // a transient vault pushes nothing
        // The rule is that the push runs in the store's one background pass; the read and the pass end elsewhere.
        store.skip(.loadEntries(requestID: 3, account: signedIn, ids: ["D_1"]))
        store.skip(.sync(requestID: 4, account: signedIn, background: true))
        store.finish()
        guestStore.finish()
    }
}

extension VaultReducerTests {
    func testAnAnnouncedSessionIsNotUndoneByTheSessionReadAtMount() {
        let guest = VaultAccount(id: "guest_1", kind: .transient)
        let signedIn = VaultAccount(id: "acct_chen", kind: .authenticated, folioSessionID: "ses_1")
        var store = ReducerTester(VaultReducer(), state: VaultReducer.State(network: .online))
        store.send(.sessionChanged(signedIn), effects: [.loadView(requestID: 1, account: signedIn)]) {
            $0.account = signedIn
            $0.sessionStarting = true
            $0.loading = 1
            $0.lastRequestID = 1
        }
        store.send(.sessionRead(guest))
        // The rule is that the session read at mount does not undo the announced one; its first read is tested
        // elsewhere.
        store.skip(.loadView(requestID: 1, account: signedIn))
        store.finish()
    }
}

extension VaultReducerTests {
    func testTheSessionReadAgainAfterTheMountStartsTheFirstReadWithoutChangingTheModel() {
        let guest = VaultAccount(id: "guest_1", kind: .transient)
        var store = ReducerTester(VaultReducer(), state: .mounted(on: guest))
        let first = store.reducer.model(of: store.state)
        XCTAssertEqual(first, VaultUiModel().json)
        store.send(.sessionRead(guest), effects: [.loadView(requestID: 1, account: guest)]) {
            $0.loading = 1
            $0.lastRequestID = 1
        }
        XCTAssertEqual(store.reducer.model(of: store.state), first, "the model stays at version 0")
        store.send(.sessionRead(guest))  // a second read finds the first one under way
        store.skip(.loadView(requestID: 1, account: guest))
        store.finish()
    }

    func testASessionThatMovedBetweenTheMountAndTheReadAgainIsASessionChange() {
        let guest = VaultAccount(id: "guest_1", kind: .transient)
        let signedIn = VaultAccount(id: "acct_chen", kind: .authenticated, folioSessionID: "ses_1")
        var store = ReducerTester(VaultReducer(), state: .mounted(on: guest))
        store.send(.sessionRead(signedIn), effects: [.loadView(requestID: 1, account: signedIn)]) {
            $0.account = signedIn
            $0.loading = 1
            $0.lastRequestID = 1
        }
        store.skip(.loadView(requestID: 1, account: signedIn))
        store.finish()
    }

    func testWritesApplyOneAtATimeInTheOrderDispatched() {
        let account = VaultAccount(id: "guest_1", kind: .transient)
        var store = ReducerTester(VaultReducer(), state: VaultReducer.State(account: account, network: .online))
        store.receive(
            .write(value: .delete(id: "D_1")), effects: [.write(requestID: 1, account: account, .delete(id: "D_1"))]
        ) {
            $0.running = [1]
            $0.writing = 1
            $0.lastRequestID = 1
        }
        store.receive(.write(value: .permanentlyDelete(id: "D_1"))) {
            $0.running = [1, 2]
            $0.waitingWrites = [.write(requestID: 2, account: account, .permanentlyDelete(id: "D_1"))]
            $0.lastRequestID = 2
        }
        store.send(
            .actionFinished(requestID: 1, error: nil, pushes: false),
            effects: [.write(requestID: 2, account: account, .permanentlyDelete(id: "D_1"))]
        ) {
            $0.running = [2]
            $0.writing = 2
            $0.waitingWrites = []
        }
        XCTAssertEqual(store.reducer.model(of: store.state)["busy"], true, "busy until the last one finished")
        // The rule is the order; the last write ends like any other.
        store.skip(.write(requestID: 2, account: account, .permanentlyDelete(id: "D_1")))
        store.finish()
    }
}
