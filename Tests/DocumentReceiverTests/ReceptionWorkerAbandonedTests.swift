import DocumentReceiver
import FolioAPI
import FolioClient
import FolioWire
import Foundation
import Synchronization
import XCTest

/// A delivery abandoned when the session's identity changed is taken up by a later pass of a session of the same
/// identity (docs/documents.md, "Delivery"): the reception, the journal on the real PostgreSQL and the delivery
/// together; the vault and Folio are the test's.
final class ReceptionWorkerAbandonedTests: XCTestCase {
    final class World: Sendable {
        /// The vault answers that the runtime's session holds another identity.
        let identityChanged = Mutex(true)
        let accepted = Mutex<[String]>([])
        let confirmations = Mutex<[String]>([])
        let issuanceReads = Mutex(0)
        let published = Mutex<[DocumentReceptionChanged]>([])

        var folio: ReceptionFolio {
            ReceptionFolio(
                issuance: { id in
                    self.issuanceReads.withLock { $0 += 1 }
                    return FolioIssuance(
                        id: id, state: .issued, interval: 0, organizationId: "org_bluebank", inquiryId: "inq_1",
                        accountId: nil, guestId: nil,
                        issuer: FolioIssuer(id: "iss_demo", name: "Demo", signPublicKey: FolioBytes([])),
                        documentTemplateId: "dtpl_membership", inviteId: "shr_1", recordId: "rec_1", reason: nil,
                        retryable: false, createdAt: Date(), decidedAt: nil, deliveredAt: nil)
                },
                // The invite is not among those Folio lists to this session: only the journal remembers it.
                pendingIssuedInvites: { [] },
                confirmDelivery: { _, key in self.confirmations.withLock { $0.append(key) } })
        }
    }

    private let world = World()

    private func ends(_ count: Int) async throws -> [DocumentReceptionChanged] {
        for _ in 0..<400 {
            let ends = world.published.withLock { $0.filter { $0.stage == .ended } }
            if ends.count >= count { return ends }
            try await Task.sleep(for: .milliseconds(10))
        }
        XCTFail("\(count) passes never ended")
        return []
    }

    func testADeliveryAbandonedWhenTheIdentityChangedIsDeliveredOnceByTheIdentitysNextSessionWithoutReceived()
        async throws
    {
        try await DeliveryJournalDatabase.withPool { pool in
            let account = DeliveryJournalDatabase.account()
            let world = self.world
            let delivery = DocumentDelivery(
                journal: DeliveryJournal(pool: pool, owner: "proc_a", leaseSeconds: 60)
            ) { _, _, invite in
                if world.identityChanged.withLock({ $0 }) { throw DocumentVaultError.identityChanged }
                world.accepted.withLock { $0.append(invite) }
                return "rec_of_\(invite)"
            }
            let reception = ReceptionWorker(
                .init(
                    holder: { _ in .init(accountID: account, folio: world.folio) },
                    deliver: { invite, issuance, account, runtime, folio in
                        try await delivery.deliver(
                            inviteID: invite, issuanceID: issuance, accountID: account, runtimeID: runtime,
                            folio: folio)
                    },
                    abandoned: { account in
                        try await delivery.journal.abandonedDeliveries(accountID: account, limit: 20)
                    },
                    timing: ReceptionTiming(), publish: { change in world.published.withLock { $0.append(change) } },
                    forward: { _ in false }, own: { _, _ in nil }, warn: { _, _ in }))

            // The offer's pass reads the issuance as issued; the vault says the identity changed meanwhile.
            await reception.trigger(
                ReceptionTrigger(.inquiryOffer, accountID: account, runtimeID: "rt_1", issuanceID: "isu_1"))
            _ = try await ends(1)
            let abandoned = try await DeliveryJournalDatabase.row(pool, account: account, invite: "shr_1")
            XCTAssertEqual(abandoned?.0, "ABANDONED")
            let watching = await reception.watching()
            XCTAssertTrue(watching.isEmpty, "the previous identity's issuance is no longer waited for")

            // The identity's next session, on another runtime.
            world.identityChanged.withLock { $0 = false }
            await reception.trigger(ReceptionTrigger(.sessionStarted, accountID: account, runtimeID: "rt_2"))
            let second = try await ends(2)
            XCTAssertEqual(second.last?.outcome, .nothingPending)
            XCTAssertEqual(second.last?.received, [], "found without an offer on this runtime: never Received")
            XCTAssertEqual(world.accepted.withLock { $0 }, ["shr_1"])
            XCTAssertEqual(world.confirmations.withLock { $0 }, ["documents-delivery-shr_1"])
            let done = try await DeliveryJournalDatabase.row(pool, account: account, invite: "shr_1")
            XCTAssertEqual(done?.0, "DONE")

            // Later passes find nothing more to do and never read the issuance again.
            let reads = world.issuanceReads.withLock { $0 }
            await reception.trigger(ReceptionTrigger(.sessionStarted, accountID: account, runtimeID: "rt_2"))
            _ = try await ends(3)
            XCTAssertEqual(world.accepted.withLock { $0 }, ["shr_1"])
            XCTAssertEqual(world.confirmations.withLock { $0 }, ["documents-delivery-shr_1"])
            XCTAssertEqual(world.issuanceReads.withLock { $0 }, reads)
            await reception.stop()
        }
    }
}
