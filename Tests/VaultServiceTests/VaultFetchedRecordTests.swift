import Bus
import Crypto
import FolioClient
import FolioModel
import Foundation
import ServiceKit
import TestSupport
import XCTest

@testable import VaultService

/// Records fetched from Folio are checked before they are stored: a body that does not open with its key is a
/// record failure of the fetch, never a stored entry that makes every later session start in phase Error.
final class VaultFetchedRecordTests: XCTestCase {
    private var service: RunningService!
    private let kek = VaultKeyEncryptionKey(SymmetricKey.random())

    override func setUp() async throws {
        let configuration = ServiceConfiguration(
            databaseURL: try TestEnvironment.databaseURL(), natsURL: "unused", logLevel: .error,
            workerID: "vault-fetched")
        service = try await RunningService.start(
            try VaultService.definition(settings: VaultSettings(keyEncryptionKey: kek)), configuration: configuration,
            transport: InProcessBus())
    }

    override func tearDown() async throws {
        await service?.stop()
    }

    var database: VaultDatabase { VaultDatabase(pool: service.context.database, keyEncryptionKey: kek) }

    /// A record of `account` as Folio's change feed carries it; `organization`: the runtime organization its
    /// schema is qualified with (the account's own organization at Folio stays org_blue).
    func folioRecord(
        id: String, clientID: String, account: String, ciphertext: [UInt8], wrappedKey: [UInt8], revision: Int64 = 1,
        organization: String = "org_blue"
    ) throws -> FolioVaultRecord {
        let json: [String: Any] = [
            "id": id, "kind": ["type": "RECORD"], "organizationId": "org_blue", "ownerAccountId": account,
            "permission": ["type": "OWNER"], "revision": revision, "state": ["type": "ACTIVE"],
            "schema": "\(organization):note", "version": 1,
            "ciphertext": FolioBytes(ciphertext).base64URL, "wrappedKey": FolioBytes(wrappedKey).base64URL,
            "clientId": clientID, "attachments": [], "folders": [], "createdAt": "2026-01-01T00:00:00Z",
            "updatedAt": "2026-01-01T00:00:00Z",
        ]
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return try decoder.decode(FolioVaultRecord.self, from: try JSONSerialization.data(withJSONObject: json))
    }

    /// A record sealed as another device of `account` seals it.
    func sealed(_ payload: String, clientID: String, account: String) async throws -> (
        body: [UInt8], key: [UInt8]
    ) {
        try await database.withAccount(account) { _, cipher in
            let key = cipher.newRecordKey()
            return (
                try cipher.sealBody(payload, key: key, owner: account, schema: "note", version: 1),
                try cipher.wrapRecordKey(key, entryID: clientID)
            )
        }
    }

    func testAFetchedRecordWhoseBodyDoesNotOpenIsAFailureAndIsNotStoredWhileTheGoodOneIs() async throws {
        let account = "acct_fetch_\(RandomID.base32(count: 8))"
        let good = try await sealed(#"{"ok":true}"#, clientID: "D_GOOD", account: account)
        let damaged = try await sealed(#"{"ok":false}"#, clientID: "D_BAD", account: account)
        var body = damaged.body
        body[body.count - 1] ^= 0xFF
        let page = try await VaultSyncTables(database: database).apply(
            [
                try folioRecord(
                    id: "rec_good", clientID: "D_GOOD", account: account, ciphertext: good.body, wrappedKey: good.key),
                try folioRecord(
                    id: "rec_bad", clientID: "D_BAD", account: account, ciphertext: body, wrappedKey: damaged.key),
            ], nextCursor: "c1", account: account)
        XCTAssertEqual(page.failures, 1)
        let view = try await VaultRepository(database: database).view(account: account)
        XCTAssertEqual(view.unreadable, [], "nothing stored fails to open")
        XCTAssertEqual(view.records.map(\.header.id), ["rec_good"])
    }

    func testANewerFetchedVersionWhoseBodyDoesNotOpenLeavesTheStoredCopyAsItIs() async throws {
        let account = "acct_fetch_\(RandomID.base32(count: 8))"
        let first = try await sealed(#"{"v":1}"#, clientID: "D_ONE", account: account)
        let store = VaultSyncTables(database: database)
        _ = try await store.apply(
            [
                try folioRecord(
                    id: "rec_one", clientID: "D_ONE", account: account, ciphertext: first.body, wrappedKey: first.key)
            ],
            nextCursor: "c1", account: account)
        let page = try await store.apply(
            [
                try folioRecord(
                    id: "rec_one", clientID: "D_ONE", account: account, ciphertext: Array(repeating: 7, count: 64),
                    wrappedKey: first.key, revision: 2)
            ], nextCursor: "c2", account: account)
        XCTAssertEqual(page.failures, 1)
        let view = try await VaultRepository(database: database).view(account: account)
        XCTAssertEqual(view.unreadable, [])
        XCTAssertEqual(view.records.map(\.payload), [#"{"v":1}"#])
        XCTAssertEqual(view.records.first?.header.sync.revision, 1)
    }

    func testAFetchedRecordWhoseSchemaIsOfAnotherOrganizationNeverShowsUpAndIsNoFailure() async throws {
        let account = "acct_fetch_\(RandomID.base32(count: 8))"
        let ours = try await sealed(#"{"org":"blue"}"#, clientID: "D_OURS", account: account)
        let theirs = try await sealed(#"{"org":"acme"}"#, clientID: "D_THEIRS", account: account)
        let page = try await VaultSyncTables(database: database).apply(
            [
                try folioRecord(
                    id: "rec_ours", clientID: "D_OURS", account: account, ciphertext: ours.body, wrappedKey: ours.key),
                try folioRecord(
                    id: "rec_theirs", clientID: "D_THEIRS", account: account, ciphertext: theirs.body,
                    wrappedKey: theirs.key, organization: "org_acme"),
            ], nextCursor: "c1", account: account, organization: "org_blue")
        XCTAssertEqual(page.failures, 0)
        let view = try await VaultRepository(database: database).view(account: account)
        XCTAssertEqual(view.records.map(\.header.id), ["rec_ours"], "the runtime's organization only")
    }
}
