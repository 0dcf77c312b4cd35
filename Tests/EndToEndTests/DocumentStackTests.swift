import FolioEmulator
import FolioModel
import Foundation
import Postgres
import TestSupport
import XCTest

/// Issued documents through the whole stack (docs/documents.md): an inquiry on a runtime completes, Folio's issuer
/// decides, the DocumentReceiver receives the document into the vault and the stores show it.
extension FoundationStackTests {
    /// A runtime of org_bluebank, signed in as chen unless `guest`, with its vault mounted and synced once (which
    /// publishes the holder's vault keys, so an issuer can seal a document to them).
    func documentsRuntime(guest: Bool = false) async throws -> (token: String, runtimeID: String) {
        let created = try await rpc("runtime.create", ["organizationId": "org_bluebank"])
        let token = try XCTUnwrap(created["result"]?["token"]?.stringValue)
        let runtimeID = try XCTUnwrap(created["result"]?["runtimeId"]?.stringValue)
        if guest {
            try await clearVaults()
        } else {
            try await signInChen(token: token)
            // The runtime's session follows the AuthStore's sign-in: the vault and the inquiry's holder read it.
            let session = try await sessionStore(token: token)
            _ = try await follow(session, token: token) { $0["identity"]?["type"] == "AUTHENTICATED" }
        }
        let vault = try await mountVault(token: token)
        _ = try await follow(vault, token: token) { $0["sync"]?["lastSyncedAt"] != nil }
        return (token, runtimeID)
    }

    func mountDocumentList(token: String) async throws -> String {
        let mounted = try await rpc("documents.mountList", token: token)
        return try XCTUnwrap(mounted["result"]?["storeId"]?.stringValue, "\(mounted)")
    }

    /// Runs an inquiry of tmpl_membership (which offers a membership card) to COMPLETED on the runtime; answers
    /// its id.
    @discardableResult
    func completeMembershipInquiry(token: String, name: String = "Chen Wei") async throws -> String {
        let inquiry = try await createInquiry("tmpl_membership", organization: "org_bluebank")
        let store = try await mountInquiryStore(token: token)
        try await journeyGo(store, openInquiry(inquiry.code), to: "name", token: token)
        try await dispatch(store, editText("name", name), token: token)
        try await journeyGo(store, act("SUBMIT"), to: "review", token: token)
        _ = try await journeySend(store, act("COMPLETE"), token: token) {
            $0["inquiry"]?["stage"]?["content"]?["type"] == "TERMINAL" && $0["loading"] == false
        }
        return inquiry.id
    }

    /// The issuance the completed inquiry offered.
    func issuance(ofInquiry inquiryID: String) async throws -> FolioEmulatorIssuance {
        var found: FolioEmulatorIssuance?
        try await waitUntil("the inquiry's issuance") {
            found = try await self.admin.issuances().first { $0.issuance.inquiryId == inquiryID }
            return found != nil
        }
        return try XCTUnwrap(found)
    }

    /// Keeps the emulator's clock (which stands still in test mode) on the wall clock while the test runs, so
    /// issuances age as the DocumentReceiver's timers do.
    func emulatorClockFollowsTheWallClock() -> Task<Void, Never> {
        let admin = self.admin
        return Task {
            while !Task.isCancelled {
                _ = try? await admin.setClock(to: Date())
                try? await Task.sleep(for: .milliseconds(100))
            }
        }
    }

    func reception(_ model: JSONValue) -> JSONValue? { model["reception"] }

    func itemIDs(_ model: JSONValue) -> [String] {
        model["items"]?.arrayValue?.compactMap { $0["id"]?.stringValue } ?? []
    }

    // MARK: the journey

    func testAnInquiryThatOffersADocumentShowsReceivingThenReceivedWithTheDocumentInTheVaultAndItsStore()
        async throws
    {
        let clock = emulatorClockFollowsTheWallClock()
        defer { clock.cancel() }
        let (token, _) = try await documentsRuntime()
        let list = try await mountDocumentList(token: token)
        _ = try await follow(list, token: token) { self.reception($0) == ["type": "IDLE"] }
        let inquiryID = try await completeMembershipInquiry(token: token)
        // The issuer decides later: the offer shows Receiving at once, and it stays while the issuer decides.
        _ = try await follow(list, token: token) { self.reception($0) == ["type": "RECEIVING"] }
        let offered = try await issuance(ofInquiry: inquiryID)
        try await admin.issueDocument(issuanceId: offered.issuance.id, values: ["name": "Chen Wei"])

        let received = try await follow(list, token: token) { self.reception($0)?["type"] == "RECEIVED" }
        let id = try XCTUnwrap(reception(received)?["value"]?["id"]?.stringValue)
        let listed = try await follow(list, token: token) { self.itemIDs($0).contains(id) }
        let item = try XCTUnwrap(listed["items"]?.arrayValue?.first { $0["id"]?.stringValue == id })
        XCTAssertEqual(item["documentType"]?["id"], "dtpl_membership")
        XCTAssertEqual(item["status"], ["type": "VALID"])

        let mounted = try await rpc("documents.mount", ["id": .string(id)], token: token)
        let documentStore = try XCTUnwrap(mounted["result"]?["storeId"]?.stringValue, "\(mounted)")
        let shown = try await follow(documentStore, token: token) { $0["phase"] == ["type": "READY"] }
        XCTAssertEqual(shown["document"]?["id"]?.stringValue, id)
        XCTAssertEqual(shown["document"]?["title"], item["title"])
        // The photo's bytes are read only when asked for, by the session that listed it.
        if let ref = shown["document"]?["photos"]?.arrayValue?.first?["image"]?["attachmentId"]?.stringValue {
            let bytes = try await rpc("attachment.getBytes", ["attachmentId": .string(ref)], token: token)
            XCTAssertNotNil(bytes["result"]?["bytes"]?.stringValue, "\(bytes)")
        }

        try await dispatch(list, ["type": "ACKNOWLEDGE"], token: token)
        _ = try await follow(list, token: token) { self.reception($0) == ["type": "IDLE"] }
        let receipts = try await admin.deliveryReceipts()
        XCTAssertEqual(receipts.first { $0.issuanceId == offered.issuance.id }?.confirmations, 1, "confirmed once")
    }

    func testADeclinedIssuanceShowsNotIssuedUntilTheNextRefresh() async throws {
        let clock = emulatorClockFollowsTheWallClock()
        defer { clock.cancel() }
        let (token, _) = try await documentsRuntime()
        let list = try await mountDocumentList(token: token)
        let inquiryID = try await completeMembershipInquiry(token: token)
        _ = try await follow(list, token: token) { self.reception($0) == ["type": "RECEIVING"] }
        let offered = try await issuance(ofInquiry: inquiryID)
        try await admin.declineIssuance(id: offered.issuance.id, reason: "not a member")
        _ = try await follow(list, token: token) {
            self.reception($0) == [
                "type": "NOT_ISSUED", "value": ["text": "The issuer declined to issue the document"],
            ]
        }
        try await dispatch(list, ["type": "REFRESH"], token: token)
        _ = try await follow(list, token: token) { self.reception($0) == ["type": "IDLE"] }
    }

    func testFolioFailingShowsFailedAndRetryReceivesTheDocument() async throws {
        let clock = emulatorClockFollowsTheWallClock()
        defer { clock.cancel() }
        let (token, _) = try await documentsRuntime()
        let list = try await mountDocumentList(token: token)
        try await admin.setAutoIssue(afterSeconds: 0)
        _ = try await admin.injectFault(EmulatorFault(route: "GET /v1/vault/issued-invites", count: 1000, status: 503))
        _ = try await admin.injectFault(
            EmulatorFault(route: "GET /v1/issuances/{issuanceId}", count: 1000, status: 503))
        try await completeMembershipInquiry(token: token)
        let failed = try await follow(list, token: token) { self.reception($0)?["type"] == "FAILED" }
        XCTAssertEqual(
            reception(failed),
            ["type": "FAILED", "value": ["text": "Couldn\u{2019}t receive the document", "retry": "Retry"]])
        _ = try await admin.clearFaults()
        try await dispatch(list, ["type": "RETRY"], token: token)
        let received = try await follow(list, token: token) { self.reception($0)?["type"] == "RECEIVED" }
        let id = try XCTUnwrap(reception(received)?["value"]?["id"]?.stringValue)
        _ = try await follow(list, token: token) { self.itemIDs($0).contains(id) }
    }

    func testTheIssuersIntervalIsHonouredNoReadEarlierThanItOnTheEmulatorsClock() async throws {
        let clock = emulatorClockFollowsTheWallClock()
        defer { clock.cancel() }
        let (token, _) = try await documentsRuntime()
        let list = try await mountDocumentList(token: token)
        let inquiryID = try await completeMembershipInquiry(token: token)
        let offered = try await issuance(ofInquiry: inquiryID)
        // The DocumentReceiver of this stack looks again every second while the issuer decides; the issuer's
        // interval (5 s) is the floor.
        try await waitUntil("three reads of the issuance", timeout: .seconds(40)) {
            try await self.admin.issuanceRequests(id: offered.issuance.id).count >= 3
        }
        try await admin.issueDocument(issuanceId: offered.issuance.id)
        _ = try await follow(list, token: token) { self.reception($0)?["type"] == "RECEIVED" }
        let reads = try await admin.issuanceRequests(id: offered.issuance.id)
        XCTAssertEqual(reads.filter { $0.status == 429 }.count, 0, "no read before the interval: \(reads)")
        for (earlier, later) in zip(reads, reads.dropFirst()) {
            XCTAssertGreaterThanOrEqual(
                later.at.timeIntervalSince(earlier.at), Double(offered.issuance.interval), "reads: \(reads)")
        }
    }

    func testAGuestReceivesADocumentIntoItsVault() async throws {
        let clock = emulatorClockFollowsTheWallClock()
        defer { clock.cancel() }
        let (token, _) = try await documentsRuntime(guest: true)
        let list = try await mountDocumentList(token: token)
        try await admin.setAutoIssue(afterSeconds: 0)
        try await completeMembershipInquiry(token: token, name: "Guest Person")
        let received = try await follow(list, token: token) { self.reception($0)?["type"] == "RECEIVED" }
        let id = try XCTUnwrap(reception(received)?["value"]?["id"]?.stringValue)
        _ = try await follow(list, token: token) { self.itemIDs($0).contains(id) }
    }
}

/// The DocumentReceiver's faults: a restart forgets what it waited for, a SIGKILL mid-delivery loses nothing.
extension FoundationStackTests {
    /// Stops the DocumentReceiver (SIGKILL when `kill`, else SIGTERM) and starts a new one.
    func restartDocumentReceiver(kill killed: Bool) async throws {
        let index = try XCTUnwrap(processes.firstIndex { $0.name == "folio-documents" })
        if killed {
            kill(processes[index].process.processIdentifier, SIGKILL)
            processes[index].process.waitUntilExit()
        } else {
            _ = await processes[index].terminate()
        }
        processes.remove(at: index)
        processes.append(
            try StackProcess(
                "folio-documents", environment: try environment(of: "folio-documents"), logDirectory: logDirectory))
        try await waitUntil("the new DocumentReceiver answers") {
            try await self.rpc("documents.health")["result"]?["database"] == "ok"
        }
    }

    func testAfterARestartWhileAnIssuanceIsPendingTheDocumentIsFoundLaterAndNeverSetsReceived() async throws {
        let clock = emulatorClockFollowsTheWallClock()
        defer { clock.cancel() }
        let (token, _) = try await documentsRuntime()
        let inquiryID = try await completeMembershipInquiry(token: token)
        let offered = try await issuance(ofInquiry: inquiryID)
        try await waitUntil("the DocumentReceiver reads the issuance") {
            try await !self.admin.issuanceRequests(id: offered.issuance.id).isEmpty
        }
        try await restartDocumentReceiver(kill: false)
        // As after an app restart: a new list store, Idle while Folio still prepares the document.
        let list = try await mountDocumentList(token: token)
        _ = try await follow(list, token: token) { self.reception($0) == ["type": "IDLE"] }
        try await admin.issueDocument(issuanceId: offered.issuance.id)
        try await dispatch(list, ["type": "REFRESH"], token: token)
        let found = try await follow(list, token: token) {
            !self.itemIDs($0).isEmpty && self.reception($0) == ["type": "IDLE"]
        }
        XCTAssertEqual(itemIDs(found).count, 1, "the document is found once Folio lists its invite")
        // Later passes never set Received for it.
        try await dispatch(list, ["type": "REFRESH"], token: token)
        let again = try await follow(list, token: token) { self.reception($0) == ["type": "IDLE"] }
        XCTAssertEqual(itemIDs(again).count, 1)
    }

    func testADocumentReceiverKilledMidDeliveryLeavesTheDocumentDeliveredAndConfirmedOnce() async throws {
        let clock = emulatorClockFollowsTheWallClock()
        defer { clock.cancel() }
        let (token, _) = try await documentsRuntime()
        try await admin.setAutoIssue(afterSeconds: 0)
        // The confirmation hangs, so the DocumentReceiver is killed with the invite accepted and the document in
        // the vault, before Folio hears of the delivery.
        _ = try await admin.injectFault(
            EmulatorFault(route: "POST /v1/issuances/{issuanceId}/delivery", count: 1, delayMs: 20_000))
        let inquiryID = try await completeMembershipInquiry(token: token)
        let database = PostgresPool(url: try TestEnvironment.databaseURL(), size: 1)
        defer { Task { await database.close() } }
        try await waitUntil("the delivery waits for its confirmation") {
            // Chen's deliveries only: sign-in cleared them, and other tests' accounts may leave rows behind.
            let rows = try await database.query(
                """
                SELECT count(*) AS n FROM document_deliveries WHERE stage = 'CONFIRMING' AND account_id = 'acct_chen'
                """)
            return try (rows.first?.decode(Int64.self, "n") ?? 0) == 1
        }
        try await restartDocumentReceiver(kill: true)
        let offered = try await issuance(ofInquiry: inquiryID)
        try await waitUntil("another process finishes the delivery", timeout: .seconds(40)) {
            let receipts = try await self.admin.deliveryReceipts()
            return receipts.contains { $0.issuanceId == offered.issuance.id }
        }
        let rows = try await database.query(
            "SELECT stage FROM document_deliveries WHERE issuance_id = \(offered.issuance.id)")
        XCTAssertEqual(rows.count, 1, "one delivery")
        XCTAssertEqual(try rows.first?.decode(String.self, "stage"), "DONE")
        let issued = try await admin.issuance(id: offered.issuance.id)
        XCTAssertEqual(issued.confirmations, 1, "confirmed once")
        let list = try await mountDocumentList(token: token)
        let listed = try await follow(list, token: token) { self.itemIDs($0).count == 1 }
        XCTAssertEqual(itemIDs(listed), [try XCTUnwrap(issued.issuance.recordId)], "in the vault once")
    }

    func testAnOrdinaryShareIsLeftPendingWhileAnIssuedDocumentIsReceived() async throws {
        let clock = emulatorClockFollowsTheWallClock()
        defer { clock.cancel() }
        let (token, _) = try await documentsRuntime()
        let list = try await mountDocumentList(token: token)
        // omar shares a note with chen: an ordinary invite.
        let (omar, omarVault) = try await omarsVault()
        try await dispatch(omarVault, create("note", #"{"from":"omar"}"#), token: omar)
        let pushed = try await follow(omarVault, token: omar) {
            self.records($0).contains { $0["header"]?["id"]?.stringValue?.hasPrefix("rec_") == true }
        }
        let noteID = try XCTUnwrap(records(pushed).first?["header"]?["id"]?.stringValue)
        try await dispatch(
            omarVault,
            [
                "type": "SHARE",
                "value": [
                    "value": [
                        "type": "INVITE",
                        "value": [
                            "recordId": .string(noteID), "email": "chen.wei@example.net",
                            "permission": "VIEW",
                        ],
                    ]
                ],
            ],
            token: omar)
        _ = try await follow(omarVault, token: omar) {
            ($0["sharing"]?["outgoing"]?.arrayValue?.count ?? 0) > 0 && $0["busy"] == false
        }
        try await admin.setAutoIssue(afterSeconds: 0)
        try await completeMembershipInquiry(token: token)
        _ = try await follow(list, token: token) { self.reception($0)?["type"] == "RECEIVED" }
        try await dispatch(list, ["type": "REFRESH"], token: token)
        _ = try await follow(list, token: token) { self.reception($0)?["type"] == "RECEIVED" }
        let chensVault = try await mountVault(token: token)
        try await dispatch(chensVault, ["type": "SYNC"], token: token)
        let chen = try await follow(chensVault, token: token) {
            ($0["sharing"]?["incoming"]?.arrayValue ?? []).contains { $0["recordId"]?.stringValue == noteID }
        }
        let invite = try XCTUnwrap(
            chen["sharing"]?["incoming"]?.arrayValue?.first { $0["recordId"]?.stringValue == noteID })
        XCTAssertEqual(invite["status"], "PENDING", "the ordinary share waits for the person")
        XCTAssertFalse(records(chen).contains { $0["header"]?["id"]?.stringValue == noteID })
    }
}

/// docs/documents.md "Scaling": several DocumentReceivers share the reception.
extension FoundationStackTests {
    func testTwoDocumentReceiversShareTheReceptionAndTheOwnerOfAnAccountAnswersItsRefresh() async throws {
        let clock = emulatorClockFollowsTheWallClock()
        defer { clock.cancel() }
        processes.append(
            try StackProcess(
                "folio-documents", environment: try environment(of: "folio-documents"), logDirectory: logDirectory))
        let (token, _) = try await documentsRuntime()
        let list = try await mountDocumentList(token: token)
        let inquiryID = try await completeMembershipInquiry(token: token)
        _ = try await follow(list, token: token) { self.reception($0) == ["type": "RECEIVING"] }
        // More list stores of the runtime, spread over both processes: whichever process hosts the store a
        // Refresh reaches, the pass runs on the process that awaits the issuance, so it stays on its way.
        var lists = [list]
        for _ in 0..<3 { lists.append(try await mountDocumentList(token: token)) }
        for store in lists {
            _ = try await follow(store, token: token) { self.reception($0) == ["type": "RECEIVING"] }
            let before = try await version(store, token: token)
            try await dispatch(store, ["type": "REFRESH"], token: token)
            _ = try await follow(store, token: token, afterVersion: before) { _ in true }
            // The pass takes milliseconds; a pass without the issuance would have ended with IDLE by now.
            try await Task.sleep(for: .seconds(1))
            let state = try await rpc("store.state", ["storeId": .string(store)], token: token)
            XCTAssertEqual(state["result"]?["model"]?["reception"], ["type": "RECEIVING"], "\(state)")
        }
        let offered = try await issuance(ofInquiry: inquiryID)
        try await admin.issueDocument(issuanceId: offered.issuance.id)
        let received = try await follow(list, token: token) { self.reception($0)?["type"] == "RECEIVED" }
        let id = try XCTUnwrap(reception(received)?["value"]?["id"]?.stringValue)
        _ = try await follow(list, token: token) { self.itemIDs($0) == [id] }
        let receipts = try await admin.deliveryReceipts()
        XCTAssertEqual(receipts.first { $0.issuanceId == offered.issuance.id }?.confirmations, 1)
    }
}
