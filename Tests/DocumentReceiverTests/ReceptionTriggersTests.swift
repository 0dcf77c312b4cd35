import Bus
import DocumentReceiver
import FolioAPI
import FolioClient
import FolioModel
import Foundation
import Synchronization
import TestSupport
import WireModel
import XCTest

/// The triggers of the reception where they are subscribed (docs/documents.md, "Reception"): typed events published
/// on the test run's NATS reach the reception of this process, which runs a pass through the runtime named; an
/// EXPIRED session does not.
final class ReceptionTriggersTests: XCTestCase {
    /// What the reception did: the runtimes a pass asked about and the progress it published.
    final class Seen: Sendable {
        let runtimes = Mutex<[String]>([])
        let published = Mutex<[DocumentReceptionChanged]>([])
        /// The account each runtime's session holds.
        let holders = Mutex<[String: String]>([:])
    }

    private let seen = Seen()
    private var bus: NATSBus?
    private var worker: ReceptionWorker?
    private var subscriptions: [any BusSubscription] = []
    /// Names no other test run uses: the NATS server outlives the tests.
    private let suffix = RandomID.base32(count: 8).lowercased()

    override func setUp() async throws {
        let bus = try await NATSBus.connect(try TestEnvironment.nats(name: "documents-trigger-tests"))
        self.bus = bus
        let seen = self.seen
        let folio = ReceptionFolio(
            issuance: { id in
                FolioIssuance(
                    id: id, state: .deciding, interval: 0, organizationId: "org_bluebank", inquiryId: "inq_1",
                    accountId: nil, guestId: nil,
                    issuer: FolioIssuer(id: "iss_demo", name: "Demo", signPublicKey: FolioBytes([])),
                    documentTemplateId: "dtpl_membership", inviteId: nil, recordId: nil, reason: nil, retryable: false,
                    createdAt: Date(), decidedAt: nil, deliveredAt: nil)
            },
            pendingIssuedInvites: { [] }, confirmDelivery: { _, _ in })
        let worker = ReceptionWorker(
            .init(
                holder: { runtimeID in
                    seen.runtimes.withLock { $0.append(runtimeID) }
                    guard let account = seen.holders.withLock({ $0[runtimeID] }) else { return nil }
                    return .init(accountID: account, folio: folio)
                },
                deliver: { _, _, _, _, _ in .busy }, timing: ReceptionTiming(),
                publish: { change in seen.published.withLock { $0.append(change) } }, forward: { _ in false },
                own: { _, _ in nil }, warn: { _, _ in }))
        self.worker = worker
        // A queue group of its own: a DocumentReceiver of another test's stack on this NATS takes none of these.
        subscriptions = try await ReceptionService.followTriggers(
            on: bus, queueGroup: "documents_tests_\(suffix)", worker: worker
        ) { _, _ in }
    }

    override func tearDown() async throws {
        for subscription in subscriptions { await subscription.cancel() }
        subscriptions = []
        await worker?.stop()
    }

    private func account(_ name: String) -> String { "\(name)_\(suffix)" }
    /// A runtime whose session holds `account`.
    private func runtime(_ name: String, holding account: String) -> String {
        let runtimeID = "rt_\(name)_\(suffix)"
        seen.holders.withLock { $0[runtimeID] = account }
        return runtimeID
    }

    /// The ends of the passes published for `account`, waited for (bounded).
    private func ends(of account: String, count: Int = 1) async throws -> [DocumentReceptionChanged] {
        for _ in 0..<400 {
            let ends = seen.published.withLock { $0.filter { $0.accountID == account && $0.stage == .ended } }
            if ends.count >= count { return ends }
            try await Task.sleep(for: .milliseconds(10))
        }
        XCTFail("no pass ended for \(account)")
        return []
    }

    func testASessionChangeThatIsNotExpiredRunsAPassThroughItsRuntime() async throws {
        let chen = account("acct_chen")
        let runtimeID = runtime("session", holding: chen)
        try await XCTUnwrap(bus).publish(
            SessionChanged(
                runtimeID: runtimeID, identity: .authenticated(userId: chen, email: "chen@example.net"),
                status: .active, folioSessionID: "fs_1"))
        let ends = try await ends(of: chen)
        XCTAssertEqual(ends.map(\.trigger), [.automatic])
        XCTAssertEqual(ends.map(\.outcome), [.nothingPending])
        XCTAssertEqual(seen.runtimes.withLock { $0 }, [runtimeID])
    }

    func testAGuestSessionOnTheDeviceRunsAPassForTheGuest() async throws {
        let guest = account("guest")
        let runtimeID = runtime("guest", holding: guest)
        try await XCTUnwrap(bus).publish(
            SessionChanged(
                runtimeID: runtimeID, identity: .transient(accountId: guest), status: .device,
                folioSessionID: nil))
        let ends = try await ends(of: guest)
        XCTAssertEqual(ends.map(\.outcome), [.nothingPending])
        XCTAssertEqual(seen.runtimes.withLock { $0 }, [runtimeID])
    }

    func testAnExpiredSessionRunsNoPass() async throws {
        let expired = account("acct_expired")
        let later = account("acct_later")
        let bus = try XCTUnwrap(self.bus)
        try await bus.publish(
            SessionChanged(
                runtimeID: runtime("expired", holding: expired),
                identity: .authenticated(userId: expired, email: "x@example.net"), status: .expired,
                folioSessionID: nil))
        // An announcement published after it has its pass: NATS delivers them in order, so the expired one had its turn.
        try await bus.publish(
            SessionChanged(
                runtimeID: runtime("later", holding: later),
                identity: .authenticated(userId: later, email: "y@example.net"), status: .active,
                folioSessionID: "fs_2"))
        _ = try await ends(of: later)
        XCTAssertEqual(seen.runtimes.withLock { $0 }, [runtime("later", holding: later)])
        XCTAssertEqual(seen.published.withLock { $0.filter { $0.accountID == expired } }, [])
    }

    func testASuccessfulVaultSyncOfARuntimeRunsAPassThroughThatRuntime() async throws {
        let chen = account("acct_chen")
        let runtimeID = runtime("sync", holding: chen)
        let bus = try XCTUnwrap(self.bus)
        // A sync that names no runtime (the fetch of a received document) has no session to act through.
        try await bus.publish(VaultSynced(accountID: chen))
        try await bus.publish(VaultSynced(accountID: chen, runtimeID: runtimeID))
        let ends = try await ends(of: chen)
        XCTAssertEqual(ends.map(\.outcome), [.nothingPending])
        XCTAssertEqual(seen.runtimes.withLock { $0 }, [runtimeID])
    }

    func testAnIssuanceOfferedByAnInquiryShowsReceivingOnItsRuntimeAndIsWaitedFor() async throws {
        let chen = account("acct_chen")
        let runtimeID = runtime("offer", holding: chen)
        try await XCTUnwrap(bus).publish(
            IssuanceOffered(runtimeID: runtimeID, accountID: chen, issuanceID: "isu_\(suffix)", inquiryID: "inq_1"))
        let ends = try await ends(of: chen)
        XCTAssertEqual(ends.map(\.trigger), [.inquiryOffer])
        XCTAssertEqual(ends.map(\.outcome), [.onItsWay], "the issuer still decides")
        let started = seen.published.withLock { $0.filter { $0.accountID == chen && $0.stage == .started } }
        XCTAssertEqual(started.map(\.runtimeID), [runtimeID])
    }
}
