import Bus
import Crypto
import FolioAPI
import FolioClient
import FolioEmulator
import FolioModel
import Foundation
import HTTP
import Postgres
import ServiceKit
import Synchronization
import TestSupport
import XCTest

@testable import VaultService

/// The VaultService's methods for the DocumentReceiver against PostgreSQL and the emulator: documents issued by
/// the emulator's issuer at the end of an inquiry, received into the vault of a signed-in account (the fixture
/// account `acct_chen`, its vault cleared first) or of a guest.
class IssuedDocumentTestCase: XCTestCase {
    static let organization = "org_bluebank"
    var emulator: EmulatorServer!
    var admin: FolioEmulatorAdmin!
    var service: RunningService!
    var services: VaultServices!
    let kek = VaultKeyEncryptionKey(SymmetricKey.random())
    /// The account each runtime's session holds, as the tests set it (the AuthService's tables are not theirs).
    let sessions = Locked<[String: VaultAccount]>([:])
    let runtimeID = "rt_docs_\(RandomID.base32(count: 10))"
    private var keys = 0

    var folio: FolioClient { service.context.folio }
    var pool: PostgresPool { service.context.database }

    override func setUp() async throws {
        emulator = try EmulatorServer(
            configuration: EmulatorConfiguration(
                port: 0,
                fixturesPath: TestEnvironment.packageRoot().appendingPathComponent("Services/FolioEmulator/Fixtures")
                    .path, logLevel: .warning))
        _ = try await emulator.start()
        admin = emulator.admin(httpClient: HTTPClient())
        let configuration = ServiceConfiguration(
            databaseURL: try TestEnvironment.databaseURL(), natsURL: "unused", logLevel: .warning,
            workerID: "vault-documents", folioAPIURL: emulator.baseURL,
            folioAPIKey: EmulatorConfiguration.defaultTestAPIKey)
        let settings = VaultSettings(keyEncryptionKey: kek)
        service = try await RunningService.start(
            try VaultService.definition(settings: settings), configuration: configuration, transport: InProcessBus())
        services = VaultServices.live(service.context, settings: settings)
    }

    override func tearDown() async throws {
        await service?.stop()
        await emulator?.shutdown()
    }

    /// A fresh Idempotency-Key.
    func key() -> String {
        keys += 1
        return "docs-test-\(RandomID.base32(count: 8))-\(keys)"
    }

    // MARK: Holders

    /// `acct_chen` signed in with a new Folio session, its local vault emptied of earlier tests' rows, its vault
    /// keys published by a first pass; the runtime's session holds it.
    func signedIn() async throws -> VaultAccount {
        try await clearVault("acct_chen")
        let session = try await admin.createSession(accountId: "acct_chen")
        let account = VaultAccount(
            id: "acct_chen", kind: .authenticated, folioSessionID: session.id, organizationID: Self.organization)
        try await firstPass(account)
        return account
    }

    /// A new guest of the organization, its keys published by a first pass; the runtime's session holds it.
    func guest() async throws -> VaultAccount {
        let account = VaultAccount(
            id: "guest_\(RandomID.base32(count: 12))", kind: .transient, organizationID: Self.organization)
        try await firstPass(account)
        return account
    }

    private func firstPass(_ account: VaultAccount) async throws {
        let outcome = await services.sync.pass(account)
        XCTAssertNil(outcome.error, "the first pass publishes the vault keys")
        hold(account)
    }

    /// The runtime's session holds `account` from now on.
    func hold(_ account: VaultAccount?) {
        sessions.value.withLock { $0[runtimeID] = account }
    }

    /// Removes every row of the account's vault (the tests connect as the database's superuser, which row-level
    /// security does not hold back).
    func clearVault(_ account: String) async throws {
        for table in [
            "vault_attachments", "vault_settings", "vault_memberships", "vault_identity_records",
            "vault_identity_saves", "vault_entries", "vault_sync", "vault_shares", "vault_account_keys", "vault_moves",
            "vault_keys",
        ] {
            _ = try await pool.execute("DELETE FROM \(unescaped: table) WHERE account_id = \(account)")
        }
    }

    // MARK: Issuances

    /// The issuance a completed inquiry of `tmpl_membership` offers `account` (its session, or the guest).
    func offeredIssuance(to account: VaultAccount) async throws -> String {
        let holder: FolioInquiryHolder =
            account.kind == .authenticated
            ? .session(try XCTUnwrap(account.folioSessionID)) : .guest(account.id)
        let created = try await folio.createInquiry(
            FolioInquiryCreate(organizationId: Self.organization, templateId: "tmpl_membership"),
            idempotencyKey: key())
        let launch = try await folio.launchInquiry(
            launchCode: created.launchCode, organizationId: Self.organization, deviceId: "dev_docs", holder: holder,
            idempotencyKey: key())
        let inquiry = folio.inquiry(id: launch.inquiryId, token: launch.inquiryToken, deviceId: "dev_docs")
        _ = try await inquiry.submit(stepId: "name", fields: ["name": .string("Chen Wei")], idempotencyKey: key())
        _ = try await inquiry.complete(idempotencyKey: key())
        let result = try await inquiry.result()
        return try XCTUnwrap(result.issuanceId)
    }

    /// A document issued to `account`: its issuance, and the invite and record it sent.
    func issued(to account: VaultAccount, title: String? = nil) async throws -> FolioIssuance {
        let id = try await offeredIssuance(to: account)
        return try await admin.issueDocument(issuanceId: id, title: title).issuance
    }

    // MARK: Calls

    /// The document methods and `attachment.getBytes`, with the runtimes' sessions as the tests set them.
    var router: RPCRouter {
        let documents = VaultDocuments(database: services.sync.store.database)
        let sessions = self.sessions
        let account: @Sendable (String) async throws -> VaultAccount? = { runtimeID in
            sessions.value.withLock { $0[runtimeID] }
        }
        return RPCRouter(
            VaultDocumentMethods.methods(
                receipt: IssuedDocumentReceipt(
                    sync: services.sync, documents: documents, transport: service.context.transport),
                documents: documents, account: account)
                + [
                    VaultAttachmentMethods.getBytes(
                        attachments: VaultAttachments(database: services.sync.store.database), documents: documents,
                        folio: folio, account: account)
                ])
    }

    func call(_ method: String, _ params: JSONObject) async -> Result<JSONValue, JSONRPCError> {
        var params = params
        params["runtimeId"] = params["runtimeId"] ?? .string(runtimeID)
        return await router.outcome(of: JSONRPCRequest(method: method, params: .object(params), id: .int(1)))
    }

    func receive(_ inviteID: String?, for account: VaultAccount) async -> Result<JSONValue, JSONRPCError> {
        await call(
            "vaultinternal.receiveIssuedDocument",
            ["accountId": .string(account.id), "inviteId": .string(inviteID ?? "")])
    }

    func documents(id: String? = nil) async throws -> JSONValue {
        var params: JSONObject = [:]
        if let id { params["id"] = .string(id) }
        return try await call("vaultinternal.documents", params).get()
    }

    func getBytes(_ attachmentID: String) async -> Result<JSONValue, JSONRPCError> {
        await call("attachment.getBytes", ["attachmentId": .string(attachmentID)])
    }

    /// The error of a call that must fail.
    func failure(_ outcome: Result<JSONValue, JSONRPCError>, file: StaticString = #filePath, line: UInt = #line)
        -> JSONRPCError?
    {
        switch outcome {
        case .success(let value):
            XCTFail("expected an error, got \(value)", file: file, line: line)
            return nil
        case .failure(let error): return error
        }
    }
}

/// A value behind a lock that closures can share.
final class Locked<Value: Sendable>: Sendable {
    let value: Mutex<Value>

    init(_ value: Value) { self.value = Mutex(value) }
}
