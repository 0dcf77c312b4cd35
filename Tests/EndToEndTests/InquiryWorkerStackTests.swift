import Bus
import FolioEmulator
import FolioModel
import Foundation
import Postgres
import TestSupport
import XCTest

/// DESIGN §5 for InquiryStore: two workers share the `inquiry` queue group; when the worker that owns a store
/// dies, the Gateway has another one adopt it from its snapshot, and the inquiry goes on.
extension FoundationStackTests {
    func testInquiryGoesOnAfterItsWorkerIsKilledWithTheValuesItKeptAndFolioGetsEachSubmissionOnce() async throws {
        try await startSecondInquiryWorker()

        let (inquiryID, code) = try await createInquiry()
        let (token, store, _) = try await mountInquiry()
        try await dispatch(store, openInquiry(code), token: token)
        _ = try await followStep(store, "personal", token: token)
        try await dispatch(store, editText("full_name", "Ada Lovelace"), token: token)
        try await dispatch(store, editText("customer_number", "12345"), token: token)
        let filled = try await follow(store, token: token) {
            self.modelField($0, "f_customer_number")?["value"]?["value"] == "12-345"
        }
        XCTAssertEqual(modelField(filled, "f_full_name")?["value"]?["value"], "Ada Lovelace")

        let owner = try await killInquiryWorker(owning: store)

        // The next call finds no responder; the other worker adopts the store and the submit goes out.
        try await dispatch(store, act("SUBMIT"), token: token)
        let next = try await followStep(store, "contact", token: token)
        XCTAssertNil(next["error"], "\(next)")
        let adopter = try await snapshotOwner(store)
        XCTAssertNotEqual(adopter, owner, "another worker owns the store now")
        let inquiry = try await admin.inquiry(id: inquiryID)
        let personal = inquiry.submissions.filter { $0.stepId == "personal" }
        XCTAssertEqual(personal.count, 1, "Folio received the submission exactly once")
        XCTAssertEqual(personal.first?.fields["full_name"], "Ada Lovelace")
        XCTAssertEqual(personal.first?.fields["customer_number"], "12-345")
    }

    /// Starts a second InquiryService worker (`inquiry-second`) and waits until it is on the bus.
    func startSecondInquiryWorker() async throws {
        var second = try environment(of: "folio-inquiry")
        // A test that kills workers may start another: each gets an id of its own.
        let started = processes.filter { $0.workerID?.hasPrefix("inquiry-second") == true }.count
        let workerID = started == 0 ? "inquiry-second" : "inquiry-second-\(started + 1)"
        second["FOLIO_WORKER_ID"] = workerID
        let worker = try StackProcess("folio-inquiry", environment: second, logDirectory: logDirectory)
        processes.append(worker)
        // Its own log, not the service_workers table: a row of an earlier test's worker of the same id would
        // answer at once, and a worker writes its row before it serves the bus.
        try await waitUntil("the inquiry worker \(workerID) serves the bus") {
            worker.log.contains(#""message":"service started""#)
        }
    }

    /// SIGKILLs the one of the two inquiry workers that owns `store`; its worker id.
    func killInquiryWorker(owning store: String) async throws -> String {
        let owner = try await snapshotOwner(store)
        let workers = processes.indices.filter { processes[$0].name == "folio-inquiry" }
        XCTAssertEqual(workers.count, 2)
        // The first worker runs under the default id; the ones a test started under the ids it gave them.
        let victim = try XCTUnwrap(
            workers.first { processes[$0].workerID == owner } ?? workers.first { processes[$0].workerID == nil })
        kill(processes[victim].process.processIdentifier, SIGKILL)
        processes[victim].process.waitUntilExit()
        processes.remove(at: victim)
        try await waitUntilNATSDropped(store)
        return owner
    }

    /// NATS drops a killed process's subscriptions when it reads the closed connection, a moment after the
    /// process is gone; a request published before that goes to the dead subscription and times out instead of
    /// finding no responder (the next call then adopts). Waits until the store's subject has no responder, so
    /// the test's next call is the one that finds the worker gone.
    func waitUntilNATSDropped(_ store: String) async throws {
        let subject = BusSubjects.store(try XCTUnwrap(StoreID(store)))
        let bus = try await NATSBus.connect(try TestEnvironment.nats(name: "e2e-worker-probe"))
        let client = BusClient(transport: bus, timeout: .milliseconds(200))
        for _ in 0..<100 {
            do {
                _ = try await client.call(subject, "store.ping")
            } catch let error as BusError where error.isNoResponders {
                return
            } catch {}
            try await Task.sleep(for: .milliseconds(20))
        }
        XCTFail("NATS kept a subscription of the killed worker for \(store)")
    }

    /// The worker that owns a store, from its snapshot.
    func snapshotOwner(_ store: String) async throws -> String {
        let pool = PostgresPool(url: try TestEnvironment.databaseURL(), size: 1)
        defer { Task { await pool.close() } }
        let rows = try await pool.query("SELECT owner_worker FROM store_snapshots WHERE store_id = \(store)")
        return try XCTUnwrap(rows.first).decode(String.self, "owner_worker")
    }
}

extension FoundationStackTests {
    func testInquiryWorkerKilledWhileASubmitIsWithFolioSendsItAgainOnceFromTheAdoptingWorker() async throws {
        try await startSecondInquiryWorker()
        let (inquiryID, code) = try await createInquiry()
        let (token, store, _) = try await mountInquiry()
        try await dispatch(store, openInquiry(code), token: token)
        _ = try await followStep(store, "personal", token: token)
        try await dispatch(store, editText("full_name", "Grace Hopper"), token: token)
        _ = try await follow(store, token: token) {
            self.modelField($0, "f_full_name")?["value"]?["value"] == "Grace Hopper"
        }

        // Folio holds the submit for a while, so the worker dies with the request under way.
        _ = try await admin.injectFault(
            EmulatorFault(route: "POST /v1/inquiries/{inquiryId}/submit", count: 1, delayMs: 1500))
        try await dispatch(store, act("SUBMIT"), token: token)
        _ = try await follow(store, token: token) { $0["loading"] == true }
        _ = try await killInquiryWorker(owning: store)

        // The adopting worker runs the unfinished submit again under the same idempotency key.
        let next = try await followStep(store, "contact", token: token)
        XCTAssertNil(next["error"], "\(next)")
        // The dead worker's request is still held by the fault; once it reaches the handler it must replay the
        // stored answer, not record the submission again.
        try await Task.sleep(for: .milliseconds(2000))
        let inquiry = try await admin.inquiry(id: inquiryID)
        XCTAssertEqual(inquiry.submissions.filter { $0.stepId == "personal" }.count, 1, "\(inquiry.submissions)")
    }
}
