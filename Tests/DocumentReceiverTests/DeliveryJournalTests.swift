import DocumentReceiver
import Foundation
import Postgres
import XCTest

/// The delivery journal (docs/documents.md, "Delivery") on the real PostgreSQL: who may claim a delivery, when a
/// lease can be taken over, and what the sweep and the account's next session find. A lease that ran out is a
/// journal whose lease is negative (it runs out as it is taken), so no test waits for a clock.
final class DeliveryJournalTests: XCTestCase {
    private func journal(_ pool: PostgresPool, _ owner: String, lease: Double = 60) -> DeliveryJournal {
        DeliveryJournal(pool: pool, owner: owner, leaseSeconds: lease)
    }

    private func claim(
        _ journal: DeliveryJournal, _ account: String, _ invite: String = "shr_1", runtime: String = "rt_1"
    )
        async throws -> DeliveryJournal.Claim
    {
        try await journal.claim(inviteID: invite, issuanceID: "isu_\(invite)", accountID: account, runtimeID: runtime)
    }

    func testANewDeliveryIsClaimedReceivingAndIsBusyForAnotherProcessWhileTheLeaseHolds() async throws {
        try await DeliveryJournalDatabase.withPool { pool in
            let account = DeliveryJournalDatabase.account()
            let first = try await claim(journal(pool, "proc_a"), account)
            XCTAssertEqual(first, .claimed(stage: .receiving, recordID: nil))
            let second = try await claim(journal(pool, "proc_b"), account)
            XCTAssertEqual(second, .busy)
            let again = try await claim(journal(pool, "proc_a"), account)
            XCTAssertEqual(again, .claimed(stage: .receiving, recordID: nil), "the holder of the lease goes on")
        }
    }

    func testAnUnfinishedDeliveryWhoseLeaseRanOutIsTakenOverAtTheStageItReached() async throws {
        try await DeliveryJournalDatabase.withPool { pool in
            let account = DeliveryJournalDatabase.account()
            let dead = journal(pool, "proc_dead", lease: -1)
            _ = try await claim(dead, account)
            try await dead.received(accountID: account, inviteID: "shr_1", recordID: "rec_1")
            let takeover = try await claim(journal(pool, "proc_b"), account, runtime: "rt_2")
            XCTAssertEqual(takeover, .claimed(stage: .confirming, recordID: "rec_1"))
            let rows = try await pool.query(
                "SELECT claimed_by, runtime_id, attempts FROM document_deliveries WHERE account_id = \(account)")
            let row = try XCTUnwrap(rows.first)
            XCTAssertEqual(try row.decode(String.self, "claimed_by"), "proc_b")
            XCTAssertEqual(try row.decode(String.self, "runtime_id"), "rt_2")
            XCTAssertEqual(try row.decode(Int.self, "attempts"), 2)
        }
    }

    func testAReleasedLeaseLetsAnotherProcessGoOnAtOnce() async throws {
        try await DeliveryJournalDatabase.withPool { pool in
            let account = DeliveryJournalDatabase.account()
            let holder = journal(pool, "proc_a")
            _ = try await claim(holder, account)
            try await journal(pool, "proc_b").release(accountID: account, inviteID: "shr_1")
            let busy = try await claim(journal(pool, "proc_b"), account)
            XCTAssertEqual(busy, .busy, "only the holder gives its lease back")
            try await holder.release(accountID: account, inviteID: "shr_1")
            let claimed = try await claim(journal(pool, "proc_b"), account)
            XCTAssertEqual(claimed, .claimed(stage: .receiving, recordID: nil))
        }
    }

    func testTheSweepFindsTheUnfinishedDeliveriesWhoseLeaseRanOutAndNoOtherOnes() async throws {
        try await DeliveryJournalDatabase.withPool { pool in
            let account = DeliveryJournalDatabase.account()
            let dead = journal(pool, "proc_dead", lease: -1)
            let live = journal(pool, "proc_live")
            _ = try await claim(dead, account, "shr_expired")
            _ = try await claim(live, account, "shr_leased")
            _ = try await claim(dead, account, "shr_done")
            try await dead.received(accountID: account, inviteID: "shr_done", recordID: "rec_done")
            try await dead.confirmed(accountID: account, inviteID: "shr_done")
            _ = try await claim(dead, account, "shr_abandoned")
            try await dead.abandoned(accountID: account, inviteID: "shr_abandoned")
            let swept = try await live.unfinished(limit: 10_000).filter { $0.accountID == account }
            XCTAssertEqual(
                swept,
                [
                    .init(inviteID: "shr_expired", issuanceID: "isu_shr_expired", accountID: account, runtimeID: "rt_1")
                ])
        }
    }

    func testAnAbandonedDeliveryIsTakenUpAgainAtTheStageItReachedAndIsFoundByItsAccountOnly() async throws {
        try await DeliveryJournalDatabase.withPool { pool in
            let account = DeliveryJournalDatabase.account()
            let other = DeliveryJournalDatabase.account()
            let first = journal(pool, "proc_a")
            _ = try await claim(first, account, "shr_accepted")
            try await first.received(accountID: account, inviteID: "shr_accepted", recordID: "rec_1")
            try await first.abandoned(accountID: account, inviteID: "shr_accepted")
            _ = try await claim(first, account, "shr_not_accepted")
            try await first.abandoned(accountID: account, inviteID: "shr_not_accepted")

            let found = try await first.abandonedDeliveries(accountID: account, limit: 10)
            XCTAssertEqual(Set(found.map(\.inviteID)), ["shr_accepted", "shr_not_accepted"])
            let others = try await first.abandonedDeliveries(accountID: other, limit: 10)
            XCTAssertEqual(others, [], "another identity never takes up the account's deliveries")

            // The identity's next session, on another runtime and process, while the first lease would still hold.
            let next = journal(pool, "proc_b")
            let confirming = try await claim(next, account, "shr_accepted", runtime: "rt_2")
            XCTAssertEqual(confirming, .claimed(stage: .confirming, recordID: "rec_1"), "accepted once: confirm only")
            let receiving = try await claim(next, account, "shr_not_accepted", runtime: "rt_2")
            XCTAssertEqual(receiving, .claimed(stage: .receiving, recordID: nil))
            let left = try await next.abandonedDeliveries(accountID: account, limit: 10)
            XCTAssertEqual(left, [], "taken up: no longer abandoned")
        }
    }

    func testAnAbandonedDeliveryIsTakenUpByOneClaimWhenTwoComeAtOnce() async throws {
        try await DeliveryJournalDatabase.withPool { pool in
            let account = DeliveryJournalDatabase.account()
            let first = journal(pool, "proc_a")
            _ = try await claim(first, account)
            try await first.abandoned(accountID: account, inviteID: "shr_1")
            let b = journal(pool, "proc_b")
            let c = journal(pool, "proc_c")
            async let one = b.claim(inviteID: "shr_1", issuanceID: "isu_shr_1", accountID: account, runtimeID: "rt_b")
            async let two = c.claim(inviteID: "shr_1", issuanceID: "isu_shr_1", accountID: account, runtimeID: "rt_c")
            let claims = try await [one, two]
            XCTAssertEqual(claims.filter { $0 == .claimed(stage: .receiving, recordID: nil) }.count, 1)
            XCTAssertEqual(claims.filter { $0 == .busy }.count, 1)
        }
    }

    func testADeliveredOrRefusedDeliveryHasEndedForEveryone() async throws {
        try await DeliveryJournalDatabase.withPool { pool in
            let account = DeliveryJournalDatabase.account()
            let first = journal(pool, "proc_a")
            _ = try await claim(first, account, "shr_done")
            try await first.received(accountID: account, inviteID: "shr_done", recordID: "rec_done")
            try await first.confirmed(accountID: account, inviteID: "shr_done")
            _ = try await claim(first, account, "shr_refused")
            try await first.refused(accountID: account, inviteID: "shr_refused")

            let done = try await claim(journal(pool, "proc_b"), account, "shr_done")
            XCTAssertEqual(done, .ended(recordID: "rec_done"))
            let refused = try await claim(journal(pool, "proc_b"), account, "shr_refused")
            XCTAssertEqual(refused, .ended(recordID: nil))
            let abandoned = try await first.abandonedDeliveries(accountID: account, limit: 10)
            XCTAssertEqual(abandoned, [])
            try await first.abandoned(accountID: account, inviteID: "shr_done")
            let stillDone = try await DeliveryJournalDatabase.row(pool, account: account, invite: "shr_done")
            XCTAssertEqual(stillDone?.0, "DONE", "a delivery that ended is never abandoned")
        }
    }

    func testTheSweepAbandonsADeliveryWhoseLeaseRanOutForItsIdentitysNextSessionButNotOneWhoseLeaseHolds()
        async throws
    {
        try await DeliveryJournalDatabase.withPool { pool in
            let account = DeliveryJournalDatabase.account()
            let dead = journal(pool, "proc_dead", lease: -1)
            _ = try await claim(dead, account, "shr_expired")
            try await dead.received(accountID: account, inviteID: "shr_expired", recordID: "rec_1")
            _ = try await claim(journal(pool, "proc_live"), account, "shr_leased")

            let sweeper = journal(pool, "proc_sweeper")
            try await sweeper.abandonUnattended(accountID: account, inviteID: "shr_expired")
            try await sweeper.abandonUnattended(accountID: account, inviteID: "shr_leased")
            let expired = try await DeliveryJournalDatabase.row(pool, account: account, invite: "shr_expired")
            XCTAssertEqual(expired?.0, "ABANDONED")
            let leased = try await DeliveryJournalDatabase.row(pool, account: account, invite: "shr_leased")
            XCTAssertEqual(leased?.0, "RECEIVING", "a delivery another process holds goes on there")
            let next = try await claim(journal(pool, "proc_next"), account, "shr_expired", runtime: "rt_2")
            XCTAssertEqual(next, .claimed(stage: .confirming, recordID: "rec_1"))
        }
    }
}
