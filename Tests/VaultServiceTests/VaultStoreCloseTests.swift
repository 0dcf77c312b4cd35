import Bus
import Crypto
import FolioClient
import FolioModel
import HTTP
import ServiceKit
import StoreKit
import TestSupport
import XCTest

@testable import VaultService

/// A closed VaultStore (store.close, or its runtime shut down) lets go at once of what it holds: it leaves the
/// registry, its change notifications and its account's Folio watch (long poll) stop, and the store itself is
/// freed; its subject still answers as a closed store (DESIGN §3).
final class VaultStoreCloseTests: XCTestCase {
    private var service: RunningService!
    private let kek = VaultKeyEncryptionKey(SymmetricKey.random())

    override func setUp() async throws {
        // Folio is unreachable on purpose: a watch keeps retrying until it is stopped.
        let configuration = ServiceConfiguration(
            databaseURL: try TestEnvironment.databaseURL(), natsURL: "unused", logLevel: .error,
            workerID: "vault-close", folioAPIURL: "http://127.0.0.1:9")
        service = try await RunningService.start(
            try VaultService.definition(settings: VaultSettings(keyEncryptionKey: kek)), configuration: configuration,
            transport: InProcessBus())
    }

    override func tearDown() async throws {
        await service?.stop()
    }

    private var context: ServiceContext { service.context }

    private func watchers() -> VaultWatchers {
        let folio = FolioClient(
            configuration: .init(baseURL: "http://127.0.0.1:9", apiKey: ""),
            httpClient: HTTPClient(configuration: .init(timeout: .seconds(2))))
        let database = VaultDatabase(pool: context.database, keyEncryptionKey: kek)
        return VaultWatchers(
            sync: VaultSync(database: database, folio: folio), longPoll: folio, transport: context.transport,
            waitSeconds: 1)
    }

    /// A VaultStore of a signed-in account, served on its subject and following the account as a mount does.
    private func mount(_ account: VaultAccount, runtimeID: String, watchers: VaultWatchers) async throws
        -> StoreHost<VaultReducer>
    {
        let host = StoreHost(
            id: StoreID.generate(for: .vault), kind: VaultStore.kind,
            runtime: await context.registry.runtime(runtimeID),
            reducer: VaultReducer(), initialState: VaultReducer.State(network: .unknown), runEffect: { _ in [] })
        let changes = VaultChangeFollower(transport: context.transport, watchers: watchers, host: host)
        await context.registry.attach(changes, to: host.id)
        await changes.follow(account)
        // The store takes the watch once its first read opened every record.
        await changes.watch(account)
        try await StoreEndpoint(service: .vault, transport: context.transport, registry: context.registry).serve(host)
        return host
    }

    private func signedIn() -> VaultAccount {
        VaultAccount(
            id: "acct_close_\(RandomID.base32(count: 8))", kind: .authenticated, folioSessionID: "ses_close")
    }

    private func call(_ id: StoreID, _ method: String, runtimeID: String) async throws -> JSONValue {
        try await BusClient(transport: context.transport).call(
            BusSubjects.store(id), method, ["storeId": .string(id.rawValue), "runtimeId": .string(runtimeID)])
    }

    func testAStoreFollowingAnAccountHoldsNoFolioWatchUntilItAsksForOneAndThenOnlyForItsAccount() async throws {
        let watchers = watchers()
        let account = signedIn()
        let changes = VaultChangeFollower(transport: context.transport, watchers: watchers)
        await changes.follow(account)
        let before = await watchers.watchedAccounts
        XCTAssertEqual(before, [], "no long poll before the store's first read opened every record")
        await changes.watch(signedIn())
        let other = await watchers.watchedAccounts
        XCTAssertEqual(other, [], "a watch asked for an account the store no longer follows is not taken")
        await changes.watch(account)
        let after = await watchers.watchedAccounts
        XCTAssertEqual(after, [account.id])
        await changes.cancel()
        await watchers.stopAll()
    }

    func testStoreCloseStopsTheWatchAndUnregistersTheStoreAtOnce() async throws {
        let watchers = watchers()
        let account = signedIn()
        let runtimeID = "rt_close_\(RandomID.base32(count: 8))"
        var host: StoreHost<VaultReducer>? = try await mount(account, runtimeID: runtimeID, watchers: watchers)
        let id = try XCTUnwrap(host?.id)
        weak let released = host
        let watched = await watchers.watchedAccounts
        XCTAssertEqual(watched, [account.id], "a mounted signed-in store watches its account")

        _ = try await call(id, "store.close", runtimeID: runtimeID)
        host = nil

        let watchedAfter = await watchers.watchedAccounts
        XCTAssertEqual(watchedAfter, [], "the Folio watch stops with the store, not at service stop")
        let open = await context.registry.stores(ofRuntime: runtimeID)
        XCTAssertTrue(open.isEmpty, "the closed store left the registry")
        XCTAssertNil(released, "nothing keeps the closed store (its state and view) in memory")
        do {
            _ = try await call(id, "store.state", runtimeID: runtimeID)
            XCTFail("a closed store has no state")
        } catch let error as JSONRPCError {
            XCTAssertEqual(error.folioCode, .storeClosed, "its subject still answers as a closed store")
        }
        let next = try await call(id, "store.next", runtimeID: runtimeID)
        XCTAssertEqual(next, .null)
    }

    func testARuntimeShutdownStopsTheWatchesOfItsStoresAtOnce() async throws {
        let watchers = watchers()
        let account = signedIn()
        let runtimeID = "rt_close_\(RandomID.base32(count: 8))"
        let first = try await mount(account, runtimeID: runtimeID, watchers: watchers)
        let second = try await mount(account, runtimeID: runtimeID, watchers: watchers)
        let other = signedIn()
        _ = try await mount(other, runtimeID: "rt_other_\(RandomID.base32(count: 8))", watchers: watchers)
        let watched = await watchers.watchedAccounts
        XCTAssertEqual(watched.count, 2, "one watch per account, whatever the number of its stores")

        await context.registry.shutDownRuntime(runtimeID)

        let watchedAfter = await watchers.watchedAccounts
        XCTAssertEqual(watchedAfter, [other.id], "only the other runtime's store keeps its watch")
        let open = await context.registry.stores(ofRuntime: runtimeID)
        XCTAssertTrue(open.isEmpty)
        for id in [first.id, second.id] {
            do {
                _ = try await call(id, "store.state", runtimeID: runtimeID)
                XCTFail("the runtime shut down")
            } catch let error as JSONRPCError {
                XCTAssertEqual(error.folioCode, .runtimeShutDown)
            }
        }
    }
}
