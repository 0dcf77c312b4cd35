import Bus
import Crypto
import FolioAPI
import FolioClient
import FolioModel
import HTTP
import Postgres
import StoreKit
import Synchronization
import XCTest

@testable import VaultService

/// The vault's change notifications (docs/bus.md): every store of the account reads the entries named again,
/// and a change a service made for one runtime (an attachment) is pushed by that runtime's stores only,
/// through their reducer.
final class VaultChangesTests: XCTestCase {
    private let account = VaultAccount(id: "acct_changes", kind: .authenticated)

    /// A store of `runtimeID` on `account` whose effects answer at once; it counts its sync passes and reads.
    private func store(_ runtimeID: String, bus: InProcessBus, passes: Counter, reads: Counter = Counter()) async
        -> (StoreHost<VaultReducer>, VaultChangeFollower)
    {
        let host = StoreHost(
            id: StoreID.generate(for: .vault), kind: VaultStore.kind, runtime: RuntimeContext(id: runtimeID),
            reducer: VaultReducer(), initialState: VaultReducer.State(network: .online)
        ) { effect in
            switch effect {
            case .sync(let requestID, _, _):
                passes.add()
                return [.syncFinished(requestID: requestID, SyncOutcome(finishedAt: 1))]
            case .loadView(let requestID, _):
                return [.viewLoaded(requestID: requestID, VaultView())]
            case .loadEntries(let requestID, _, _):
                reads.add()
                return [.entriesLoaded(requestID: requestID, VaultViewPatch(entries: [], pending: 0, conflicts: 0))]
            default:
                return []
            }
        }
        // No Folio session: the account is not watched.
        let folio = FolioClient(
            configuration: .init(baseURL: "http://127.0.0.1:9", apiKey: ""), httpClient: HTTPClient())
        let database = VaultDatabase(
            pool: PostgresPool(url: "postgresql://unused", size: 1), keyEncryptionKey: VaultKeyEncryptionKey(.random()))
        let watchers = VaultWatchers(
            sync: VaultSync(database: database, folio: folio), longPoll: folio, transport: bus)
        let follower = VaultChangeFollower(transport: bus, watchers: watchers, host: host)
        await follower.follow(account)
        await host.send(.sessionChanged(account))
        return (host, follower)
    }

    func testAChangeAServiceMadeForARuntimeIsPushedByThatRuntimesStoresOnly() async throws {
        let bus = InProcessBus()
        let mine = Counter()
        let theirs = Counter()
        let (host, follower) = await store("rt_mine", bus: bus, passes: mine)
        let (other, otherFollower) = await store("rt_theirs", bus: bus, passes: theirs)
        try await waitUntil {
            let mineIdle = await host.currentState.phase == .idle
            let theirsIdle = await other.currentState.phase == .idle
            return mineIdle && theirsIdle && mine.value == 1 && theirs.value == 1
        }
        XCTAssertEqual(mine.value, 1, "the session's start pushes once")

        await VaultChanges.announce(account: account.id, entries: ["D_1"], pushedBy: "rt_mine", transport: bus)
        try await waitUntil { mine.value == 2 }
        try await Task.sleep(for: .milliseconds(100))
        XCTAssertEqual(theirs.value, 1, "another runtime's store of the account reads, but does not push")
        await follower.cancel()
        await otherFollower.cancel()
    }

    func testTheWritingStoreSkipsItsOwnNotificationAndTheOthersReadIt() async throws {
        let bus = InProcessBus()
        let (writer, writerReads) = (Counter(), Counter())
        let (reader, readerReads) = (Counter(), Counter())
        let (host, follower) = await store("rt_writer", bus: bus, passes: writer, reads: writerReads)
        let (other, otherFollower) = await store("rt_reader", bus: bus, passes: reader, reads: readerReads)
        try await Task.sleep(for: .milliseconds(50))

        await VaultChanges.announce(account: account.id, entries: ["D_1"], by: host.id, transport: bus)
        try await waitUntil { readerReads.value == 1 }
        try await Task.sleep(for: .milliseconds(100))
        XCTAssertEqual(writerReads.value, 0, "the writing store read its change with the write")
        XCTAssertEqual(other.id.service, .vault)
        await follower.cancel()
        await otherFollower.cancel()
    }

    func testANoticeNamesItsEntriesAndTheRuntimeThatPushes() throws {
        let subject = VaultChanged.subject(key: "acct_1")
        func notice(_ text: String) throws -> VaultChanged {
            try VaultChanged(payload: Array(text.utf8), subject: subject)
        }
        XCTAssertEqual(
            try notice(#"{"entries":["D_1"],"pushedBy":"rt_1"}"#),
            VaultChanged(accountID: "acct_1", entries: ["D_1"], pushedBy: "rt_1"))
        XCTAssertEqual(try notice(#"{"entries":["D_1"],"by":"vault_x"}"#).by, "vault_x")
        XCTAssertEqual(try notice(""), VaultChanged(accountID: "acct_1"), "an empty payload: read the whole vault")
        XCTAssertEqual(try notice(#"{"entries":[1]}"#).entries, nil)
    }

    private func waitUntil(_ condition: @Sendable () async -> Bool) async throws {
        for _ in 0..<100 {
            if await condition() { return }
            try await Task.sleep(for: .milliseconds(20))
        }
        XCTFail("the condition did not hold within 2 s")
    }
}

/// Sync passes a test store ran.
final class Counter: Sendable {
    private let count = Mutex(0)
    var value: Int { count.withLock { $0 } }
    func add() { count.withLock { $0 += 1 } }
}
