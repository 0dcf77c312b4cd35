import Bus
import DocumentReceiver
import FolioAPI
import FolioClient
import FolioWire
import Foundation
import Synchronization
import XCTest

/// The reception of one process (docs/documents.md, "Reception across processes"): who runs a pass, and what an
/// account costs while nothing is on its way.
final class ReceptionWorkerTests: XCTestCase {
    /// What the worker did through its dependencies.
    final class Recorder: Sendable {
        let published = Mutex<[DocumentReceptionChanged]>([])
        let owned = Mutex<[String]>([])
        let cancelled = Mutex<Int>(0)
        let folioCalls = Mutex<Int>(0)
        let issued = Mutex<Bool>(false)
    }

    struct Ownership: BusSubscription {
        let recorder: Recorder
        func cancel() async { recorder.cancelled.withLock { $0 += 1 } }
    }

    private func worker(_ recorder: Recorder, forwarded: Bool = false) -> ReceptionWorker {
        let folio = ReceptionFolio(
            issuance: { id in
                recorder.folioCalls.withLock { $0 += 1 }
                let issued = recorder.issued.withLock { $0 }
                return FolioIssuance(
                    id: id, state: issued ? .declined : .deciding, interval: 0, organizationId: "org_bluebank",
                    inquiryId: "inq_1", accountId: "acct_chen", guestId: nil,
                    issuer: FolioIssuer(id: "iss_demo", name: "Demo", signPublicKey: FolioBytes([])),
                    documentTemplateId: "dtpl_membership", inviteId: nil, recordId: nil, reason: nil, retryable: false,
                    createdAt: Date(), decidedAt: nil, deliveredAt: nil)
            },
            pendingIssuedInvites: {
                recorder.folioCalls.withLock { $0 += 1 }
                return []
            },
            confirmDelivery: { _, _ in })
        return ReceptionWorker(
            .init(
                holder: { _ in .init(accountID: "acct_chen", folio: folio) },
                deliver: { _, _, _, _, _ in .busy },
                timing: ReceptionTiming(decidingSeconds: 0.1, onItsWayFirstSeconds: 0.1, intervalMarginSeconds: 0),
                publish: { change in recorder.published.withLock { $0.append(change) } },
                forward: { _ in forwarded },
                own: { accountID, _ in
                    recorder.owned.withLock { $0.append(accountID) }
                    return Ownership(recorder: recorder)
                },
                warn: { _, _ in }))
    }

    private func waitFor(_ what: String, _ check: () async -> Bool) async throws {
        for _ in 0..<200 {
            if await check() { return }
            try await Task.sleep(for: .milliseconds(25))
        }
        XCTFail("timed out waiting for \(what)")
    }

    func testAnAccountWithNothingOnItsWayLeavesNoTimerNoOwnershipAndNothingInMemory() async throws {
        let recorder = Recorder()
        let reception = worker(recorder)
        await reception.trigger(ReceptionTrigger(.sessionStarted, accountID: "acct_chen", runtimeID: "rt_1"))
        try await waitFor("the pass's end") { recorder.published.withLock { !$0.isEmpty } }
        let ended = recorder.published.withLock { $0 }
        XCTAssertEqual(
            ended,
            [
                DocumentReceptionChanged(
                    accountID: "acct_chen", stage: .ended, trigger: .automatic, outcome: .nothingPending)
            ],
            "an automatic pass publishes only its end")
        let watching = await reception.watching()
        XCTAssertEqual(watching.count, 0)
        XCTAssertEqual(recorder.owned.withLock { $0 }, [], "no subscription for an account with nothing on its way")
        XCTAssertEqual(recorder.folioCalls.withLock { $0 }, 1, "one request: the pending issued invites")
    }

    func testAnOfferMakesThisProcessTheAccountsOwnerWithATimerUntilTheIssuerDecidesThenLetsGo() async throws {
        let recorder = Recorder()
        let reception = worker(recorder)
        await reception.trigger(
            ReceptionTrigger(.inquiryOffer, accountID: "acct_chen", runtimeID: "rt_1", issuanceID: "isu_1"))
        try await waitFor("the owner's subscription") { recorder.owned.withLock { $0 == ["acct_chen"] } }
        let first = recorder.published.withLock { $0 }
        XCTAssertEqual(
            first.first,
            DocumentReceptionChanged(accountID: "acct_chen", stage: .started, trigger: .inquiryOffer, runtimeID: "rt_1")
        )
        XCTAssertEqual(first.dropFirst().first?.outcome, .onItsWay)
        // The issuer declines: the timer's pass reads it, tells the offering runtime and gives the account up.
        recorder.issued.withLock { $0 = true }
        try await waitFor("the ownership given up") { recorder.cancelled.withLock { $0 == 1 } }
        let last = try XCTUnwrap(recorder.published.withLock { $0.last })
        XCTAssertEqual(last.notIssued, [.init(runtimeID: "rt_1", declined: true)])
        XCTAssertEqual(last.outcome, .nothingPending)
        let watching = await reception.watching()
        XCTAssertEqual(watching.count, 0)
    }

    func testATriggerForAnAccountThatAnotherProcessOwnsGoesToThatProcess() async throws {
        let recorder = Recorder()
        let reception = worker(recorder, forwarded: true)
        await reception.trigger(ReceptionTrigger(.refresh, accountID: "acct_chen", runtimeID: "rt_1"))
        try await Task.sleep(for: .milliseconds(100))
        XCTAssertEqual(recorder.published.withLock { $0 }, [], "the owner runs the pass and publishes")
        XCTAssertEqual(recorder.folioCalls.withLock { $0 }, 0)
    }

    func testRefreshPublishesReceivingAtOnceForTheRuntimeThatAsked() async throws {
        let recorder = Recorder()
        let reception = worker(recorder)
        await reception.trigger(ReceptionTrigger(.refresh, accountID: "acct_chen", runtimeID: "rt_1"))
        try await waitFor("the pass's end") { recorder.published.withLock { $0.count == 2 } }
        XCTAssertEqual(
            recorder.published.withLock { $0 },
            [
                DocumentReceptionChanged(accountID: "acct_chen", stage: .started, trigger: .refresh, runtimeID: "rt_1"),
                DocumentReceptionChanged(
                    accountID: "acct_chen", stage: .ended, trigger: .refresh, runtimeID: "rt_1",
                    outcome: .nothingPending),
            ])
    }

    func testAStatusRequestShowsWhatTheOwnerAwaitsWithoutAPassAndNothingWhereNothingIsAwaited() async throws {
        let recorder = Recorder()
        let reception = worker(recorder)
        await reception.trigger(ReceptionTrigger(.status, accountID: "acct_chen", runtimeID: "rt_1"))
        try await Task.sleep(for: .milliseconds(50))
        XCTAssertEqual(recorder.published.withLock { $0 }, [], "nothing is awaited: nothing to tell")
        XCTAssertEqual(recorder.folioCalls.withLock { $0 }, 0)
        await reception.trigger(
            ReceptionTrigger(.inquiryOffer, accountID: "acct_chen", runtimeID: "rt_1", issuanceID: "isu_1"))
        try await waitFor("the offer's pass") { recorder.published.withLock { $0.count == 2 } }
        let calls = recorder.folioCalls.withLock { $0 }
        await reception.trigger(ReceptionTrigger(.status, accountID: "acct_chen", runtimeID: "rt_2"))
        XCTAssertEqual(
            recorder.published.withLock { $0.last },
            DocumentReceptionChanged(accountID: "acct_chen", stage: .ended, trigger: .automatic, outcome: .onItsWay))
        XCTAssertEqual(recorder.folioCalls.withLock { $0 }, calls, "no request to Folio")
    }
}
