import Bus
import Crypto
import FolioClient
import FolioModel
import HTTP
import Postgres
import StoreKitTesting
import WireModel
import XCTest

@testable import VaultService

/// Spec "Sync": "In a transient session ... the SDK pushes nothing: local changes stay on the device. It still
/// fetches remote changes in the background, at the same moments as in a signed-in session." A transient
/// vault's background pass fetches only (VaultSync knows it from the account), so the reducer asks for it at
/// the signed-in moments, and never for a push.
final class VaultGuestFetchTests: XCTestCase {
    private let guest = VaultAccount(id: "guest_1", kind: .transient, organizationID: "org_blue")
    private let note = RecordContent(schema: "note", version: 1, payload: "{}")

    /// A guest store whose session started (one fetch at the start) and whose first pass ended at `syncedAt`.
    private func started(syncedAt: Int64 = 100) -> ReducerTester<VaultReducer> {
        var store = ReducerTester(VaultReducer(), state: VaultReducer.State(network: .online))
        store.send(.sessionChanged(guest), effects: [.loadView(requestID: 1, account: guest)]) {
            $0.account = guest
            $0.sessionStarting = true
            $0.loading = 1
            $0.lastRequestID = 1
        }
        store.send(
            .viewLoaded(requestID: 1, VaultView()),
            effects: [.watch(account: guest), .sync(requestID: 2, account: guest, background: true)]
        ) {
            $0.loading = nil
            $0.sessionStarting = false
            $0.watching = true
            $0.syncing = 2
            $0.phase = .syncing
            $0.lastRequestID = 2
        }
        store.run(.watch(account: guest))
        store.send(.syncFinished(requestID: 2, SyncOutcome(finishedAt: syncedAt))) {
            $0.syncing = nil
            $0.phase = .idle
            $0.lastSyncedAt = syncedAt
        }
        return store
    }

    func testAGuestFetchesWhenTheSessionStartsAndWhenTheNetworkComesBack() {
        var store = started()
        store.send(.networkChanged(.offline)) { $0.network = .offline }
        store.send(.networkChanged(.online), effects: [.sync(requestID: 3, account: guest, background: true)]) {
            $0.network = .online
            $0.syncing = 3
            $0.phase = .syncing
            $0.lastRequestID = 3
        }
        // The rule is that the fetch goes out; how a pass ends is tested on its own.
        store.skip(.sync(requestID: 3, account: guest, background: true))
        store.finish()
    }

    func testAGuestFetchesInTheForegroundAtMostOnceAMinuteAndNeverPushes() {
        var store = started(syncedAt: 100)
        // Within the minute a signed-in vault pushes only; a guest has nothing to push.
        store.send(.cameToForeground(now: 130))
        store.send(
            .cameToForeground(now: 161), effects: [.sync(requestID: 3, account: guest, background: true)]
        ) {
            $0.syncing = 3
            $0.phase = .syncing
            $0.lastRequestID = 3
        }
        // The rule is that the fetch goes out; how a pass ends is tested on its own.
        store.skip(.sync(requestID: 3, account: guest, background: true))
        store.finish()
    }

    func testAGuestsWritesAndServiceChangesStartNoPush() {
        var store = started()
        store.receive(
            .write(value: .create(record: note)), effects: [.write(requestID: 3, account: guest, .create(record: note))]
        ) {
            $0.running = [3]
            $0.writing = 3
            $0.lastRequestID = 3
        }
        // The effect runner answers a transient write with pushes: false.
        store.send(.actionFinished(requestID: 3, error: nil, pushes: false)) {
            $0.running = []
            $0.writing = nil
        }
        store.send(.pushRequested)
        store.receive(.sync) {
            $0.actionError = VaultErrorView(.transientNotSupported)
            $0.actionErrorRequestID = 3
        }
        store.finish()
    }

    func testAFailedGuestFetchIsRetriedLikeASignedInPass() {
        var store = started()
        store.send(.networkChanged(.offline)) { $0.network = .offline }
        store.send(.networkChanged(.online), effects: [.sync(requestID: 3, account: guest, background: true)]) {
            $0.network = .online
            $0.syncing = 3
            $0.phase = .syncing
            $0.lastRequestID = 3
        }
        let failed = SyncOutcome(error: .network(message: "down"), finishedAt: 200)
        store.send(.syncFinished(requestID: 3, failed), effects: [.waitToRetry(requestID: 4, seconds: 2)]) {
            $0.syncing = nil
            $0.phase = failed.phase
            $0.failedAttempts = 1
            $0.retryWait = 4
            $0.lastRequestID = 4
        }
        // The retry once the wait is over is tested with a signed-in vault (VaultReducerTests).
        store.skip(.waitToRetry(requestID: 4, seconds: 2))
        store.finish()
    }

    /// A change notification is the long poll on the guest vault: a guest of an organization is watched, one
    /// without an organization (nothing to reach at Folio) is not.
    func testAGuestOfAnOrganizationIsWatchedForChangeNotifications() async {
        let folio = FolioClient(
            configuration: .init(baseURL: "http://127.0.0.1:9", apiKey: ""),
            httpClient: HTTPClient(configuration: .init(timeout: .seconds(1))))
        let database = VaultDatabase(
            pool: PostgresPool(url: "postgresql://unused", size: 1), keyEncryptionKey: VaultKeyEncryptionKey(.random()))
        let watchers = VaultWatchers(
            sync: VaultSync(database: database, folio: folio), longPoll: folio, transport: InProcessBus(),
            waitSeconds: 1)
        await watchers.acquire(guest)
        await watchers.acquire(VaultAccount(id: "guest_2", kind: .transient))
        let watched = await watchers.watchedAccounts
        XCTAssertEqual(watched, ["guest_1"])
        XCTAssertEqual(guest.folioVault(folio)?.access, .guest(organizationId: "org_blue", guestId: "guest_1"))
        await watchers.stopAll()
    }
}
