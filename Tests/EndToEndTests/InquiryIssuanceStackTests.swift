import Bus
import FolioEmulator
import FolioModel
import Foundation
import Synchronization
import TestSupport
import XCTest

/// IssuanceOffered through the whole stack (docs/inquiry-store.md, "Issued documents"): an inquiry of
/// `tmpl_membership`, whose template offers a membership card, runs to its completion through the Gateway, the
/// InquiryService and the emulator; the InquiryService (as the NATS user `inquiry`) publishes the offer on
/// `folio.events.issuance.<runtimeId>` for the holder the launch named, and the `documents` user receives it.
extension FoundationStackTests {
    /// Runs a new inquiry of `tmpl_membership` on `store` to COMPLETED through the Gateway; its id.
    func completeMembershipInquiry(_ store: String, token: String) async throws -> String {
        let inquiry = try await createInquiry("tmpl_membership", organization: "org_bluebank")
        try await journeyGo(store, openInquiry(inquiry.code), to: "name", token: token)
        try await dispatch(store, editText("name", "Chen Wei"), token: token)
        try await journeyGo(store, act("SUBMIT"), to: "review", token: token)
        let done = try await journeySend(store, act("COMPLETE"), token: token) {
            $0["inquiry"]?["status"] == "COMPLETED" && $0["loading"] == false
        }
        XCTAssertNil(done["error"], "\(done)")
        return inquiry.id
    }

    /// The issuance Folio created for the completed inquiry.
    func issuance(of inquiryID: String) async throws -> FolioEmulatorIssuance {
        let all = try await admin.issuances()
        return try XCTUnwrap(all.first { $0.issuance.inquiryId == inquiryID }, "no issuance for \(inquiryID): \(all)")
    }

    func testInquiryCompletedAfterASignInOffersItsIssuanceOnTheBusForTheSignedInAccount() async throws {
        let runtime = try await inquiryRuntime(organization: "org_bluebank")
        // Mounted while the runtime is a guest's: the launch reads the session again, so the sign-in counts.
        let store = try await mountInquiryStore(token: runtime.token)
        try await signInChen(token: runtime.token)
        let offers = try await IssuanceOfferProbe.following(runtimeID: runtime.runtimeID)

        let inquiryID = try await completeMembershipInquiry(store, token: runtime.token)
        let issuance = try await issuance(of: inquiryID)
        XCTAssertEqual(issuance.issuance.accountId, "acct_chen", "the launch named chen's session as the holder")
        XCTAssertNil(issuance.issuance.guestId)
        let received = try await offers.settled()
        XCTAssertEqual(
            received,
            [["accountId": "acct_chen", "issuanceId": .string(issuance.issuance.id), "inquiryId": .string(inquiryID)]],
            "one offer, for the signed-in account")
    }

    func testInquiryCompletedByAGuestOffersItsIssuanceOnTheBusForTheTransientAccount() async throws {
        let runtime = try await inquiryRuntime(organization: "org_bluebank")
        let session = try await rpc("session.mount", token: runtime.token)
        let sessionStore = try XCTUnwrap(session["result"]?["storeId"]?.stringValue, "\(session)")
        let guest = try await follow(sessionStore, token: runtime.token) { $0["identity"]?["type"] == "TRANSIENT" }
        let accountID = try XCTUnwrap(guest["identity"]?["value"]?["accountId"]?.stringValue, "\(guest)")
        let store = try await mountInquiryStore(token: runtime.token)
        let offers = try await IssuanceOfferProbe.following(runtimeID: runtime.runtimeID)

        let inquiryID = try await completeMembershipInquiry(store, token: runtime.token)
        let issuance = try await issuance(of: inquiryID)
        XCTAssertEqual(issuance.issuance.guestId, accountID, "the launch named the transient account as the guest")
        XCTAssertNil(issuance.issuance.accountId)
        let received = try await offers.settled()
        XCTAssertEqual(
            received,
            [
                [
                    "accountId": .string(accountID), "issuanceId": .string(issuance.issuance.id),
                    "inquiryId": .string(inquiryID),
                ]
            ],
            "one offer, for the guest's transient account")
    }
}

/// The offers published for a runtime, as the NATS user `documents` receives them (payloads as JSON).
final class IssuanceOfferProbe: Sendable {
    let received = Mutex<[JSONValue]>([])
    let subscription = Mutex<(any BusSubscription)?>(nil)
    /// Kept while the probe lives: the connection of the subscription.
    let bus: NATSBus

    private init(bus: NATSBus) { self.bus = bus }

    /// Follows `folio.events.issuance.<runtimeID>`.
    static func following(runtimeID: String) async throws -> IssuanceOfferProbe {
        let password = try TestEnvironment.natsCredentials(user: "documents")["FOLIO_NATS_PASSWORD"]
        let probe = IssuanceOfferProbe(
            bus: try await NATSBus.connect(
                NATSBus.Configuration(
                    url: try TestEnvironment.natsURL(), name: "e2e-issuance-offers",
                    access: NATSAccess(user: "documents", password: password))))
        let subscription = try await probe.bus.subscribe(
            subject: "folio.events.issuance.\(runtimeID)", queueGroup: nil, delivery: .serial
        ) { [probe] message in
            probe.received.withLock { $0.append((try? JSONParser.parse(message.payload)) ?? .null) }
            return .now(nil)
        }
        probe.subscription.withLock { $0 = subscription }
        return probe
    }

    /// Every offer, once at least one arrived and a moment passed for a second one.
    func settled() async throws -> [JSONValue] {
        for _ in 0..<100 where received.withLock({ $0.isEmpty }) { try await Task.sleep(for: .milliseconds(50)) }
        try await Task.sleep(for: .milliseconds(500))
        await subscription.withLock { $0 }?.cancel()
        return received.withLock { $0 }
    }
}
