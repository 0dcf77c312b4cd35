import Bus
import Crypto
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

    func testMountReadsTheOrganizationOnceAndLaterSessionsKeepIt() async throws {
        let context = service.context
        let dependencies = VaultStore.Dependencies.live(context, settings: VaultSettings(keyEncryptionKey: kek))
        let runtimeID = "rt_mount_\(RandomID.base32(count: 8))"
        let guest = VaultAccount(id: "guest_\(RandomID.base32(count: 8))", kind: .transient, organizationID: "org_blue")
        let reads = Counter()
        let id = StoreID.generate(for: .vault)
        let host = StoreHost(
            id: id, kind: VaultStore.kind, runtime: await context.registry.runtime(runtimeID),
            reducer: VaultReducer(), initialState: VaultReducer.State(network: .unknown),
            runEffect: VaultStore.effects(dependencies, store: id))
        let followed = try await VaultStore.follow(host, dependencies) { _ in
            reads.add()
            return guest
        }
        XCTAssertTrue(followed)
        XCTAssertEqual(reads.value, 1, "one read of the session and the organization at mount")

        let userID = "acct_mount_\(RandomID.base32(count: 8))"
        let announcement: JSONValue = [
            "identity": ["type": "AUTHENTICATED", "value": ["userId": .string(userID), "email": "a@example.net"]]
        ]
        try await context.transport.publish(
            subject: BusSubjects.sessionChanged(runtimeID: runtimeID), payload: announcement.serialized())
        var account: VaultAccount?
        for _ in 0..<100 {
            account = await host.currentState.account
            if account?.id == userID { break }
            try await Task.sleep(for: .milliseconds(20))
        }
        XCTAssertEqual(account?.id, userID)
        XCTAssertEqual(account?.organizationID, "org_blue", "the organization of the first read")
        XCTAssertEqual(reads.value, 1, "no read of the organization for a later session")
        await context.registry.remove(host.id)
    }

    func testAStoreMountedWhileTheLastProbeMissedFolioProbesAgainAndStartsOnlineWhenFolioAnswers() async throws {
        let context = service.context
        let live = VaultStore.Dependencies.live(context, settings: VaultSettings(keyEncryptionKey: kek))
        // The service's first probe ran before Folio answered; Folio answers from then on.
        let answers = Mutex<[Bool]>([false, true])
        let network = NetworkMonitor { answers.withLock { $0.count > 1 ? $0.removeFirst() : $0[0] } }
        await network.check()
        let dependencies = VaultStore.Dependencies(
            context: context, repository: live.repository, sync: live.sync, transfer: live.transfer,
            watchers: live.watchers, network: network, retryScale: live.retryScale)
        let runtimeID = "rt_mount_\(RandomID.base32(count: 8))"
        let signedIn = VaultAccount(
            id: "acct_mount_\(RandomID.base32(count: 8))", kind: .authenticated, folioSessionID: "ses_mount",
            organizationID: "org_blue")
        let id = StoreID.generate(for: .vault)
        let host = StoreHost(
            id: id, kind: VaultStore.kind, runtime: await context.registry.runtime(runtimeID),
            reducer: VaultReducer(), initialState: VaultReducer.State(network: .unknown), runEffect: { _ in [] })
        let followed = try await VaultStore.follow(host, dependencies) { _ in signedIn }
        XCTAssertTrue(followed)
        await host.flush()
        let status = await host.currentState.network
        XCTAssertEqual(status, .online, "a folder change right after the mount is not refused as offline")
        await context.registry.remove(host.id)
    }
}
