import DocumentReceiver
import FolioAPI
import FolioClient
import Foundation
import Postgres
import Synchronization
import XCTest

/// One delivery (docs/documents.md, "Delivery") with the journal on the real PostgreSQL: the vault accepts an
/// invite once and Folio hears the confirmation once, whatever stopped a delivery before it ended.
final class DocumentDeliveryTests: XCTestCase {
    /// The vault and Folio as a delivery sees them: what they were asked, and what they answer next.
    final class Ends: Sendable {
        let accepted = Mutex<[String]>([])
        let confirmations = Mutex<[String]>([])
        let receiveFails = Mutex<DocumentVaultError?>(nil)
        let confirmFails = Mutex<Bool>(false)

        var folio: ReceptionFolio {
            ReceptionFolio(
                issuance: { _ in
                    throw FolioVaultError(failure: nil, underlying: .api(status: 500, code: "X", message: ""))
                },
                pendingIssuedInvites: { [] },
                confirmDelivery: { _, key in
                    if self.confirmFails.withLock({ $0 }) {
                        throw FolioVaultError(
                            failure: nil, underlying: .api(status: 503, code: "UNAVAILABLE", message: ""))
                    }
                    self.confirmations.withLock { $0.append(key) }
                })
        }

        func delivery(_ pool: PostgresPool, owner: String, lease: Double = 60) -> DocumentDelivery {
            DocumentDelivery(journal: DeliveryJournal(pool: pool, owner: owner, leaseSeconds: lease)) {
                _, _, invite in
                if let error = self.receiveFails.withLock({ $0 }) { throw error }
                self.accepted.withLock { $0.append(invite) }
                return "rec_of_\(invite)"
            }
        }
    }

    private let ends = Ends()

    private func deliver(_ delivery: DocumentDelivery, _ account: String, runtime: String = "rt_1") async throws
        -> DocumentDelivery.Result
    {
        try await delivery.deliver(
            inviteID: "shr_1", issuanceID: "isu_1", accountID: account, runtimeID: runtime, folio: ends.folio)
    }

    func testADeliveryAcceptsTheInviteOnceConfirmsItOnceAndIsNotDeliveredAgain() async throws {
        try await DeliveryJournalDatabase.withPool { pool in
            let account = DeliveryJournalDatabase.account()
            let first = try await deliver(ends.delivery(pool, owner: "proc_a"), account)
            XCTAssertEqual(first, .delivered(recordID: "rec_of_shr_1"))
            let again = try await deliver(ends.delivery(pool, owner: "proc_b"), account)
            XCTAssertEqual(again, .delivered(recordID: "rec_of_shr_1"))
            XCTAssertEqual(ends.accepted.withLock { $0 }, ["shr_1"])
            XCTAssertEqual(ends.confirmations.withLock { $0 }, ["documents-delivery-shr_1"])
        }
    }

    func testADeliveryWhoseSessionChangedIdentityBeforeTheVaultAcceptedIsDeliveredByTheIdentitysNextSession()
        async throws
    {
        try await DeliveryJournalDatabase.withPool { pool in
            let account = DeliveryJournalDatabase.account()
            ends.receiveFails.withLock { $0 = .identityChanged }
            let first = try await deliver(ends.delivery(pool, owner: "proc_a"), account)
            XCTAssertEqual(first, .abandoned)
            let row = try await DeliveryJournalDatabase.row(pool, account: account, invite: "shr_1")
            XCTAssertEqual(row?.0, "ABANDONED")

            ends.receiveFails.withLock { $0 = nil }
            let next = try await deliver(ends.delivery(pool, owner: "proc_a"), account, runtime: "rt_2")
            XCTAssertEqual(next, .delivered(recordID: "rec_of_shr_1"))
            XCTAssertEqual(ends.accepted.withLock { $0 }, ["shr_1"])
            XCTAssertEqual(ends.confirmations.withLock { $0 }, ["documents-delivery-shr_1"])
        }
    }

    func testADeliveryAbandonedAfterTheVaultAcceptedIsConfirmedByTheNextSessionWithoutAcceptingAgain() async throws {
        try await DeliveryJournalDatabase.withPool { pool in
            let account = DeliveryJournalDatabase.account()
            // Folio cannot take the confirmation; then the sweep finds the runtime holds another identity.
            ends.confirmFails.withLock { $0 = true }
            let first = ends.delivery(pool, owner: "proc_a")
            do {
                _ = try await deliver(first, account)
                XCTFail("the confirmation failed")
            } catch {}
            try await first.journal.abandoned(accountID: account, inviteID: "shr_1")

            ends.confirmFails.withLock { $0 = false }
            let next = try await deliver(ends.delivery(pool, owner: "proc_b"), account, runtime: "rt_2")
            XCTAssertEqual(next, .delivered(recordID: "rec_of_shr_1"))
            XCTAssertEqual(ends.accepted.withLock { $0 }, ["shr_1"], "the record in the vault is not accepted twice")
            XCTAssertEqual(ends.confirmations.withLock { $0 }, ["documents-delivery-shr_1"])
            let row = try await DeliveryJournalDatabase.row(pool, account: account, invite: "shr_1")
            XCTAssertEqual(row?.0, "DONE")
        }
    }

    func testAFailedStepGivesTheLeaseBackSoTheNextAttemptGoesOnAtOnceFromTheStepThatFailed() async throws {
        try await DeliveryJournalDatabase.withPool { pool in
            let account = DeliveryJournalDatabase.account()
            ends.confirmFails.withLock { $0 = true }
            do {
                _ = try await deliver(ends.delivery(pool, owner: "proc_a"), account)
                XCTFail("the confirmation failed")
            } catch {}
            ends.confirmFails.withLock { $0 = false }
            let other = try await deliver(ends.delivery(pool, owner: "proc_b"), account)
            XCTAssertEqual(other, .delivered(recordID: "rec_of_shr_1"))
            XCTAssertEqual(ends.accepted.withLock { $0 }, ["shr_1"])
            XCTAssertEqual(ends.confirmations.withLock { $0 }, ["documents-delivery-shr_1"])
        }
    }

    func testAnInviteTheVaultRefusesForGoodEndsItsDeliveryAndIsNotTriedAgain() async throws {
        try await DeliveryJournalDatabase.withPool { pool in
            let account = DeliveryJournalDatabase.account()
            ends.receiveFails.withLock { $0 = .refused("revoked") }
            let first = try await deliver(ends.delivery(pool, owner: "proc_a"), account)
            XCTAssertEqual(first, .refused)
            ends.receiveFails.withLock { $0 = nil }
            let again = try await deliver(ends.delivery(pool, owner: "proc_b"), account)
            XCTAssertEqual(again, .refused)
            XCTAssertEqual(ends.accepted.withLock { $0 }, [])
            let row = try await DeliveryJournalDatabase.row(pool, account: account, invite: "shr_1")
            XCTAssertEqual(row?.0, "REFUSED")
        }
    }

    func testADeliveryAnotherProcessHoldsIsBusyAndTouchesNeitherTheVaultNorFolio() async throws {
        try await DeliveryJournalDatabase.withPool { pool in
            let account = DeliveryJournalDatabase.account()
            let holder = DeliveryJournal(pool: pool, owner: "proc_a", leaseSeconds: 60)
            _ = try await holder.claim(inviteID: "shr_1", issuanceID: "isu_1", accountID: account, runtimeID: "rt_1")
            let busy = try await deliver(ends.delivery(pool, owner: "proc_b"), account)
            XCTAssertEqual(busy, .busy)
            XCTAssertEqual(ends.accepted.withLock { $0 }, [])
            XCTAssertEqual(ends.confirmations.withLock { $0 }, [])
        }
    }
}
