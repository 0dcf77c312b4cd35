import Bus
import FolioAPI
import FolioModel
import ServiceKit
import StoreKit
import WireModel
import XCTest

@testable import AuthService

/// An AuthStore mounting while the runtime's session switches (another AuthStore of the runtime signed in): the
/// session is read at the start and once more after the store follows the announcements. Whichever of that read
/// and an announcement reaches the store last, the store ends on the newest session, the one a verification
/// confirms.
final class AuthStoreMountTests: XCTestCase {
    let runtimeID = "rt-auth-mount"
    let guest = SessionIdentity.transient(accountId: "guest-1")
    let person = SessionIdentity.authenticated(userId: "acct_chen", email: "chen@example.com")

    func mount(_ reads: SessionReads, bus: InProcessBus) async throws
        -> (StoreHost<AuthReducer>, Task<Void, any Error>)
    {
        var dependencies = AuthStore.Dependencies.unimplemented
        dependencies.facts = { _ in
            RuntimeFacts(organizationID: "org_bluebank", deviceID: "dev-1", session: await reads.read())
        }
        let runtime = RuntimeContext(id: runtimeID)
        let store = StoreContext(id: StoreID.generate(for: AuthStore.service), runtime: runtime)
        let start = try await AuthStore.start(store, call: RPCCall(method: "auth.mount", params: [:]), dependencies)
        let host = StoreHost(
            id: store.id, kind: AuthStore.kind, runtime: runtime, reducer: start.reducer, initialState: start.state,
            runEffect: AuthStore.effects(of: store, dependencies))
        let runner = StoreRunner(
            AuthStore.self, dependencies: dependencies, transport: bus, registry: StoreRegistry(), persistence: nil)
        let following = Task { try await runner.follow(host, in: store, restored: false) }
        return (host, following)
    }

    func testAReadAgainThatIsOlderThanAnAnnouncedSignInDoesNotBringTheGuestBack() async throws {
        let bus = InProcessBus()
        let before = RuntimeFacts.Session(identity: guest, status: .device, folioSessionID: nil)
        let reads = SessionReads([before, before], holding: [2])
        let (host, following) = try await mount(reads, bus: bus)
        await reads.waitUntilHolding(2)

        try await bus.publish(
            SessionChanged(
                runtimeID: runtimeID, identity: person, status: .active, folioSessionID: "ses_1",
                previousIdentity: guest))
        let signedIn = AuthSessionContext(identity: person, sessionId: "ses_1")
        for _ in 0..<500 {
            if await host.currentState.session == signedIn { break }
            try await Task.sleep(for: .milliseconds(10))
        }
        let announced = await host.currentState.session
        XCTAssertEqual(announced, signedIn, "the announcement reached the store")
        reads.release(2)
        try await following.value

        let session = await host.currentState.session
        XCTAssertEqual(session, signedIn, "the announced sign-in stays: the read again was older")
    }

    func testASignInAnnouncedBeforeTheSubscriptionIsFoundByTheReadAgain() async throws {
        let bus = InProcessBus()
        let reads = SessionReads(
            [
                RuntimeFacts.Session(identity: guest, status: .device, folioSessionID: nil),
                RuntimeFacts.Session(identity: person, status: .active, folioSessionID: "ses_1"),
            ], holding: [])
        let (host, following) = try await mount(reads, bus: bus)
        try await following.value
        let session = await host.currentState.session
        XCTAssertEqual(session, AuthSessionContext(identity: person, sessionId: "ses_1"))
    }
}
