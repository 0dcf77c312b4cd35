import DocumentReceiver
import FolioAPI
import FolioClient
import FolioWire
import Foundation
import Synchronization
import XCTest

/// The issuer's interval is a floor between two requests for an issuance (spec `folio-documents.md`, "Automatic
/// reception"), measured from the time each request was sent, however long Folio takes to answer. The clock is
/// the test's: Folio's answers take time by moving it on.
final class ReceptionPassIntervalTests: XCTestCase {
    private let start = Date(timeIntervalSince1970: 1_800_000_000)
    private let timing = ReceptionTiming()

    /// A Folio whose answers take `slowness` seconds of the test's clock; it notes when each read reached it.
    final class SlowFolio: Sendable {
        let clock: Mutex<Date>
        let slowness = Mutex<[String: Double]>([:])
        /// When set, the answers take these times in turn, whatever the issuance.
        let cycle = Mutex<[Double]>([])
        let reads = Mutex<[(id: String, at: Date)]>([])
        let interval: Int

        init(start: Date, interval: Int) {
            clock = Mutex(start)
            self.interval = interval
        }

        func now() -> Date { clock.withLock { $0 } }
        func advance(_ seconds: Double) { clock.withLock { $0 = $0.addingTimeInterval(seconds) } }

        var folio: ReceptionFolio {
            ReceptionFolio(
                issuance: { id in
                    let count = self.reads.withLock {
                        $0.append((id, self.now()))
                        return $0.count
                    }
                    let cycle = self.cycle.withLock { $0 }
                    self.advance(cycle.isEmpty ? self.slowness.withLock { $0[id] ?? 0 } : cycle[count % cycle.count])
                    return FolioIssuance(
                        id: id, state: .deciding, interval: self.interval, organizationId: "org_bluebank",
                        inquiryId: "inq_1", accountId: "acct_chen", guestId: nil,
                        issuer: FolioIssuer(id: "iss_demo", name: "Demo", signPublicKey: FolioBytes([])),
                        documentTemplateId: "dtpl_membership", inviteId: nil, recordId: nil, reason: nil,
                        retryable: false, createdAt: self.now(), decidedAt: nil, deliveredAt: nil)
                },
                pendingIssuedInvites: { [] },
                confirmDelivery: { _, _ in })
        }

        /// The shortest time between two reads of one issuance, in seconds.
        func shortestGap() -> Double? {
            let reads = self.reads.withLock { $0 }
            var last: [String: Date] = [:]
            var shortest: Double?
            for read in reads {
                if let previous = last[read.id] {
                    let gap = read.at.timeIntervalSince(previous)
                    shortest = min(shortest ?? gap, gap)
                }
                last[read.id] = read.at
            }
            return shortest
        }
    }

    private func run(_ folio: SlowFolio, _ watched: inout [String: WatchedIssuance]) async {
        let pass = ReceptionPass(
            folio: folio.folio, deliver: { _, _, _, _, _ in .busy }, timing: timing, warn: { _, _ in })
        _ = await pass.run(
            accountID: "acct_chen", runtimeID: "rt_1", watched: &watched, timer: false, clock: folio.now)
    }

    func testAReadSentLateInASlowPassCountsTheIntervalFromWhenItWasSentNotFromTheStartOfThePass() async {
        let folio = SlowFolio(start: start, interval: 5)
        // The first issuance's answer takes 4 s: the second one's request leaves 4 s after the pass started.
        folio.slowness.withLock { $0["isu_a"] = 4 }
        var watched = [
            "isu_a": WatchedIssuance(id: "isu_a", originRuntimeID: "rt_1", now: start),
            "isu_b": WatchedIssuance(id: "isu_b", originRuntimeID: "rt_1", now: start),
        ]
        await run(folio, &watched)
        XCTAssertEqual(watched["isu_b"]?.lastReadAt, start.addingTimeInterval(4))
        folio.slowness.withLock { $0 = [:] }
        // A Refresh 5.3 s after the first pass started: isu_a's interval passed, isu_b's did not.
        folio.clock.withLock { $0 = start.addingTimeInterval(5.3) }
        await run(folio, &watched)
        XCTAssertEqual(folio.reads.withLock { $0.map(\.id) }, ["isu_a", "isu_b", "isu_a"])
        XCTAssertGreaterThanOrEqual(try XCTUnwrap(folio.shortestGap()), 5)
    }

    func testWithSlowAnswersNoIssuanceIsReadSoonerThanItsIntervalAfterThePreviousRead() async {
        let folio = SlowFolio(start: start, interval: 5)
        folio.cycle.withLock { $0 = [3, 0, 1.5, 0.2, 4, 0, 0.5] }
        var watched = Dictionary(
            uniqueKeysWithValues: ["isu_a", "isu_b", "isu_c"].map {
                ($0, WatchedIssuance(id: $0, originRuntimeID: "rt_1", now: start))
            })
        // A pass (a Refresh, a vault sync) every 0.7 s of the test's clock, beside the time the answers take.
        for _ in 0..<60 {
            await run(folio, &watched)
            folio.advance(0.7)
        }
        XCTAssertGreaterThan(folio.reads.withLock { $0.count }, 6, "the issuances were read again and again")
        XCTAssertGreaterThanOrEqual(try XCTUnwrap(folio.shortestGap()), 5)
    }
}
