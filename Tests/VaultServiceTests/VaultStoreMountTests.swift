import Bus
import Crypto
import FolioAPI
import FolioModel
import ServiceKit
import StoreKit
import Synchronization
import TestSupport
import XCTest

@testable import VaultService

/// vault.mount reads the runtime's session and its organization once; the organization then qualifies the
/// accounts of later session announcements without another read.
final class VaultStoreMountTests: XCTestCase {
    private var service: RunningService!
    private let kek = VaultKeyEncryptionKey(SymmetricKey.random())

    override func setUp() async throws {
        let configuration = ServiceConfiguration(
            databaseURL: try TestEnvironment.databaseURL(), natsURL: "unused", logLevel: .error,
            workerID: "vault-mount", folioAPIURL: "http://127.0.0.1:9")
        service = try await RunningService.start(
            try VaultService.definition(settings: VaultSettings(keyEncryptionKey: kek)), configuration: configuration,
            transport: InProcessBus())
    }

    override func tearDown() async throws {
        await service?.stop()
    }

    /// The store's start as the runner makes it, with `dependencies`: its host, subscribed and started.
    private func mount(
        _ dependencies: VaultStore.Dependencies, runtimeID: String, runEffect: EffectRunner<VaultReducer>? = nil
    ) async throws -> StoreHost<VaultReducer> {
        let context = service.context
        let runner = context.runner(VaultStore.self, dependencies)
        let id = StoreID.generate(for: .vault)
        let runtime = await context.registry.runtime(runtimeID)
        let start = try await VaultStore.start(
            StoreContext(id: id, runtime: runtime, local: ()), call: RPCCall(method: "vault.mount", params: [:]),
            dependencies)
        let store = StoreContext(id: id, runtime: runtime, local: start.local)
        let host = StoreHost(
            id: id, kind: VaultStore.kind, runtime: runtime, reducer: start.reducer, initialState: start.state,
            runEffect: runEffect ?? VaultStore.effects(of: store, dependencies))
        try await runner.follow(host, in: store, restored: false)
        return host
    }

    func testMountReadsTheOrganizationOnceAndLaterSessionsKeepIt() async throws {
        let context = service.context
        var dependencies = VaultStore.Dependencies.live(
            .live(context, settings: VaultSettings(keyEncryptionKey: kek)))
        let runtimeID = "rt_mount_\(RandomID.base32(count: 8))"
        let guest = VaultAccount(id: "guest_\(RandomID.base32(count: 8))", kind: .transient, organizationID: "org_blue")
        let reads = Counter()
        dependencies.account = { _ in
            reads.add()
            return guest
        }
        let host = try await mount(dependencies, runtimeID: runtimeID)
        XCTAssertEqual(
            reads.value, 2, "the session and the organization are read at the start, and again once the store follows")

        let userID = "acct_mount_\(RandomID.base32(count: 8))"
        try await context.transport.publish(
            SessionChanged(
                runtimeID: runtimeID, identity: .authenticated(userId: userID, email: "a@example.net"), status: .active,
                folioSessionID: nil))
        var account: VaultAccount?
        for _ in 0..<100 {
            account = await host.currentState.account
            if account?.id == userID { break }
            try await Task.sleep(for: .milliseconds(20))
        }
        XCTAssertEqual(account?.id, userID)
        XCTAssertEqual(account?.organizationID, "org_blue", "the organization of the first read")
        XCTAssertEqual(reads.value, 2, "no read of the organization for a later session")
        await context.registry.remove(host.id)
    }

    func testAStoreMountedWhileTheLastProbeMissedFolioProbesAgainAndStartsOnlineWhenFolioAnswers() async throws {
        let context = service.context
        let services = VaultServices.live(context, settings: VaultSettings(keyEncryptionKey: kek))
        // The service's first probe ran before Folio answered; Folio answers from then on.
        let answers = Mutex<[Bool]>([false, true])
        let network = NetworkMonitor { answers.withLock { $0.count > 1 ? $0.removeFirst() : $0[0] } }
        await network.check()
        var dependencies = VaultStore.Dependencies.live(
            VaultServices(
                context: context, repository: services.repository, sync: services.sync, transfer: services.transfer,
                watchers: services.watchers, network: network, retryScale: services.retryScale))
        let signedIn = VaultAccount(
            id: "acct_mount_\(RandomID.base32(count: 8))", kind: .authenticated, folioSessionID: "ses_mount",
            organizationID: "org_blue")
        dependencies.account = { _ in signedIn }
        let host = try await mount(
            dependencies, runtimeID: "rt_mount_\(RandomID.base32(count: 8))", runEffect: { _ in [] })
        await host.flush()
        let status = await host.currentState.network
        XCTAssertEqual(status, .online, "a folder change right after the mount is not refused as offline")
        await context.registry.remove(host.id)
    }

    /// docs/wire-api.md: a new store has version 0. The first state already holds the session, so the re-read
    /// once the store follows its events changes no model, and `store.state` answers version 0 until the
    /// first read of the vault (held here) shows something.
    func testAFreshlyMountedStoreAnswersVersionZeroWithTheSessionAlreadyInItsState() async throws {
        let context = service.context
        var dependencies = VaultStore.Dependencies.live(
            .live(context, settings: VaultSettings(keyEncryptionKey: kek)))
        let guest = VaultAccount(id: "guest_\(RandomID.base32(count: 8))", kind: .transient, organizationID: "org_blue")
        dependencies.account = { _ in guest }
        let start = try await VaultStore.start(
            StoreContext(
                id: StoreID.generate(for: .vault), runtime: await context.registry.runtime("rt_start"), local: ()),
            call: RPCCall(method: "vault.mount", params: [:]), dependencies)
        XCTAssertEqual(start.state.account, guest, "the first state holds the session read at mount")
        XCTAssertTrue(start.state.sessionStarting, "its first read follows once the store follows its events")
        let effects = Mutex<[VaultReducer.Effect]>([])
        let host = try await mount(
            dependencies, runtimeID: "rt_mount_\(RandomID.base32(count: 8))",
            runEffect: { effect in
                effects.withLock { $0.append(effect) }
                return []
            })
        await host.flush()
        let state = try await host.state()
        XCTAssertEqual(state.version, 0, "\(state.model)")
        XCTAssertEqual(state.model, VaultUiModel().json, "an empty vault's model until the first read answers")
        let account = await host.currentState.account
        XCTAssertEqual(account, guest)
        XCTAssertTrue(
            effects.withLock { $0.contains { if case .loadView = $0 { true } else { false } } },
            "the first read of the vault started")
        await context.registry.remove(host.id)
    }
}
