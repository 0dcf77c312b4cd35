import Bus
import DocumentReceiver
import FolioAPI
import FolioModel
import Foundation
import ServiceKit
import StoreKit
import Synchronization
import WireModel
import XCTest

/// The document stores mounting while the runtime's session switches: the session is read at the start and once
/// more after the store follows the announcements. Whichever of that read and an announcement reaches the store
/// last, the store ends following the account of the newest session.
final class DocumentStoresMountTests: XCTestCase {
    let runtimeID = "rt-documents-mount"

    /// The accounts the store's subscriptions follow, and the session its reads find, one answer per read; the
    /// second read can be held after its answer is taken until the test lets it return.
    final class World: Sendable {
        let active = Mutex<[String: Int]>([:])
        let answers: Mutex<[String]>
        let reads = Mutex(0)
        let held = Mutex<CheckedContinuation<Void, Never>?>(nil)
        let holdSecondRead: Bool

        init(answers: [String], holdSecondRead: Bool) {
            self.answers = Mutex(answers)
            self.holdSecondRead = holdSecondRead
        }

        struct Subscription: BusSubscription {
            let world: World
            let account: String
            func cancel() async { world.active.withLock { $0[account, default: 0] -= 1 } }
        }

        func subscribe(_ account: String) -> any BusSubscription {
            active.withLock { $0[account, default: 0] += 1 }
            return Subscription(world: self, account: account)
        }

        var followed: [String] { active.withLock { $0.filter { $0.value > 0 }.keys.sorted() } }

        func read() async -> String {
            let number = reads.withLock { count in
                count += 1
                return count
            }
            let answer = answers.withLock { $0.count > 1 ? $0.removeFirst() : $0[0] }
            if number == 2, holdSecondRead {
                await withCheckedContinuation { continuation in held.withLock { $0 = continuation } }
            }
            return answer
        }

        func waitUntilHolding() async {
            while held.withLock({ $0 == nil }) { try? await Task.sleep(for: .milliseconds(5)) }
        }

        func release() { held.withLock { $0.take() }?.resume() }
    }

    func dependencies(_ world: World) -> DocumentStoreDependencies {
        DocumentStoreDependencies(
            facts: { _ in
                let account = await world.read()
                return RuntimeFacts(
                    organizationID: "org_bluebank", deviceID: "dev_docs", locale: .english,
                    session: .init(
                        identity: account.hasPrefix("guest")
                            ? .transient(accountId: account) : .authenticated(userId: account, email: "c@example.net"),
                        status: account.hasPrefix("guest") ? .device : .active,
                        folioSessionID: account.hasPrefix("guest") ? nil : "ses_1"))
            },
            documents: { _, _ in VaultDocuments(accountID: "acct_chen", documents: []) },
            requestPass: { _ in },
            subscribeVault: { account, _ in world.subscribe(account) },
            subscribeReception: { account, _ in world.subscribe(account) },
            warn: { _, _ in })
    }

    /// Mounts `Store` as its mount method does; the returned task ends when `started` has run.
    func mount<Store: HostedStore>(_ store: Store.Type, _ world: World, bus: InProcessBus) async throws
        -> Task<Void, any Error> where Store.Dependencies == DocumentStoreDependencies
    {
        let dependencies = dependencies(world)
        let runtime = RuntimeContext(id: runtimeID)
        let id = StoreID.generate(for: Store.service)
        let start = try await Store.start(
            StoreContext(id: id, runtime: runtime), call: RPCCall(method: "mount", params: ["id": "D_1"]),
            dependencies)
        let context = StoreContext(id: id, runtime: runtime, local: start.local)
        let host = StoreHost(
            id: id, kind: Store.kind, runtime: runtime, reducer: start.reducer, initialState: start.state,
            runEffect: Store.effects(of: context, dependencies))
        let runner = StoreRunner(
            Store.self, dependencies: dependencies, transport: bus, registry: StoreRegistry(), persistence: nil)
        return Task {
            try await runner.follow(host, in: context, restored: false)
            _ = host
        }
    }

    func assertAReadAgainOlderThanTheAnnouncementLeavesTheNewAccount<Store: HostedStore>(_ store: Store.Type)
        async throws where Store.Dependencies == DocumentStoreDependencies
    {
        let bus = InProcessBus()
        let world = World(answers: ["guest_1", "guest_1"], holdSecondRead: true)
        let following = try await mount(store, world, bus: bus)
        await world.waitUntilHolding()
        try await bus.publish(
            SessionChanged(
                runtimeID: runtimeID, identity: .authenticated(userId: "acct_chen", email: "c@example.net"),
                status: .active, folioSessionID: "ses_1"))
        for _ in 0..<500 {
            if world.followed == ["acct_chen"] { break }
            try await Task.sleep(for: .milliseconds(10))
        }
        XCTAssertEqual(world.followed, ["acct_chen"], "the announcement reached the store")
        world.release()
        try await following.value
        XCTAssertEqual(world.followed, ["acct_chen"], "the read again was older than the announcement")
    }

    func testTheListStaysOnTheAnnouncedAccountWhenItsReadAgainIsOlder() async throws {
        try await assertAReadAgainOlderThanTheAnnouncementLeavesTheNewAccount(FolioDocumentListStore.self)
    }

    func testTheDocumentStaysOnTheAnnouncedAccountWhenItsReadAgainIsOlder() async throws {
        try await assertAReadAgainOlderThanTheAnnouncementLeavesTheNewAccount(FolioDocumentStore.self)
    }

    func testAnAccountAnnouncedBeforeTheSubscriptionIsFoundByTheReadAgain() async throws {
        let bus = InProcessBus()
        let world = World(answers: ["guest_1", "acct_chen"], holdSecondRead: false)
        let following = try await mount(FolioDocumentListStore.self, world, bus: bus)
        try await following.value
        XCTAssertEqual(world.followed, ["acct_chen"])
    }
}
