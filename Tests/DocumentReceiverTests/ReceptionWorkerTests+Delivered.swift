import Bus
import DocumentReceiver
import FolioAPI
import FolioClient
import FolioWire
import Foundation
import Synchronization
import XCTest

/// A document delivered for an offer is announced Received once, to the runtime whose inquiry offered it
/// (docs/documents.md): a later pass of the account has nothing on its way and announces nothing again, so a
/// list that acknowledged it stays Idle.
final class ReceptionWorkerDeliveredTests: XCTestCase {
    final class Recorder: Sendable {
        let published = Mutex<[DocumentReceptionChanged]>([])
        let deliveries = Mutex<Int>(0)
    }

    private let recorder = Recorder()

    private func worker() -> ReceptionWorker {
        let folio = ReceptionFolio(
            issuance: { id in
                FolioIssuance(
                    id: id, state: .issued, interval: 0, organizationId: "org_bluebank", inquiryId: "inq_1",
                    accountId: "acct_chen", guestId: nil,
                    issuer: FolioIssuer(id: "iss_demo", name: "Demo", signPublicKey: FolioBytes([])),
                    documentTemplateId: "dtpl_membership", inviteId: "shr_1", recordId: "rec_1", reason: nil,
                    retryable: false, createdAt: Date(), decidedAt: nil, deliveredAt: nil)
            },
            pendingIssuedInvites: { [] },
            confirmDelivery: { _, _ in })
        let recorder = self.recorder
        return ReceptionWorker(
            .init(
                holder: { _ in .init(accountID: "acct_chen", folio: folio) },
                deliver: { _, _, _, _, _ in
                    recorder.deliveries.withLock { $0 += 1 }
                    return .delivered(recordID: "rec_1")
                },
                timing: ReceptionTiming(decidingSeconds: 0.1, onItsWayFirstSeconds: 0.1, intervalMarginSeconds: 0),
                publish: { change in recorder.published.withLock { $0.append(change) } },
                forward: { _ in false }, own: { _, _ in nil }, warn: { _, _ in }))
    }

    private func waitForEnds(_ count: Int) async throws {
        for _ in 0..<200 {
            if recorder.published.withLock({ $0.filter { $0.stage == .ended }.count }) >= count { return }
            try await Task.sleep(for: .milliseconds(25))
        }
        XCTFail("timed out waiting for \(count) passes to end")
    }

    func testADocumentDeliveredForAnOfferIsAnnouncedReceivedOnceAndALaterPassAnnouncesItNoMore() async throws {
        let reception = worker()
        await reception.trigger(
            ReceptionTrigger(.inquiryOffer, accountID: "acct_chen", runtimeID: "rt_1", issuanceID: "isu_1"))
        try await waitForEnds(1)
        await reception.trigger(ReceptionTrigger(.refresh, accountID: "acct_chen", runtimeID: "rt_1"))
        try await waitForEnds(2)
        let ends = recorder.published.withLock { $0.filter { $0.stage == .ended } }
        XCTAssertEqual(ends.map(\.received), [[.init(runtimeID: "rt_1", id: "rec_1")], []])
        XCTAssertEqual(recorder.deliveries.withLock { $0 }, 1, "the delivered document is not delivered again")
        let watching = await reception.watching()
        XCTAssertEqual(watching.count, 0, "nothing is on its way")
    }
}
