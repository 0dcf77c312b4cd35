import Bus
import FolioAPI
import FolioModel
import ServiceKit
import StoreKit
import Synchronization
import WireModel
import XCTest

@testable import AuthService

/// A SessionStore mounting while the runtime's session switches: the session is read once at the start and once
/// more after the store follows the announcements (`SessionStore.started`). Whichever of that read and an
/// announcement reaches the store last, the store ends on the newest session.
final class SessionStoreMountTests: XCTestCase {
    let runtimeID = "rt-session-mount"
    let guest = SessionIdentity.transient(accountId: "guest-1")
    let person = SessionIdentity.authenticated(userId: "acct_chen", email: "chen@example.com")

    func dependencies(_ reads: SessionReads) -> SessionStore.Dependencies {
        var dependencies = SessionStore.Dependencies.unimplemented
        dependencies.facts = { _ in
            RuntimeFacts(organizationID: "org_bluebank", deviceID: "dev-1", session: await reads.read())
        }
        return dependencies
    }

    /// Mounts the store as `session.mount` does; the returned task ends when `started` has run.
    func mount(_ reads: SessionReads, bus: InProcessBus) async throws
        -> (StoreHost<SessionReducer>, Task<Void, any Error>)
    {
        let dependencies = dependencies(reads)
        let runtime = RuntimeContext(id: runtimeID)
        let store = StoreContext(id: StoreID.generate(for: SessionStore.service), runtime: runtime)
        let start = try await SessionStore.start(
            store, call: RPCCall(method: "session.mount", params: [:]), dependencies)
        let host = StoreHost(
            id: store.id, kind: SessionStore.kind, runtime: runtime, reducer: start.reducer,
            initialState: start.state, runEffect: SessionStore.effects(of: store, dependencies))
        let runner = StoreRunner(
            SessionStore.self, dependencies: dependencies, transport: bus, registry: StoreRegistry(),
            persistence: nil)
        let following = Task { try await runner.follow(host, in: store, restored: false) }
        return (host, following)
    }

    func waitForModel(_ host: StoreHost<SessionReducer>, _ done: (SessionReducer.State) -> Bool) async throws {
        for _ in 0..<500 {
            if done(await host.currentState) { return }
            try await Task.sleep(for: .milliseconds(10))
        }
        XCTFail("the store never reached the expected session: \(await host.currentState)")
    }

    func testAReadAgainThatIsOlderThanAnAnnouncementThatCameFirstDoesNotBringTheOldSessionBack() async throws {
        let bus = InProcessBus()
        let before = RuntimeFacts.Session(identity: guest, status: .device, folioSessionID: nil)
        // The first read at the start and the read again after subscribing both find the guest: the switch
        // commits after the second read took its answer, and is announced before that read returns.
        let reads = SessionReads([before, before], holding: [2])
        let (host, following) = try await mount(reads, bus: bus)
        await reads.waitUntilHolding(2)

        try await bus.publish(
            SessionChanged(
                runtimeID: runtimeID, identity: person, status: .active, folioSessionID: "ses_1",
                previousIdentity: guest))
        try await waitForModel(host) { $0.status == .active }
        reads.release(2)
        try await following.value

        let state = await host.currentState
        XCTAssertEqual(state.identity, person, "the announced sign-in stays: the read again was older")
        XCTAssertEqual(state.status, .active)
        XCTAssertEqual(state.folioSessionID, "ses_1")
    }

    func testAChangeAnnouncedBeforeTheSubscriptionIsFoundByTheReadAgain() async throws {
        let bus = InProcessBus()
        let before = RuntimeFacts.Session(identity: guest, status: .device, folioSessionID: nil)
        let after = RuntimeFacts.Session(identity: person, status: .active, folioSessionID: "ses_1")
        // The switch was announced between the first read and the subscription: nobody heard it.
        let reads = SessionReads([before, after], holding: [])
        let (host, following) = try await mount(reads, bus: bus)
        try await following.value

        let state = await host.currentState
        XCTAssertEqual(state.identity, person)
        XCTAssertEqual(state.status, .active)
        XCTAssertEqual(state.folioSessionID, "ses_1")
    }
}

/// The runtime's session as the store's reads find it, one answer per read; a read can be held after its
/// answer is taken (as PostgreSQL's answer is fixed when the query runs) until the test lets it return.
final class SessionReads: Sendable {
    private let answers: Mutex<[RuntimeFacts.Session]>
    private let held = Mutex<[Int: CheckedContinuation<Void, Never>]>([:])
    private let count = Mutex(0)
    let holding: Set<Int>

    init(_ answers: [RuntimeFacts.Session], holding: Set<Int>) {
        self.answers = Mutex(answers)
        self.holding = holding
    }

    func read() async -> RuntimeFacts.Session {
        let number = count.withLock { count in
            count += 1
            return count
        }
        let answer = answers.withLock { $0.count > 1 ? $0.removeFirst() : $0[0] }
        if holding.contains(number) {
            await withCheckedContinuation { continuation in held.withLock { $0[number] = continuation } }
        }
        return answer
    }

    /// Returns once read `number` has taken its answer and waits.
    func waitUntilHolding(_ number: Int) async {
        while held.withLock({ $0[number] == nil }) { try? await Task.sleep(for: .milliseconds(5)) }
    }

    func release(_ number: Int) {
        held.withLock { $0.removeValue(forKey: number) }?.resume()
    }
}
