import Bus
import FolioClient
import FolioModel
import Foundation
import HTTP
import Postgres
import Synchronization
import TestSupport
import Webhooks
import XCTest

/// The verified identity through the whole stack (identity-records.md, spec "Verified identity"): a passed
/// government id step saves the identity in the person's vault through the organization's mapper, with the
/// verification files as the record's attachments.
extension FoundationStackTests {
    // MARK: helpers

    /// A runtime of `organization` with an InquiryStore and a VaultStore mounted: (token, inquiry, vault).
    func mountInquiryAndVault(organization: String, signInChen: Bool = false) async throws
        -> (token: String, inquiry: String, vault: String)
    {
        let runtime = try await inquiryRuntime(organization: organization)
        if signInChen { try await self.signInChen(token: runtime.token) }
        return (
            runtime.token, try await mountInquiryStore(token: runtime.token), try await mountVault(token: runtime.token)
        )
    }

    /// Runs tmpl_govid as a passport: the front photo uploaded and confirmed; returns once the step passed and
    /// the save ended (with the identity or an error).
    @discardableResult
    func verifyPassport(_ store: String, code: String, token: String) async throws -> JSONValue {
        try await verificationGo(
            store, openInquiry(code), step: "government_id", state: "SELECT_DOCUMENT", token: token)
        try await dispatch(store, edit("document_type", "SELECTION", ["value": "PASSPORT"]), token: token)
        try await verificationGo(store, act("SUBMIT"), step: "government_id", state: "SCAN", token: token)
        try await verificationGo(store, upload("document_front"), step: "government_id", state: "CONFIRM", token: token)
        try await dispatch(store, act("SUBMIT"), token: token)
        return try await follow(store, token: token) {
            self.shows($0, step: "government_id", state: "PASSED")
                && ($0["identity"] != nil || $0["error"] != nil || $0["failure"] != nil)
        }
    }

    func passportKnobs(number: String, birthdate: String = "1983-08-12") -> [String: FolioVerificationKnobs] {
        ["government_id": FolioVerificationKnobs(output: .init(documentNumber: number, birthdate: birthdate))]
    }

    /// The identity records of the vault's model.
    func identityRecords(_ vault: String, token: String, schema: String = "identity", count: Int = 1) async throws
        -> [JSONValue]
    {
        let model = try await follow(vault, token: token) { model in
            self.records(model).filter { $0["header"]?["schema"]?.stringValue == schema }.count == count
        }
        return records(model).filter { $0["header"]?["schema"]?.stringValue == schema }
    }

    /// Makes the operator's webhook endpoint (on `operatorPort`) answer: `/map` an `acme-identity` body built
    /// from the identity, `/clock` one that also carries the current time. Every request's signature is checked.
    func startOperatorEndpoint(received: OperatorInbox, beforeAnswering: @escaping @Sendable () -> Void = {}) throws {
        let secret = try WebhookSecret(Self.webhookSecret)
        operatorEndpoint.handler.withLock {
            $0 = { request in
                do {
                    try secret.verify(headers: request.headers, body: request.body)
                } catch {
                    return HTTPResponse(status: 401, text: "bad signature: \(error)")
                }
                guard let message = try? JSONParser.parse(request.body) else {
                    return HTTPResponse(status: 400, text: "")
                }
                received.messages.withLock { $0.append(message) }
                beforeAnswering()
                let number = message["data"]?["identity"]?["output"]?["value"]?["documentNumber"] ?? .null
                var payload: JSONObject = ["documentNumber": number]
                if request.path == "/clock" { payload["mappedAt"] = .double(Date().timeIntervalSince1970) }
                let body: JSONValue = [
                    "schema": "acme-identity", "version": 2,
                    "payload": .string(String(decoding: JSONValue.object(payload).serialized(), as: UTF8.self)),
                ]
                return HTTPResponse(
                    status: 200, headers: ["content-type": "application/json"], body: .bytes(body.serialized()))
            }
        }
    }

    // MARK: tests

    /// identity-records.md "One record per document": the built-in mapper writes an `identity` record whose
    /// attachments are the identity's files (outcome.jwt, then document.front); a second verification of the
    /// same document (its number written differently) updates that record.
    func testInquiryIdentityIsSavedInThePersonsVaultAndASecondVerificationOfTheDocumentUpdatesTheRecord() async throws {
        let (token, store, vault) = try await mountInquiryAndVault(organization: "org_bluebank", signInChen: true)
        let (_, code) = try await createVerificationInquiry(
            "tmpl_govid", organization: "org_bluebank", knobs: passportKnobs(number: "C01X-00T47"))
        let passed = try await verifyPassport(store, code: code, token: token)
        let identity = try XCTUnwrap(passed["identity"], "\(passed)")
        XCTAssertNil(passed["error"], "\(passed)")
        XCTAssertEqual(identity["selectedDocumentType"], "PASSPORT")
        XCTAssertEqual(identity["output"]?["type"], "GOV_ID")
        XCTAssertEqual(identity["output"]?["value"]?["documentNumber"], "C01X-00T47")
        let files = try XCTUnwrap(identity["files"]?.arrayValue)
        XCTAssertEqual(files.map { $0["field"] }, ["outcome.jwt", "document.front"])
        XCTAssertEqual(files[1]["format"]?["value"]?["width"], 2)
        XCTAssertEqual(files[1]["format"]?["value"]?["format"], "PNG")

        let saved = try await identityRecords(vault, token: token)
        XCTAssertEqual(saved[0]["header"]?["attachments"], .array(files.map { $0["id"] ?? .null }))
        let document = try JSONParser.parse(Array((saved[0]["payload"]?.stringValue ?? "").utf8))
        XCTAssertEqual(document["identities"]?.arrayValue?.count, 1)

        let (_, again) = try await createVerificationInquiry(
            "tmpl_govid", organization: "org_bluebank", knobs: passportKnobs(number: " c01x00t47 "))
        let second = try await mountInquiryStore(token: token)
        let passedAgain = try await verifyPassport(second, code: again, token: token)
        XCTAssertNotNil(passedAgain["identity"], "\(passedAgain)")
        let updated = try await follow(vault, token: token) { model in
            self.records(model).contains {
                $0["header"]?["schema"] == "identity" && ($0["header"]?["attachments"]?.arrayValue?.count ?? 0) == 4
            }
        }
        let records = self.records(updated).filter { $0["header"]?["schema"] == "identity" }
        XCTAssertEqual(records.count, 1, "the same document keeps one record")
        let both = try JSONParser.parse(Array((records[0]["payload"]?.stringValue ?? "").utf8))
        XCTAssertEqual(both["identities"]?.arrayValue?.count, 2, "every verification appended")
    }

    /// docs/operations.md "Identity record mappers": org_acme's webhook mapper gets the signed identity and the
    /// record holds what the operator's endpoint answered.
    func testInquiryWebhookMapperSavesWhatTheOperatorsEndpointAnswers() async throws {
        let received = OperatorInbox()
        try startOperatorEndpoint(received: received)
        let (token, store, vault) = try await mountInquiryAndVault(organization: "org_acme")
        let (_, code) = try await createVerificationInquiry(
            "tmpl_govid", organization: "org_acme", knobs: passportKnobs(number: "P1234567"))
        let passed = try await verifyPassport(store, code: code, token: token)
        XCTAssertNotNil(passed["identity"], "\(passed)")
        let saved = try await identityRecords(vault, token: token, schema: "acme-identity")
        XCTAssertEqual(saved[0]["payload"], #"{"documentNumber":"P1234567"}"#)
        XCTAssertEqual(saved[0]["header"]?["version"], 2)
        let messages = received.messages.withLock { $0 }
        XCTAssertEqual(messages.count, 1)
        XCTAssertEqual(messages.first?["type"], "identity.map")
        XCTAssertEqual(messages.first?["data"]?["existing"], JSONValue.null)
    }

    /// Spec "Verified identity": an artifact that is no readable image fails with RecordMapping and one over
    /// 32 MiB with FileTooLarge; each ends the inquiry (lifecycle Failed, the failure notice) and saves nothing.
    func testInquiryUnreadableAndOversizedImagesEndTheInquiryWithNothingSaved() async throws {
        for (bytes, error) in [
            (FolioVerificationKnobs.ArtifactBytes.unreadable, "RECORD_MAPPING"), (.oversized, "FILE_TOO_LARGE"),
        ] {
            let (token, store, vault) = try await mountInquiryAndVault(organization: "org-demo")
            var knobs = passportKnobs(number: "X\(error)")
            knobs["government_id"]?.artifactBytes = bytes
            let (_, code) = try await createVerificationInquiry("tmpl_govid", knobs: knobs)
            let failed = try await verifyPassport(store, code: code, token: token)
            XCTAssertEqual(failed["lifecycle"]?["type"], "FAILED", "\(failed)")
            XCTAssertEqual(failed["lifecycle"]?["value"]?["error"]?["type"]?.stringValue, error)
            XCTAssertNotNil(failed["failure"]?["title"])
            XCTAssertNil(failed["failure"]?["retry"])
            XCTAssertNil(failed["identity"])
            let model = try await rpc("store.state", ["storeId": .string(vault)], token: token)
            XCTAssertEqual(records(model["result"]?["model"] ?? .null).count, 0, "nothing saved")
        }
    }

    /// identity-records.md "The mapper interface": a save interrupted after the mapper answered (the VaultService
    /// held with SIGSTOP, the inquiry worker SIGKILLed) is adopted by the other worker, which calls the mapper
    /// again and writes the record once; a mapper that writes the time answers another body, which fails with
    /// InvalidState as a banner while the inquiry stays open.
    func testInquiryInterruptedIdentitySaveIsAdoptedAndWrittenOnceAndAMapperThatWritesTheTimeFails() async throws {
        try await startSecondInquiryWorker()
        let vaultPID = try XCTUnwrap(processes.first { $0.name == "folio-vault" }).process.processIdentifier
        let received = OperatorInbox()
        let holding = Mutex(false)
        // The first answer of each save holds the vault (SIGSTOP): the save then stops after the mapper answered
        // and the save was kept, at its write.
        try startOperatorEndpoint(received: received) {
            if holding.withLock({ $0 }) { kill(vaultPID, SIGSTOP) }
        }
        for (organization, resumes) in [("org_acme", true), ("org_civic", false)] {
            if processes.filter({ $0.name == "folio-inquiry" }).count < 2 { try await startSecondInquiryWorker() }
            let runtime = try await inquiryRuntime(organization: organization)
            let token = runtime.token
            let store = try await mountInquiryStore(token: token)
            let vault = try await mountVault(token: token)
            let (inquiryID, code) = try await createVerificationInquiry(
                "tmpl_govid", organization: organization, knobs: passportKnobs(number: "I\(organization)"))
            try await verificationGo(
                store, openInquiry(code), step: "government_id", state: "SELECT_DOCUMENT", token: token)
            try await dispatch(store, edit("document_type", "SELECTION", ["value": "PASSPORT"]), token: token)
            try await verificationGo(store, act("SUBMIT"), step: "government_id", state: "SCAN", token: token)
            try await verificationGo(
                store, upload("document_front"), step: "government_id", state: "CONFIRM", token: token)
            holding.withLock { $0 = true }
            try await dispatch(store, act("SUBMIT"), token: token)
            try await waitUntil("the save of \(inquiryID) is kept") {
                let pool = PostgresPool(url: try TestEnvironment.databaseURL(), size: 1)
                defer { Task { await pool.close() } }
                // Keys are the runtime's, then the save's: the emulator's ids repeat from test to test.
                let pattern = "\(runtime.runtimeID)/\(inquiryID)/%"
                return
                    !(try await pool.query(
                        "SELECT 1 FROM inquiry_identity_saves WHERE save_key LIKE \(pattern)")).isEmpty
            }
            holding.withLock { $0 = false }
            _ = try await killInquiryWorker(owning: store)
            kill(vaultPID, SIGCONT)

            let ended = try await follow(store, token: token) {
                self.shows($0, step: "government_id", state: "PASSED") && ($0["identity"] != nil || $0["error"] != nil)
            }
            if resumes {
                XCTAssertNotNil(ended["identity"], "\(ended)")
                let saved = try await identityRecords(vault, token: token, schema: "acme-identity")
                XCTAssertEqual(saved.count, 1, "written once")
                XCTAssertEqual(saved[0]["header"]?["attachments"]?.arrayValue?.count, 2)
            } else {
                XCTAssertNil(ended["identity"], "\(ended)")
                XCTAssertEqual(ended["error"], ["placement": ["type": "BANNER"], "retryable": false], "\(ended)")
                XCTAssertEqual(ended["lifecycle"]?["type"], "STARTED", "the inquiry stays open")
                XCTAssertNil(ended["failure"])
            }
        }
        kill(vaultPID, SIGCONT)
        XCTAssertEqual(received.messages.withLock { $0.count }, 4, "each save called the mapper again when it resumed")
    }
}

/// What the operator's endpoint received.
final class OperatorInbox: Sendable {
    let messages = Mutex<[JSONValue]>([])
}

/// The operator's endpoint of a test: the stack's webhook mappers post there; a test says how it answers.
final class OperatorEndpoint: Sendable {
    let handler = Mutex<(@Sendable (HTTPRequest) -> HTTPResponse)?>(nil)

    func answer(_ request: HTTPRequest) -> HTTPResponse {
        guard let handler = handler.withLock({ $0 }) else {
            return HTTPResponse(status: 404, text: "this test runs no operator endpoint")
        }
        return handler(request)
    }
}
