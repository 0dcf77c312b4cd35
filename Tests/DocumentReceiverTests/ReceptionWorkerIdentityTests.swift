import Bus
import DocumentReceiver
import FolioAPI
import FolioClient
import FolioWire
import Foundation
import Synchronization
import XCTest

/// The limitations of the spec on the receiver's side (`folio-documents.md`, "Limitations"): the reception waits
/// for the documents of the current session's identity only, and a document whose invite was addressed to the
/// guest is not received for the account the guest signed in to.
final class ReceptionWorkerIdentityTests: XCTestCase {
    /// The runtime's session, Folio as each holder sees it, and what the reception did.
    final class World: Sendable {
        /// The account the session of rt_1 holds.
        let holder = Mutex("guest_1")
        /// isu_guest: DECIDING until issued to the guest as shr_guest.
        let issued = Mutex(false)
        /// Each Folio request, as `<holder> <what>`.
        let requests = Mutex<[String]>([])
        /// Each delivery, as `<account> <invite>`.
        let deliveries = Mutex<[String]>([])
        let published = Mutex<[DocumentReceptionChanged]>([])

        func folio(as account: String) -> ReceptionFolio {
            ReceptionFolio(
                issuance: { id in
                    self.requests.withLock { $0.append("\(account) issuance \(id)") }
                    let issued = self.issued.withLock { $0 }
                    return FolioIssuance(
                        id: id, state: issued ? .issued : .deciding, interval: 0, organizationId: "org_bluebank",
                        inquiryId: "inq_1", accountId: nil, guestId: "guest_1",
                        issuer: FolioIssuer(id: "iss_demo", name: "Demo", signPublicKey: FolioBytes([])),
                        documentTemplateId: "dtpl_membership", inviteId: issued ? "shr_guest" : nil,
                        recordId: issued ? "rec_guest" : nil, reason: nil, retryable: false, createdAt: Date(),
                        decidedAt: nil, deliveredAt: nil)
                },
                pendingIssuedInvites: {
                    // Folio lists a holder's own invites only: the guest's invite is not the account's.
                    self.requests.withLock { $0.append("\(account) invites") }
                    return []
                },
                confirmDelivery: { _, _ in })
        }
    }

    private let world = World()

    private func worker() -> ReceptionWorker {
        let world = self.world
        return ReceptionWorker(
            .init(
                holder: { _ in
                    let account = world.holder.withLock { $0 }
                    return .init(accountID: account, folio: world.folio(as: account))
                },
                deliver: { invite, _, account, _, _ in
                    world.deliveries.withLock { $0.append("\(account) \(invite)") }
                    return .busy
                },
                timing: ReceptionTiming(decidingSeconds: 0.05, onItsWayFirstSeconds: 0.05, intervalMarginSeconds: 0),
                publish: { change in world.published.withLock { $0.append(change) } },
                forward: { _ in false }, own: { _, _ in nil }, warn: { _, _ in }))
    }

    /// Waits (bounded) until `check` holds.
    private func waitFor(_ what: String, _ check: () async -> Bool) async throws {
        for _ in 0..<400 {
            if await check() { return }
            try await Task.sleep(for: .milliseconds(10))
        }
        XCTFail("timed out waiting for \(what)")
    }

    private func ends(_ account: String) -> Int {
        world.published.withLock { $0.filter { $0.accountID == account && $0.stage == .ended }.count }
    }

    func testWhenTheRuntimesSessionHoldsAnotherIdentityThePreviousIdentitysIssuancesAreNoLongerWaitedFor()
        async throws
    {
        let reception = worker()
        await reception.trigger(
            ReceptionTrigger(.inquiryOffer, accountID: "guest_1", runtimeID: "rt_1", issuanceID: "isu_guest"))
        try await waitFor("the offer's pass") { ends("guest_1") >= 1 }
        let waiting = await reception.watching()
        XCTAssertEqual(waiting["guest_1"]?.map(\.id), ["isu_guest"])

        // The guest signs in to acct_chen on rt_1: the guest's next timer pass finds another identity.
        world.holder.withLock { $0 = "acct_chen" }
        try await waitFor("the guest's issuances dropped") { await reception.watching().isEmpty }
        let requests = world.requests.withLock { $0 }
        world.issued.withLock { $0 = true }
        await reception.trigger(ReceptionTrigger(.sessionStarted, accountID: "acct_chen", runtimeID: "rt_1"))
        try await waitFor("the account's pass") { ends("acct_chen") >= 1 }
        XCTAssertEqual(
            world.requests.withLock { Array($0.dropFirst(requests.count)) }, ["acct_chen invites"],
            "nobody asks Folio about the guest's issuance any more")
        let watching = await reception.watching()
        XCTAssertTrue(watching.isEmpty, "no timer, nothing in memory")
    }

    func testADocumentIssuedToTheGuestIsNotReceivedForTheAccountTheGuestSignedInTo() async throws {
        let reception = worker()
        await reception.trigger(
            ReceptionTrigger(.inquiryOffer, accountID: "guest_1", runtimeID: "rt_1", issuanceID: "isu_guest"))
        try await waitFor("the offer's pass") { ends("guest_1") >= 1 }
        // The issuer issues to the guest while the guest signs in to acct_chen.
        world.issued.withLock { $0 = true }
        world.holder.withLock { $0 = "acct_chen" }
        await reception.trigger(ReceptionTrigger(.sessionStarted, accountID: "acct_chen", runtimeID: "rt_1"))
        try await waitFor("the account's pass") { ends("acct_chen") >= 1 }
        try await waitFor("the guest's issuances dropped") { await reception.watching().isEmpty }
        XCTAssertFalse(
            world.deliveries.withLock { $0 }.contains { $0.hasPrefix("acct_chen") },
            "the guest's invite is never delivered into the account's vault")
        XCTAssertEqual(
            world.published.withLock { $0.filter { $0.accountID == "acct_chen" }.flatMap(\.received) }, [])
    }
}
