import Bus
import FolioAPI
import FolioModel
import Synchronization
import WireModel
import XCTest

/// The bus events have one wire format, written by the producer and read by every consumer (docs/bus.md).
final class BusEventTests: XCTestCase {
    private func roundTrip<Event: BusEvent>(_ event: Event) throws -> Event {
        try Event(payload: event.payload, subject: event.subject)
    }

    func testEveryEventReadsBackWhatItsProducerWrites() throws {
        let shutDown = RuntimeShutDown(runtimeID: "rt_1")
        XCTAssertEqual(try roundTrip(shutDown), shutDown)
        let locale = RuntimeLocaleChanged(runtimeID: "rt_1", locale: LocaleTag("de-CH") ?? .english)
        XCTAssertEqual(try roundTrip(locale), locale)
        let foreground = RuntimeCameToForeground(runtimeID: "rt_1")
        XCTAssertEqual(try roundTrip(foreground), foreground)
        let signedIn = SessionChanged(
            runtimeID: "rt_1", identity: .authenticated(userId: "acct_1", email: "a@example.net"), status: .active,
            folioSessionID: "ses_1", previousIdentity: .transient(accountId: "guest_1"))
        XCTAssertEqual(try roundTrip(signedIn), signedIn)
        let signedOut = SessionChanged(
            runtimeID: "rt_1", identity: .transient(accountId: "guest_2"), status: .device, folioSessionID: nil)
        XCTAssertEqual(try roundTrip(signedOut), signedOut)
        let written = VaultChanged(accountID: "acct_1", entries: ["D_1"], pushedBy: "rt_1", by: "vlt_x")
        XCTAssertEqual(try roundTrip(written), written)
        XCTAssertEqual(try roundTrip(VaultChanged(accountID: "acct_1")), VaultChanged(accountID: "acct_1"))
        let synced = VaultSynced(accountID: "acct_1", runtimeID: "rt_1")
        XCTAssertEqual(try roundTrip(synced), synced)
        XCTAssertEqual(try roundTrip(VaultSynced(accountID: "acct_1")), VaultSynced(accountID: "acct_1"))
        let offered = IssuanceOffered(runtimeID: "rt_1", accountID: "acct_1", issuanceID: "isu_1", inquiryID: "inq_1")
        XCTAssertEqual(try roundTrip(offered), offered)
        let ended = DocumentReceptionChanged(
            accountID: "acct_1", stage: .ended, trigger: .refresh, runtimeID: "rt_1", outcome: .onItsWay,
            received: [.init(runtimeID: "rt_2", id: "rec_1")], notIssued: [.init(runtimeID: "rt_3", declined: false)])
        XCTAssertEqual(try roundTrip(ended), ended)
        let started = DocumentReceptionChanged(accountID: "acct_1", stage: .started, trigger: .automatic)
        XCTAssertEqual(try roundTrip(started), started)
    }

    func testAKeyedEventGoesToTheSubjectOfItsKeyAndSubscribersOfEveryKeyUseAWildcard() {
        XCTAssertEqual(SessionChanged.subject(key: "rt_1"), "folio.events.session.rt_1")
        XCTAssertEqual(SessionChanged.subject(), "folio.events.session.*")
        XCTAssertEqual(SessionChanged.subjectPattern, "folio.events.session.<runtimeId>")
        XCTAssertEqual(VaultChanged(accountID: "acct_1").subject, "folio.events.vault.acct_1")
        XCTAssertEqual(RuntimeShutDown.subject(key: "ignored"), "folio.events.runtime.shutdown")
    }

    func testTheSessionEventKeepsTheWireShapeOfTheSessionUiModel() throws {
        let change = SessionChanged(
            runtimeID: "rt_1", identity: .transient(accountId: "guest_1"), status: .device, folioSessionID: nil)
        XCTAssertEqual(
            try JSONParser.parse(change.payload),
            [
                "identity": ["type": "TRANSIENT", "value": ["accountId": "guest_1"]], "status": ["type": "DEVICE"],
                "folioSessionId": nil,
            ])
    }

    func testAnEmptyVaultChangeIsAnEmptyPayloadThatMeansReadEverything() {
        XCTAssertEqual(VaultChanged(accountID: "acct_1").payload, [])
    }

    func testTheShutdownEventHasOneShapeAndRefusesAnyOther() {
        let subject = RuntimeShutDown.subject()
        XCTAssertThrowsError(
            try RuntimeShutDown(payload: Array(#"{"params":{"runtimeId":"rt_1"}}"#.utf8), subject: subject))
        XCTAssertThrowsError(try RuntimeShutDown(payload: Array("not json".utf8), subject: subject))
        XCTAssertEqual(
            try RuntimeShutDown(payload: Array(#"{"runtimeId":"rt_1"}"#.utf8), subject: subject).runtimeID, "rt_1")
    }

    func testASubscriberReceivesTypedEventsAndAMalformedPayloadNeverReachesIt() async throws {
        let bus = InProcessBus()
        let received = Mutex<[RuntimeShutDown]>([])
        let malformed = Mutex(0)
        let subscription = try await bus.subscribe(
            RuntimeShutDown.self, delivery: .serial, malformed: { _ in malformed.withLock { $0 += 1 } }
        ) { event in received.withLock { $0.append(event) } }
        try await bus.publish(subject: RuntimeShutDown.subject(), payload: Array("{}".utf8))
        try await bus.publish(RuntimeShutDown(runtimeID: "rt_9"))
        for _ in 0..<100 where received.withLock({ $0.isEmpty }) { try await Task.sleep(for: .milliseconds(10)) }
        XCTAssertEqual(received.withLock { $0 }, [RuntimeShutDown(runtimeID: "rt_9")])
        XCTAssertEqual(malformed.withLock { $0 }, 1)
        await subscription.cancel()
    }

    func testTheOpenRPCDocumentListsEveryBusEvent() throws {
        let listed = try XCTUnwrap(OpenRPC.document()["x-bus-events"]?.arrayValue)
        XCTAssertEqual(listed.compactMap { $0["name"]?.stringValue }, BusEvents.all.map { $0.name })
        XCTAssertEqual(listed.map { $0["subject"] }, BusEvents.all.map { .string($0.subjectPattern) })
    }
}
