import Bus
import DocumentReceiver
import FolioAPI
import FolioModel
import FolioWire
import Foundation
import ServiceKit
import Synchronization
import TestSupport
import WireModel
import XCTest

/// FolioDocumentListStore and FolioDocumentStore hosted as the DocumentReceiver hosts them (docs/documents.md),
/// on the in-process bus with PostgreSQL for their snapshots; the vault and the runtimes' sessions are the test's.
final class DocumentStoresHostingTests: XCTestCase {
    /// The vault, the sessions and the log as the stores see them.
    final class World: Sendable {
        /// The account each runtime's session holds.
        let sessions = Mutex<[String: String]>([:])
        let vault = Mutex(VaultDocuments(accountID: "acct_chen", documents: []))
        let warnings = Mutex<[(message: String, details: [String: String])]>([])
    }

    private let world = World()
    private let bus = InProcessBus()
    private var service: RunningService?
    private let suffix = RandomID.base32(count: 8).lowercased()
    private var client: BusClient { BusClient(transport: bus, timeout: .seconds(5)) }

    override func setUp() async throws {
        let world = self.world
        let bus = self.bus
        let dependencies = DocumentStoreDependencies(
            facts: { runtimeID in
                world.sessions.withLock { $0[runtimeID] }.map { account in
                    RuntimeFacts(
                        organizationID: "org_bluebank", deviceID: "dev_docs", locale: .english,
                        session: .init(
                            identity: .authenticated(userId: account, email: "chen@example.net"), status: .active,
                            folioSessionID: "fs_docs"))
                }
            },
            documents: { _, id in
                var read = world.vault.withLock { $0 }
                if let id {
                    read.documents = read.documents.filter { $0.id == id }
                    read.unreadable = read.unreadable.filter { $0.id == id }
                }
                return read
            },
            requestPass: { _ in },
            subscribeVault: { account, notice in
                try? await bus.subscribe(VaultChanged.self, key: account, delivery: .serial, notice)
            },
            subscribeReception: { account, notice in
                try? await bus.subscribe(DocumentReceptionChanged.self, key: account, delivery: .serial, notice)
            },
            now: { Date(timeIntervalSince1970: 1_780_000_000) },
            warn: { message, details in world.warnings.withLock { $0.append((message, details)) } })
        let definition = ServiceDefinition(
            name: DocumentReceiver.name, migrations: try DocumentReceiver.migrations(),
            stores: { context in
                [
                    context.hosting(FolioDocumentListStore.self, dependencies),
                    context.hosting(FolioDocumentStore.self, dependencies),
                ]
            })
        service = try await RunningService.start(
            definition,
            configuration: ServiceConfiguration(
                databaseURL: try TestEnvironment.databaseURL(), natsURL: "unused", logLevel: .warning,
                workerID: "documents-hosting-\(suffix)"),
            transport: bus)
    }

    override func tearDown() async throws {
        await service?.stop()
    }

    // MARK: Helpers

    /// A runtime whose session holds `account`.
    private func runtime(_ name: String, holding account: String = "acct_chen") -> String {
        let runtimeID = "rt_\(name)_\(suffix)"
        world.sessions.withLock { $0[runtimeID] = account }
        return runtimeID
    }

    /// A `digital` record of the vault.
    private func record(_ id: String) throws -> VaultDocuments.Stored {
        let body = FolioDigitalDocument(
            issuanceId: "isu_\(id)", issuer: .init(id: "iss_demo", name: "Demo City", names: [:]),
            documentType: .init(id: "dtpl_membership", name: "Membership card", names: [:]), title: nil, titles: [:],
            defaultLocale: "en", validFrom: "2026-01-01", validUntil: "2031-01-01",
            issuedAt: Date(timeIntervalSince1970: 1_767_225_600), isTest: false, fields: [])
        return VaultDocuments.Stored(id: id, body: try FolioWireJSON.encode(body))
    }

    private func mount(_ method: String, runtimeID: String, id: String? = nil) async throws -> String {
        var params: JSONObject = ["runtimeId": .string(runtimeID)]
        if let id { params["id"] = .string(id) }
        let mounted = try await client.call(BusSubjects.rpc(DocumentReceiver.name), method, .object(params))
        return try XCTUnwrap(mounted["storeId"]?.stringValue, "\(mounted)")
    }

    /// The store's model once `until` holds (bounded wait).
    private func model(
        _ storeID: String, runtimeID: String, until: (JSONValue) -> Bool
    ) async throws -> JSONValue {
        let id = try XCTUnwrap(StoreID(storeID))
        var last: JSONValue = .null
        for _ in 0..<400 {
            let state = try await client.call(
                BusSubjects.store(id), "store.state", ["storeId": .string(storeID), "runtimeId": .string(runtimeID)])
            last = state["model"] ?? .null
            if until(last) { return last }
            try await Task.sleep(for: .milliseconds(10))
        }
        XCTFail("the model never got there: \(last)")
        return last
    }

    private func ids(_ model: JSONValue) -> [String] {
        model["items"]?.arrayValue?.compactMap { $0["id"]?.stringValue } ?? []
    }

    private func warnings(_ message: String) -> [[String: String]] {
        world.warnings.withLock { $0.filter { $0.message == message }.map(\.details) }
    }

    /// The warnings logged as `message` once there is one (bounded wait): a warning made by an effect of the
    /// event that changed the model is logged after the model is stored, so a client can see the model first.
    private func warningsOnceLogged(_ message: String) async throws -> [[String: String]] {
        for _ in 0..<400 {
            let logged = warnings(message)
            if !logged.isEmpty { return logged }
            try await Task.sleep(for: .milliseconds(10))
        }
        return warnings(message)
    }

    // MARK: Tests

    func testARecordTheListCannotReadIsLeftOutWithAWarningNamingTheTargetDocumentsAndTheRecordID() async throws {
        let good = try record("D_good")
        world.vault.withLock {
            $0.documents = [good, .init(id: "D_not_digital", body: ["schema": "something else"])]
            $0.unreadable = [.init(id: "D_locked", reason: "the record's key cannot be opened")]
        }
        let runtimeID = runtime("list")
        let list = try await mount("documents.mountList", runtimeID: runtimeID)
        let model = try await model(list, runtimeID: runtimeID) { !self.ids($0).isEmpty }
        XCTAssertEqual(ids(model), ["D_good"])
        let left = warnings("documents: a record cannot be read and is left out")
        XCTAssertEqual(Set(left.compactMap { $0["recordId"] }), ["D_not_digital", "D_locked"])
        XCTAssertEqual(Set(left.compactMap { $0["target"] }), ["documents"])
        XCTAssertEqual(Set(left.compactMap { $0["runtimeId"] }), [runtimeID])
    }

    func testADocumentStoreWhoseRecordCannotBeReadShowsTheErrorAndWarnsNamingTheTargetDocumentsAndTheRecordID()
        async throws
    {
        world.vault.withLock { $0.unreadable = [.init(id: "D_locked", reason: "the record's key cannot be opened")] }
        let runtimeID = runtime("document")
        let store = try await mount("documents.mount", runtimeID: runtimeID, id: "D_locked")
        let model = try await model(store, runtimeID: runtimeID) { $0["error"] != nil }
        XCTAssertEqual(model["error"]?["type"], "READ_FAILED")
        let failed = try await warningsOnceLogged("documents: a document cannot be read")
        XCTAssertEqual(failed.map { $0["target"] }, ["documents"])
        XCTAssertEqual(failed.map { $0["recordId"] }, ["D_locked"])
    }

    func testOfTwoRuntimesOfOneAccountOnlyTheRuntimeWhoseInquiryOfferedTheDocumentShowsReceived() async throws {
        let good = try record("D_good")
        world.vault.withLock { $0.documents = [good] }
        let offering = runtime("offering")
        let other = runtime("other")
        let offeringList = try await mount("documents.mountList", runtimeID: offering)
        let otherList = try await mount("documents.mountList", runtimeID: other)
        _ = try await model(offeringList, runtimeID: offering) { self.ids($0) == ["D_good"] }
        _ = try await model(otherList, runtimeID: other) { self.ids($0) == ["D_good"] }

        try await bus.publish(
            DocumentReceptionChanged(
                accountID: "acct_chen", stage: .started, trigger: .inquiryOffer, runtimeID: offering))
        try await bus.publish(
            DocumentReceptionChanged(
                accountID: "acct_chen", stage: .ended, trigger: .inquiryOffer, runtimeID: offering,
                outcome: .nothingPending, received: [.init(runtimeID: offering, id: "D_good")]))
        let received = try await model(offeringList, runtimeID: offering) { $0["reception"]?["type"] == "RECEIVED" }
        XCTAssertEqual(received["reception"], ["type": "RECEIVED", "value": ["id": "D_good"]])

        // A later pass says the other runtime's issuance was declined. NotIssued never shows over Received, so the
        // other runtime shows it only if it never took the document as received.
        try await bus.publish(
            DocumentReceptionChanged(
                accountID: "acct_chen", stage: .ended, trigger: .automatic, outcome: .nothingPending,
                notIssued: [.init(runtimeID: other, declined: true)]))
        let otherModel = try await model(otherList, runtimeID: other) { $0["reception"]?["type"] != "IDLE" }
        XCTAssertEqual(otherModel["reception"]?["type"], "NOT_ISSUED")
        let offeringModel = try await model(offeringList, runtimeID: offering) { _ in true }
        XCTAssertEqual(offeringModel["reception"], ["type": "RECEIVED", "value": ["id": "D_good"]])
    }
}
