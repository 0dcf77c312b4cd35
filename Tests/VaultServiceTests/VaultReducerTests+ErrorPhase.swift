import FolioModel
import StoreKitTesting
import VaultService
import WireModel
import XCTest

/// Spec "DocSyncStatus": when a stored record cannot be opened at the start of a session, phase is Error and
/// the vault fetches no remote changes until a later session reads every record. Local changes still reach
/// Folio: background pushes go on, push only, and the phase stays Error.
final class VaultReducerErrorPhaseTests: XCTestCase {
    private let signedIn = VaultAccount(id: "acct_chen", kind: .authenticated, folioSessionID: "ses_1")
    private let note = RecordContent(schema: "note", version: 1, payload: "{}")
    private let message = "1 stored record(s) cannot be opened: D_7"

    /// A signed-in store whose first read found D_7 unreadable: its session-start pass pushes only, and ended.
    private func inError() -> ReducerTester<VaultReducer> {
        var store = ReducerTester(VaultReducer(), state: VaultReducer.State(network: .online))
        store.send(.sessionChanged(signedIn), effects: [.loadView(requestID: 1, account: signedIn)]) {
            $0.account = signedIn
            $0.sessionStarting = true
            $0.loading = 1
            $0.lastRequestID = 1
        }
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
        store.send(.syncFinished(requestID: 2, SyncOutcome(finishedAt: 100, fetched: false))) { $0.syncing = nil }
        return store
    }

    func testTheSessionStartPassAndTheWatchOfFolioStartOnlyOnceTheFirstReadOpenedEveryRecord() {
        var store = ReducerTester(VaultReducer(), state: VaultReducer.State(network: .online))
        store.send(.sessionChanged(signedIn), effects: [.loadView(requestID: 1, account: signedIn)]) {
            $0.account = signedIn
            $0.sessionStarting = true
            $0.loading = 1
            $0.lastRequestID = 1
        }
        store.send(.networkChanged(.offline)) { $0.network = .offline }
        store.send(.networkChanged(.online)) { $0.network = .online }
        store.send(
            .viewLoaded(requestID: 1, VaultView()),
            effects: [.watch(account: signedIn), .sync(requestID: 2, account: signedIn, background: true)]
        ) {
            $0.loading = nil
            $0.sessionStarting = false
            $0.watching = true
            $0.syncing = 2
            $0.phase = .syncing
            $0.lastRequestID = 2
        }
        store.run(.watch(account: signedIn))
        // The rule is that the pass starts after the first read; how a pass ends is tested on its own.
        store.skip(.sync(requestID: 2, account: signedIn, background: true))
        store.finish()
    }

    func testInTheErrorPhaseNoFetchGoesOutNeitherTheSessionStartPassNorTheWatchNorAnyLaterPass() {
        // inError(): the session-start pass was a push, and no watch (long poll) started.
        var store = inError()
        store.send(.vaultChanged, effects: [.loadView(requestID: 3, account: signedIn)]) {
            $0.loading = 3
            $0.lastRequestID = 3
        }
        store.send(.viewLoaded(requestID: 3, VaultView(unreadable: ["D_7"]))) { $0.loading = nil }
        store.send(.cameToForeground(now: 10_000), effects: [.push(requestID: 4, account: signedIn)]) {
            $0.syncing = 4
            $0.lastRequestID = 4
        }
        store.send(.syncFinished(requestID: 4, SyncOutcome(finishedAt: 10_001, fetched: false))) { $0.syncing = nil }
        store.receive(.sync) {
            $0.actionError = VaultErrorView(.storage(message: message))
            $0.actionErrorRequestID = 4
        }
        store.finish()
    }

    func testAReadThatOpensEveryRecordEndsTheErrorPhaseAndStartsTheWatchAndAWholePass() {
        var store = inError()
        store.send(.vaultChanged, effects: [.loadView(requestID: 3, account: signedIn)]) {
            $0.loading = 3
            $0.lastRequestID = 3
        }
        store.send(
            .viewLoaded(requestID: 3, VaultView()),
            effects: [.watch(account: signedIn), .sync(requestID: 4, account: signedIn, background: true)]
        ) {
            $0.loading = nil
            $0.view = VaultView()
            $0.readError = nil
            $0.phase = .syncing
            $0.watching = true
            $0.syncing = 4
            $0.lastRequestID = 4
        }
        store.run(.watch(account: signedIn))
        // The rule is that the whole pass starts; how a pass ends is tested on its own.
        store.skip(.sync(requestID: 4, account: signedIn, background: true))
        store.finish()
    }

    func testInTheErrorPhaseAWriteIsPushedWithoutAFetchAndThePhaseStaysError() {
        var store = inError()
        store.receive(
            .write(value: .create(record: note)),
            effects: [.write(requestID: 3, account: signedIn, .create(record: note))]
        ) {
            $0.running = [3]
            $0.writing = 3
            $0.lastRequestID = 3
        }
        store.send(
            .actionFinished(requestID: 3, error: nil, pushes: true), effects: [.push(requestID: 4, account: signedIn)]
        ) {
            $0.running = []
            $0.writing = nil
            $0.syncing = 4
            $0.lastRequestID = 4
        }
        store.send(.syncFinished(requestID: 4, SyncOutcome(finishedAt: 200, fetched: false))) { $0.syncing = nil }
        store.finish()
    }

    func testInTheErrorPhaseTheNetworkComingBackAndTheForegroundPushOnly() {
        var store = inError()
        store.send(.networkChanged(.offline)) { $0.network = .offline }
        store.send(.networkChanged(.online), effects: [.push(requestID: 3, account: signedIn)]) {
            $0.network = .online
            $0.syncing = 3
            $0.lastRequestID = 3
        }
        store.send(.syncFinished(requestID: 3, SyncOutcome(finishedAt: 200, fetched: false))) { $0.syncing = nil }
        store.send(.cameToForeground(now: 10_000), effects: [.push(requestID: 4, account: signedIn)]) {
            $0.syncing = 4
            $0.lastRequestID = 4
        }
        // The rule is that only a push goes out; how a push ends is tested above.
        store.skip(.push(requestID: 4, account: signedIn))
        store.finish()
    }

    func testInTheErrorPhaseAFailedPushIsRetriedAsAPushAndThePhaseStaysError() {
        var store = inError()
        store.send(.pushRequested, effects: [.push(requestID: 3, account: signedIn)]) {
            $0.syncing = 3
            $0.lastRequestID = 3
        }
        let failed = SyncOutcome(
            error: .network(message: "refused"), recordFailures: 1, finishedAt: 200, fetched: false)
        store.send(.syncFinished(requestID: 3, failed), effects: [.waitToRetry(requestID: 4, seconds: 2)]) {
            $0.syncing = nil
            $0.failedAttempts = 1
            $0.retryWait = 4
            $0.lastRequestID = 4
        }
        store.send(.retryDue(requestID: 4), effects: [.push(requestID: 5, account: signedIn)]) {
            $0.retryWait = nil
            $0.syncing = 5
            $0.lastRequestID = 5
        }
        // The rule is that the retry is a push; how a push ends is tested above.
        store.skip(.push(requestID: 5, account: signedIn))
        store.finish()
    }
}
