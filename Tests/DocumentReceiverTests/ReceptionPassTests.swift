import Crypto
import DocumentReceiver
import FolioAPI
import FolioClient
import FolioModel
import FolioWire
import Foundation
import Synchronization
import XCTest

/// One reception pass (spec `folio-documents.md`, "Automatic reception"): which invites are accepted, when
/// issuances are read, and what the pass tells the list stores.
final class ReceptionPassTests: XCTestCase {
    private let issuer = Ed25519.PrivateKey.generate()
    private let start = Date(timeIntervalSince1970: 1_800_000_000)
    private let timing = ReceptionTiming()

    /// A fake Folio: issuances by id, the listed invites, and every call made.
    final class FakeFolio: Sendable {
        let issuances = Mutex<[String: Result<FolioIssuance, FolioVaultError>]>([:])
        let invites = Mutex<Result<[FolioVaultShare], FolioVaultError>>(.success([]))
        let reads = Mutex<[String]>([])
        let confirmations = Mutex<[String]>([])

        var folio: ReceptionFolio {
            ReceptionFolio(
                issuance: { id in
                    self.reads.withLock { $0.append(id) }
                    guard let answer = self.issuances.withLock({ $0[id] }) else {
                        throw FolioVaultError(
                            failure: nil, underlying: .api(status: 404, code: "ISSUANCE_NOT_FOUND", message: "none"))
                    }
                    return try answer.get()
                },
                pendingIssuedInvites: { try self.invites.withLock { $0 }.get() },
                confirmDelivery: { id, _ in self.confirmations.withLock { $0.append(id) } })
        }
    }

    private func issuance(
        _ id: String, _ state: FolioIssuanceState, interval: Int = 5, invite: String? = nil, record: String? = nil,
        retryable: Bool = false
    ) throws -> FolioIssuance {
        FolioIssuance(
            id: id, state: state, interval: interval, organizationId: "org_bluebank", inquiryId: "inq_1",
            accountId: "acct_chen", guestId: nil,
            issuer: FolioIssuer(id: "iss_demo", name: "Demo", signPublicKey: FolioBytes(issuer.publicKey.bytes)),
            documentTemplateId: "dtpl_membership", inviteId: invite, recordId: record, reason: nil,
            retryable: retryable, createdAt: start, decidedAt: nil, deliveredAt: nil)
    }

    /// An invite of `record` to acct_chen, signed by `signer` (the issuer unless told).
    private func invite(
        _ id: String, record: String, issuance: String?, signer: Ed25519.PrivateKey? = nil
    ) throws -> FolioVaultShare {
        let box = [UInt8](repeating: 7, count: 32)
        let wrapped = [UInt8](repeating: 9, count: 48)
        let message = FolioVaultInvite.signingMessage(
            recordId: record, ownerAccountId: "iss_demo", recipientAccountId: "acct_chen", permission: .view,
            recipientBoxPublicKey: box, wrappedKey: wrapped)
        let signature = try (signer ?? issuer).sign(message)
        var json: JSONObject = [
            "id": .string(id), "recordId": .string(record), "schema": "org_bluebank:digital",
            "organizationId": "org_bluebank", "ownerAccountId": "iss_demo", "ownerEmail": "issuer@example.net",
            "recipientAccountId": "acct_chen", "recipientEmail": "chen@example.net", "permission": ["type": "VIEW"],
            "status": ["type": "PENDING"], "recipientBoxPublicKey": .string(Base64URL.encode(box)),
            "wrappedKey": .string(Base64URL.encode(wrapped)), "signature": .string(Base64URL.encode(signature)),
            "createdAt": "2027-01-15T08:00:00Z",
        ]
        if let issuance { json["issuanceId"] = .string(issuance) }
        return try FolioWireJSON.decode(FolioVaultShare.self, from: .object(json))
    }

    /// The invites delivered, in order.
    final class Delivered: Sendable {
        let invites = Mutex<[String]>([])
        func withLock(_ body: ([String]) -> [String]) -> [String] { invites.withLock { body($0) } }
        func append(_ invite: String) { invites.withLock { $0.append(invite) } }
    }

    private func pass(_ folio: FakeFolio, delivered: Delivered) -> ReceptionPass {
        ReceptionPass(
            folio: folio.folio,
            deliver: { invite, _, _, _, _ in
                delivered.append(invite)
                return .delivered(recordID: "rec_of_\(invite)")
            }, timing: timing, warn: { _, _ in })
    }

    func testAnInviteFolioConfirmsAsTheIssuedDocumentOfItsIssuanceIsDeliveredAndReceivedOnTheOfferingRuntime()
        async throws
    {
        let folio = FakeFolio()
        folio.issuances.withLock {
            $0["isu_1"] = .success(try! self.issuance("isu_1", .issued, invite: "shr_1", record: "rec_1"))
        }
        folio.invites.withLock { $0 = .success([try! self.invite("shr_1", record: "rec_1", issuance: "isu_1")]) }
        let delivered = Delivered()
        var watched = ["isu_1": WatchedIssuance(id: "isu_1", originRuntimeID: "rt_1", now: start)]
        let report = await pass(folio, delivered: delivered).run(
            accountID: "acct_chen", runtimeID: "rt_1", watched: &watched, timer: false, now: start)
        XCTAssertEqual(delivered.withLock { $0 }, ["shr_1"])
        XCTAssertEqual(report.outcome, .nothingPending)
        XCTAssertEqual(report.received, [.init(runtimeID: "rt_1", id: "rec_of_shr_1")])
        XCTAssertEqual(watched, [:])
    }

    func testAnInviteWhoseIssuanceDoesNotNameItOrThatItsIssuerDidNotSignIsLeftPending() async throws {
        let folio = FakeFolio()
        folio.issuances.withLock {
            $0["isu_1"] = .success(try! self.issuance("isu_1", .issued, invite: "shr_other", record: "rec_1"))
            $0["isu_2"] = .success(try! self.issuance("isu_2", .issued, invite: "shr_2", record: "rec_2"))
        }
        let forger = Ed25519.PrivateKey.generate()
        folio.invites.withLock {
            $0 = .success([
                try! self.invite("shr_1", record: "rec_1", issuance: "isu_1"),
                try! self.invite("shr_2", record: "rec_2", issuance: "isu_2", signer: forger),
            ])
        }
        let delivered = Delivered()
        var watched: [String: WatchedIssuance] = [:]
        _ = await pass(folio, delivered: delivered).run(
            accountID: "acct_chen", runtimeID: "rt_1", watched: &watched, timer: false, now: start)
        XCTAssertEqual(delivered.withLock { $0 }, [])
    }

    func testADocumentFoundThroughItsInviteWithoutAnInquiryOnThisRuntimeIsNeverReceived() async throws {
        let folio = FakeFolio()
        folio.issuances.withLock {
            $0["isu_1"] = .success(try! self.issuance("isu_1", .issued, invite: "shr_1", record: "rec_1"))
        }
        folio.invites.withLock { $0 = .success([try! self.invite("shr_1", record: "rec_1", issuance: "isu_1")]) }
        let delivered = Delivered()
        var watched: [String: WatchedIssuance] = [:]
        let report = await pass(folio, delivered: delivered).run(
            accountID: "acct_chen", runtimeID: "rt_1", watched: &watched, timer: false, now: start)
        XCTAssertEqual(delivered.withLock { $0 }, ["shr_1"])
        XCTAssertEqual(report.received, [DocumentReceptionChanged.Received]())
        XCTAssertEqual(report.outcome, DocumentReceptionChanged.Outcome.nothingPending)
    }

    func testWhileTheIssuerDecidesTheNextLookIsAMinuteAwayAndNeverBeforeTheIssuersInterval() async throws {
        let folio = FakeFolio()
        folio.issuances.withLock { $0["isu_1"] = .success(try! self.issuance("isu_1", .deciding, interval: 5)) }
        let delivered = Delivered()
        var watched = ["isu_1": WatchedIssuance(id: "isu_1", originRuntimeID: "rt_1", now: start)]
        let report = await pass(folio, delivered: delivered).run(
            accountID: "acct_chen", runtimeID: "rt_1", watched: &watched, timer: false, now: start)
        XCTAssertEqual(report.outcome, DocumentReceptionChanged.Outcome.onItsWay)
        XCTAssertEqual(watched["isu_1"]?.nextPassAt, start.addingTimeInterval(60))

        folio.issuances.withLock { $0["isu_1"] = .success(try! self.issuance("isu_1", .deciding, interval: 90)) }
        var slow = ["isu_1": WatchedIssuance(id: "isu_1", originRuntimeID: "rt_1", now: start)]
        _ = await pass(folio, delivered: delivered).run(
            accountID: "acct_chen", runtimeID: "rt_1", watched: &slow, timer: false, now: start)
        XCTAssertEqual(slow["isu_1"]?.nextPassAt, start.addingTimeInterval(90.25))
    }

    func testNoPassReadsAnIssuanceBeforeItsIntervalPassedAndATimerPassWaitsForItsNextLook() async throws {
        let folio = FakeFolio()
        folio.issuances.withLock { $0["isu_1"] = .success(try! self.issuance("isu_1", .deciding, interval: 5)) }
        let delivered = Delivered()
        var watched = ["isu_1": WatchedIssuance(id: "isu_1", originRuntimeID: "rt_1", now: start)]
        let reception = pass(folio, delivered: delivered)
        _ = await reception.run(accountID: "acct_chen", runtimeID: "rt_1", watched: &watched, timer: false, now: start)
        // A Refresh 2 s later: the interval (5 s) has not passed.
        _ = await reception.run(
            accountID: "acct_chen", runtimeID: "rt_1", watched: &watched, timer: false,
            now: start.addingTimeInterval(2))
        // A timer 10 s later: the interval passed, the next look (a minute) has not come.
        _ = await reception.run(
            accountID: "acct_chen", runtimeID: "rt_1", watched: &watched, timer: true,
            now: start.addingTimeInterval(10))
        XCTAssertEqual(folio.reads.withLock { $0 }, ["isu_1"])
        // A vault sync 10 s later reads it: the interval passed.
        _ = await reception.run(
            accountID: "acct_chen", runtimeID: "rt_1", watched: &watched, timer: false,
            now: start.addingTimeInterval(10))
        XCTAssertEqual(folio.reads.withLock { $0 }, ["isu_1", "isu_1"])
    }

    func testADeclinedIssuanceIsNotIssuedOnTheOfferingRuntimeAndAFinalFailureCouldNotIssueAndARetryableOneWaits()
        async throws
    {
        let folio = FakeFolio()
        folio.issuances.withLock {
            $0["isu_1"] = .success(try! self.issuance("isu_1", .declined))
            $0["isu_2"] = .success(try! self.issuance("isu_2", .failed))
            $0["isu_3"] = .success(try! self.issuance("isu_3", .failed, retryable: true))
        }
        let delivered = Delivered()
        var watched = [
            "isu_1": WatchedIssuance(id: "isu_1", originRuntimeID: "rt_1", now: start),
            "isu_2": WatchedIssuance(id: "isu_2", originRuntimeID: "rt_2", now: start),
            "isu_3": WatchedIssuance(id: "isu_3", originRuntimeID: "rt_3", now: start),
        ]
        let report = await pass(folio, delivered: delivered).run(
            accountID: "acct_chen", runtimeID: "rt_1", watched: &watched, timer: false, now: start)
        XCTAssertEqual(
            report.notIssued,
            [
                DocumentReceptionChanged.NotIssued(runtimeID: "rt_1", declined: true),
                DocumentReceptionChanged.NotIssued(runtimeID: "rt_2", declined: false),
            ])
        XCTAssertEqual(Array(watched.keys), ["isu_3"])
        XCTAssertEqual(watched["isu_3"]?.phase, .deciding)
        XCTAssertEqual(report.outcome, DocumentReceptionChanged.Outcome.onItsWay)
    }

    func testAPassThatCannotListTheInvitesFails() async throws {
        let folio = FakeFolio()
        folio.invites.withLock {
            $0 = .failure(
                FolioVaultError(failure: nil, underlying: .api(status: 503, code: "UNAVAILABLE", message: "")))
        }
        let delivered = Delivered()
        var watched: [String: WatchedIssuance] = [:]
        let report = await pass(folio, delivered: delivered).run(
            accountID: "acct_chen", runtimeID: "rt_1", watched: &watched, timer: false, now: start)
        XCTAssertEqual(report.outcome, .failed)
    }

    func testAnIssuedDocumentWhoseDeliveryFailsStaysOnItsWayOnATimerThatStartsAtThreeSecondsAndDoubles() async throws {
        let folio = FakeFolio()
        folio.issuances.withLock {
            $0["isu_1"] = .success(try! self.issuance("isu_1", .issued, interval: 1, invite: "shr_1", record: "rec_1"))
        }
        folio.invites.withLock { $0 = .success([try! self.invite("shr_1", record: "rec_1", issuance: "isu_1")]) }
        let reception = ReceptionPass(
            folio: folio.folio, deliver: { _, _, _, _, _ in throw DocumentVaultError.unavailable("down") },
            timing: timing, warn: { _, _ in })
        var watched = ["isu_1": WatchedIssuance(id: "isu_1", originRuntimeID: "rt_1", now: start)]
        let report = await reception.run(
            accountID: "acct_chen", runtimeID: "rt_1", watched: &watched, timer: false, now: start)
        XCTAssertEqual(report.outcome, DocumentReceptionChanged.Outcome.failed)
        XCTAssertEqual(watched["isu_1"]?.phase, .onItsWay)
        XCTAssertEqual(watched["isu_1"]?.nextPassAt, start.addingTimeInterval(3))
    }

    func testTheOnItsWayTimerStartsAtThreeSecondsAndDoublesUpToOneMinute() {
        XCTAssertEqual((0..<7).map(timing.onItsWayDelay(step:)), [3, 6, 12, 24, 48, 60, 60])
        var issuance = WatchedIssuance(id: "isu_1", originRuntimeID: nil, now: start)
        issuance.issued(inviteID: "shr_1", interval: 10, at: start)
        issuance.stillOnItsWay(at: start, timing)
        XCTAssertEqual(issuance.nextPassAt, start.addingTimeInterval(10.25), "never before the issuer's interval")
    }

    func testSlowDownKeepsTheIssuanceAndWaitsAtLeastTheRetryAfter() async throws {
        let folio = FakeFolio()
        folio.issuances.withLock {
            $0["isu_1"] = .failure(
                FolioVaultError(
                    failure: nil,
                    underlying: .api(status: 429, code: "SLOW_DOWN", message: "too early", retryAfterSeconds: 30)))
        }
        let delivered = Delivered()
        var watched = ["isu_1": WatchedIssuance(id: "isu_1", originRuntimeID: "rt_1", now: start)]
        _ = await pass(folio, delivered: delivered).run(
            accountID: "acct_chen", runtimeID: "rt_1", watched: &watched, timer: false, now: start)
        XCTAssertFalse(try XCTUnwrap(watched["isu_1"]).mayRead(at: start.addingTimeInterval(29), timing))
        XCTAssertTrue(try XCTUnwrap(watched["isu_1"]).mayRead(at: start.addingTimeInterval(31), timing))
    }

    func testAnInvitesIssuanceThatFolioSaysWasReadTooRecentlyWaitsWithoutFailingThePass() async throws {
        let folio = FakeFolio()
        folio.issuances.withLock {
            $0["isu_1"] = .failure(
                FolioVaultError(
                    failure: nil,
                    underlying: .api(status: 429, code: "SLOW_DOWN", message: "too early", retryAfterSeconds: 5)))
        }
        folio.invites.withLock { $0 = .success([try! self.invite("shr_1", record: "rec_1", issuance: "isu_1")]) }
        let delivered = Delivered()
        var watched: [String: WatchedIssuance] = [:]
        let report = await pass(folio, delivered: delivered).run(
            accountID: "acct_chen", runtimeID: "rt_1", watched: &watched, timer: false, now: start)
        XCTAssertEqual(report.outcome, DocumentReceptionChanged.Outcome.onItsWay)
        XCTAssertEqual(delivered.withLock { $0 }, [], "nothing is accepted before Folio confirms it")
        XCTAssertEqual(watched["isu_1"]?.nextPassAt, start.addingTimeInterval(5.25))
    }

    /// A pass whose journal names one abandoned delivery (`shr_1` of `isu_1`, begun on `rt_before`) and whose
    /// deliveries succeed, recorded in `delivered`.
    private func passWithAbandonedDelivery(_ folio: FakeFolio, _ delivered: Delivered) -> ReceptionPass {
        ReceptionPass(
            folio: folio.folio,
            deliver: { invite, _, _, _, _ in
                delivered.append(invite)
                return .delivered(recordID: "rec_of_\(invite)")
            },
            abandoned: { account in
                [.init(inviteID: "shr_1", issuanceID: "isu_1", accountID: account, runtimeID: "rt_before")]
            }, timing: timing, warn: { _, _ in })
    }

    func testADeliveryAnEarlierSessionOfTheIdentityAbandonedIsTakenUpByALaterPassAndNeverSetsReceived() async throws {
        // The record is in the vault already: Folio no longer lists its invite, the journal still names it.
        let folio = FakeFolio()
        let delivered = Delivered()
        let reception = passWithAbandonedDelivery(folio, delivered)
        var watched: [String: WatchedIssuance] = [:]
        let report = await reception.run(
            accountID: "acct_chen", runtimeID: "rt_1", watched: &watched, timer: false, now: start)
        XCTAssertEqual(delivered.withLock { $0 }, ["shr_1"])
        XCTAssertEqual(folio.reads.withLock { $0 }, [], "Folio is asked about nothing but the invites")
        XCTAssertEqual(report.received, [DocumentReceptionChanged.Received]())
        XCTAssertEqual(report.outcome, DocumentReceptionChanged.Outcome.nothingPending)
    }

    func testAnAbandonedDeliveryWhoseInviteFolioStillListsIsDeliveredOnceInThePass() async throws {
        let folio = FakeFolio()
        let issued = try issuance("isu_1", .issued, invite: "shr_1", record: "rec_1")
        let invite = try invite("shr_1", record: "rec_1", issuance: "isu_1")
        folio.issuances.withLock { $0["isu_1"] = .success(issued) }
        folio.invites.withLock { $0 = .success([invite]) }
        let delivered = Delivered()
        let reception = passWithAbandonedDelivery(folio, delivered)
        var watched: [String: WatchedIssuance] = [:]
        _ = await reception.run(accountID: "acct_chen", runtimeID: "rt_1", watched: &watched, timer: false, now: start)
        XCTAssertEqual(delivered.withLock { $0 }, ["shr_1"])
    }
}
