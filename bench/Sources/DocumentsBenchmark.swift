import DocumentReceiver
import FolioAPI
import FolioClient
import FolioModel
import FolioWire
import Foundation
import HTTP
import Synchronization

/// `bench/run documents`: the Folio requests the reception makes (docs/documents.md, "Reception"), against a
/// FolioEmulator in live mode over HTTP. First `FOLIO_BENCH_SESSIONS` (10,000) idle guest sessions start (one pass
/// each: one request), then the reception idles for a minute; then 100 inquiries offer issuances the issuer never
/// decides, and the reception follows them for three and a half minutes. A minute is `FOLIO_BENCH_MINUTE` seconds
/// (6 by default, above the template's 5 s interval): the timers are scaled, the policy is the product's. The ratio is
/// the documented request count (a session start: 1; an offer's pass: 2; each minute an issuance waits: 2) over the
/// measured one: 1 means no request beyond the documented triggers.
enum DocumentsBenchmark {
    static let organization = "org_bluebank"

    /// Folio requests, counted at the reception's boundary.
    final class Counter: Sendable {
        let requests = Atomic<Int>(0)
        func add() { requests.add(1, ordering: .relaxed) }
        var value: Int { requests.load(ordering: .relaxed) }
    }

    static func run(folioURL: String, apiKey: String, sessions: Int, pending: Int, minute: Double) async throws {
        let folio = FolioClient(
            configuration: .init(baseURL: folioURL, apiKey: apiKey),
            httpClient: HTTPClient(configuration: .init(timeout: .seconds(30), maxConnections: 16)))
        let counter = Counter()
        let warnings = Counter()
        let scale = minute / 60
        let worker = ReceptionWorker(
            .init(
                holder: { runtimeID in
                    let guest = "guest_\(runtimeID.dropFirst("rt_".count))"
                    return .init(
                        accountID: guest,
                        folio: counted(.live(folio.vault(organizationId: organization, guestId: guest)), counter))
                },
                deliver: { _, _, _, _, _ in .busy },
                timing: ReceptionTiming(
                    decidingSeconds: minute, onItsWayFirstSeconds: 3 * scale, onItsWayMaxSeconds: minute),
                publish: { _ in }, forward: { _ in false }, own: { _, _ in nil },
                warn: { message, details in
                    warnings.add()
                    if warnings.value <= 3 { progress("warning: \(message) \(details)") }
                }))

        progress("\(sessions) guest sessions start")
        let started = Date()
        await withTaskGroup(of: Void.self) { group in
            for index in 0..<sessions {
                group.addTask {
                    await worker.trigger(
                        ReceptionTrigger(.sessionStarted, accountID: "guest_s\(index)", runtimeID: "rt_s\(index)"))
                }
            }
        }
        try await waitUntilIdle(counter, expected: sessions)
        let startRequests = counter.value
        progress("\(startRequests) requests for the starts in \(Int(Date().timeIntervalSince(started))) s; idling")
        try await Task.sleep(for: .milliseconds(Int(minute * 1000)))
        let idleRequests = counter.value - startRequests
        let idleAccounts = await worker.watching().count

        progress("\(pending) inquiries complete and offer issuances")
        var offers: [(guest: String, issuance: String)] = []
        for index in 0..<pending {
            offers.append(("guest_p\(index)", try await offeredIssuance(folio, guest: "guest_p\(index)")))
        }
        let beforeOffers = counter.value
        for (index, offer) in offers.enumerated() {
            await worker.trigger(
                ReceptionTrigger(
                    .inquiryOffer, accountID: offer.guest, runtimeID: "rt_p\(index)", issuanceID: offer.issuance))
        }
        try await waitUntil { counter.value - beforeOffers >= 2 * pending }
        let offerRequests = counter.value - beforeOffers
        let minutes = 3.5
        progress("following \(pending) pending issuances for \(minutes) minutes of \(minute) s")
        try await Task.sleep(for: .milliseconds(Int(minutes * minute * 1000)))
        let pendingRequests = counter.value - beforeOffers - offerRequests
        await worker.stop()
        guard warnings.value == 0 else {
            throw BenchError("\(warnings.value) passes failed: the count is not the policy's")
        }

        let documented = sessions + 2 * pending + 2 * pending * Int(minutes)
        let measured = startRequests + idleRequests + offerRequests + pendingRequests
        let summary: JSONValue = [
            "bench": "documents",
            "ratio": .double((Double(documented) / Double(max(measured, 1)) * 1000).rounded() / 1000),
            "documented_requests": .int(Int64(documented)), "measured_requests": .int(Int64(measured)),
            "sessions": .int(Int64(sessions)), "session_start_requests": .int(Int64(startRequests)),
            "idle_requests_per_minute": .int(Int64(idleRequests)), "idle_accounts_in_memory": .int(Int64(idleAccounts)),
            "pending_issuances": .int(Int64(pending)), "offer_requests": .int(Int64(offerRequests)),
            "pending_requests_per_minute": .double((Double(pendingRequests) / minutes * 10).rounded() / 10),
            "minute_seconds": .double(minute), "target": 1,
        ]
        print(summary.jsonString)
    }

    /// Every call of `folio` counted.
    static func counted(_ folio: ReceptionFolio, _ counter: Counter) -> ReceptionFolio {
        ReceptionFolio(
            issuance: { id in
                counter.add()
                return try await folio.issuance(id)
            },
            pendingIssuedInvites: {
                counter.add()
                return try await folio.pendingIssuedInvites()
            },
            confirmDelivery: { id, key in
                counter.add()
                try await folio.confirmDelivery(id, key)
            })
    }

    /// An inquiry of tmpl_membership run to COMPLETED for `guest`: the issuance it offers.
    static func offeredIssuance(_ folio: FolioClient, guest: String) async throws -> String {
        func key() -> String { RandomID.base32(count: 20) }
        let created = try await folio.createInquiry(
            FolioInquiryCreate(organizationId: organization, templateId: "tmpl_membership"), idempotencyKey: key())
        let launch = try await folio.launchInquiry(
            launchCode: created.launchCode, organizationId: organization, deviceId: "dev_bench", holder: .guest(guest),
            idempotencyKey: key())
        let inquiry = folio.inquiry(id: launch.inquiryId, token: launch.inquiryToken, deviceId: "dev_bench")
        _ = try await inquiry.submit(stepId: "name", fields: ["name": "Bench Guest"], idempotencyKey: key())
        _ = try await inquiry.complete(idempotencyKey: key())
        guard let issuance = try await inquiry.result().issuanceId else {
            throw BenchError("the membership inquiry offered no issuance")
        }
        return issuance
    }

    static func waitUntilIdle(_ counter: Counter, expected: Int) async throws {
        try await waitUntil { counter.value >= expected }
        try await Task.sleep(for: .milliseconds(500))
    }

    static func waitUntil(_ check: () -> Bool) async throws {
        for _ in 0..<6000 {
            if check() { return }
            try await Task.sleep(for: .milliseconds(20))
        }
        throw BenchError("the reception did not make the documented requests in two minutes")
    }

    private static func progress(_ message: String) {
        FileHandle.standardError.write(Data("documents: \(message)\n".utf8))
    }
}
