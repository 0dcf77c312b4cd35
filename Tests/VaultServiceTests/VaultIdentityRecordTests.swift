import Bus
import Crypto
import FolioAPI
import FolioModel
import Foundation
import Postgres
import ServiceKit
import Synchronization
import TestSupport
import WireModel
import XCTest

@testable import VaultService

/// vaultinternal.identityRecord and vaultinternal.saveIdentityRecord (docs/vault-store.md "Identity records"):
/// the record of a document's fingerprint, and a save of the record with its attachments in one transaction,
/// once per save id, through the vault's write rules.
final class VaultIdentityRecordTests: XCTestCase {
    private var service: RunningService!
    var pool: PostgresPool { service.context.database }
    let kek = VaultKeyEncryptionKey(SymmetricKey.random())
    var owner = ""
    var runtimeID = ""
    var router: RPCRouter!
    /// The payloads announced on the owner's change subject.
    let announced = Announcements()
    let identity = RecordContent(schema: "identity", version: 1, payload: #"{"identities":[{"n":1}]}"#)
    let fingerprint = "X1234567819900101"

    override func setUp() async throws {
        let configuration = ServiceConfiguration(
            databaseURL: try TestEnvironment.databaseURL(), natsURL: "unused", logLevel: .warning,
            workerID: "vault-identity")
        service = try await RunningService.start(
            try VaultService.definition(settings: VaultSettings(keyEncryptionKey: kek)), configuration: configuration,
            transport: InProcessBus())
        owner = "acct_identity_\(RandomID.base32(count: 10))"
        runtimeID = "rt_identity_\(RandomID.base32(count: 10))"
        router = router(accounts: [runtimeID: VaultAccount(id: owner, kind: .authenticated)])
        let announced = announced
        _ = try await service.context.transport.subscribe(
            subject: VaultChanged.subject(key: owner), queueGroup: nil, delivery: .concurrent
        ) { message in
            announced.add((try? JSONParser.parse(message.payload)) ?? .null)
            return .now(nil)
        }
    }

    override func tearDown() async throws {
        await service?.stop()
    }

    /// The methods with the runtimes' sessions as given (the AuthService's tables are not these tests').
    func router(accounts: [String: VaultAccount]) -> RPCRouter {
        RPCRouter(
            VaultIdentityRecordMethods.methods(
                identityRecords: VaultIdentityRecords(pool: pool, keyEncryptionKey: kek),
                transport: service.context.transport
            ) { runtimeID in accounts[runtimeID] })
    }

    func call(_ method: String, _ params: JSONValue, on router: RPCRouter? = nil) async
        -> Result<JSONValue, JSONRPCError>
    {
        await (router ?? self.router).outcome(of: JSONRPCRequest(method: method, params: params, id: .int(1)))
    }

    func lookup(_ fingerprint: String? = nil) async throws -> JSONValue {
        try await call(
            "vaultinternal.identityRecord",
            ["runtimeId": .string(runtimeID), "fingerprint": .string(fingerprint ?? self.fingerprint)]
        ).get()
    }

    static func attachmentID() -> String { "AT_" + RandomID.base32(count: 26) }

    static func file(_ id: String, _ text: String, mediaType: String = "image/jpeg") -> JSONValue {
        [
            "attachmentId": .string(id), "mediaType": .string(mediaType),
            "bytes": .string(Data(text.utf8).base64EncodedString()),
        ]
    }

    func saveParams(
        saveID: String = "save_\(RandomID.base32(count: 10))", recordID: String? = nil, content: RecordContent? = nil,
        files: [JSONValue]
    ) -> JSONValue {
        var params: JSONObject = [
            "runtimeId": .string(runtimeID), "saveId": .string(saveID), "fingerprint": .string(fingerprint),
            "content": (content ?? identity).json, "files": .array(files),
        ]
        if let recordID { params["recordId"] = .string(recordID) }
        return .object(params)
    }

    func save(_ params: JSONValue) async -> Result<JSONValue, JSONRPCError> {
        await call("vaultinternal.saveIdentityRecord", params)
    }

    /// The number of rows of `table` in the owner's vault.
    func count(_ table: String) async throws -> Int64 {
        try await pool.query("SELECT count(*) AS n FROM \(unescaped: table) WHERE account_id = \(owner)")[0].decode(
            Int64.self, "n")
    }

    func testALookupWithoutASavedRecordAnswersNull() async throws {
        let found = try await lookup()
        XCTAssertEqual(found, ["record": .null])
    }

    func testASaveCreatesTheRecordWithItsAttachmentsInOrderAndTheLookupReadsItBack() async throws {
        let ids = [Self.attachmentID(), Self.attachmentID(), Self.attachmentID()]
        let saved = try await save(
            saveParams(files: [
                Self.file(ids[0], "outcome-jwt", mediaType: "application/jwt"), Self.file(ids[1], "front"),
                Self.file(ids[2], "back"),
            ])
        ).get()
        let recordID = try XCTUnwrap(saved["recordId"]?.stringValue)
        XCTAssertTrue(recordID.hasPrefix("D_"), recordID)
        XCTAssertEqual(saved, ["recordId": .string(recordID), "attachmentIds": .array(ids.map(JSONValue.string))])

        let found = try await lookup()
        XCTAssertEqual(found, ["record": ["recordId": .string(recordID), "content": identity.json]])

        let view = try await VaultRepository(pool: pool, keyEncryptionKey: kek).view(account: owner)
        XCTAssertEqual(view.records.map(\.header.id), [recordID])
        XCTAssertEqual(
            view.records.first?.header.attachments, ids, "header.attachments lists exactly the ids, in order")
        XCTAssertEqual(view.records.first?.payload, identity.payload)
        XCTAssertEqual(view.records.first?.header.sync.dirty, true, "dirty, so it is pushed like any write")
        let attachments = VaultAttachments(pool: pool, keyEncryptionKey: kek)
        let front = try await attachments.bytes(account: owner, id: ids[1])
        XCTAssertEqual(front.mediaType, "image/jpeg")
        XCTAssertEqual(front.bytes, Array("front".utf8))
        XCTAssertEqual(
            announced.payloads, [["entries": [.string(recordID)], "pushedBy": .string(runtimeID)]],
            "one change notification naming the record, pushed by the runtime's stores")
    }

    func testASecondSaveWithTheSameSaveIdAnswersTheSameIdsAndWritesNothing() async throws {
        let ids = [Self.attachmentID(), Self.attachmentID()]
        let params = saveParams(saveID: "save_retry", files: [Self.file(ids[0], "a"), Self.file(ids[1], "b")])
        let first = try await save(params).get()
        let again = try await save(params).get()
        XCTAssertEqual(again, first)
        let entries = try await count("vault_entries")
        let attachments = try await count("vault_attachments")
        XCTAssertEqual([entries, attachments], [1, 2], "one record and two attachments")
        XCTAssertEqual(announced.payloads.count, 1, "the retry announces nothing")

        // A retry is answered from the save id alone, even with other files.
        let other = try await save(saveParams(saveID: "save_retry", files: [Self.file(Self.attachmentID(), "c")])).get()
        XCTAssertEqual(other, first)
        let attachmentsAfter = try await count("vault_attachments")
        XCTAssertEqual(attachmentsAfter, 2)
    }

    func testAnUpdateKeepsTheRecordIdAppendsTheAttachmentsAndRefusesASchemaChange() async throws {
        let first = Self.attachmentID()
        let created = try await save(saveParams(files: [Self.file(first, "one")])).get()
        let recordID = try XCTUnwrap(created["recordId"]?.stringValue)
        let second = [Self.attachmentID(), Self.attachmentID()]
        let updated = RecordContent(schema: "identity", version: 1, payload: #"{"identities":[{"n":1},{"n":2}]}"#)
        let saved = try await save(
            saveParams(
                recordID: recordID, content: updated,
                files: [Self.file(second[0], "two"), Self.file(second[1], "three")])
        ).get()
        XCTAssertEqual(saved, ["recordId": .string(recordID), "attachmentIds": .array(second.map(JSONValue.string))])
        let found = try await lookup()
        XCTAssertEqual(found, ["record": ["recordId": .string(recordID), "content": updated.json]])
        let view = try await VaultRepository(pool: pool, keyEncryptionKey: kek).view(account: owner)
        XCTAssertEqual(view.records.map(\.header.id), [recordID])
        XCTAssertEqual(view.records.first?.header.attachments, [first] + second, "the earlier attachment stays first")

        let third = Self.attachmentID()
        let refused = await save(
            saveParams(
                recordID: recordID, content: RecordContent(schema: "passport", version: 1, payload: "{}"),
                files: [Self.file(third, "four")]))
        XCTAssertThrowsError(try refused.get()) { error in
            XCTAssertEqual(
                error as? JSONRPCError,
                JSONRPCError(
                    code: -32602, message: "Invalid params",
                    data: [
                        "type": "SCHEMA_MISMATCH",
                        "value": ["message": .string("\(recordID) has schema identity, not passport")],
                    ]))
        }
        let after = try await VaultRepository(pool: pool, keyEncryptionKey: kek).view(account: owner)
        XCTAssertEqual(after.records.first?.header.attachments, [first] + second, "the refused save stored no file")
        XCTAssertEqual(after.records.first?.payload, updated.payload)
    }

    func testTheFingerprintIsStoredOnlyAsAKeyedHashThatDiffersPerAccount() async throws {
        _ = try await save(saveParams(files: [Self.file(Self.attachmentID(), "a")])).get()
        let stored = try await pool.query(
            """
            SELECT hash_key_account, fingerprint_hash, row_to_json(i)::text AS whole FROM vault_identity_records i
            WHERE account_id = \(owner)
            """)
        XCTAssertEqual(stored.count, 1)
        let hash = try stored[0].decode([UInt8].self, "fingerprint_hash")
        let whole = try stored[0].decode(String.self, "whole")
        XCTAssertEqual(try stored[0].decode(String.self, "hash_key_account"), owner)
        XCTAssertEqual(hash.count, 32)
        XCTAssertFalse(whole.contains(fingerprint), "no clear fingerprint in the row")
        XCTAssertFalse(whole.contains(Hex.encode(Array(fingerprint.utf8))), "nor its bytes")
        XCTAssertNotEqual(hash, try BLAKE2b.hash(Array(fingerprint.utf8)), "not an unkeyed hash")
        XCTAssertEqual(hash, try VaultIdentityRecords.fingerprintHash(fingerprint, keyAccount: owner, kek: kek))
        XCTAssertNotEqual(
            hash, try VaultIdentityRecords.fingerprintHash(fingerprint, keyAccount: "acct_other", kek: kek),
            "another account's key gives another hash")
    }

    func testARuntimeWhoseSessionHoldsNoVaultIsRefusedWithNoVault() async throws {
        let expected = JSONRPCError(
            code: -32002, message: "Runtime shut down",
            data: [
                "type": "RUNTIME_SHUT_DOWN", "reason": "NO_VAULT",
                "value": ["detail": "the session of runtime rt_gone holds no vault"],
            ])
        let lookup = await call("vaultinternal.identityRecord", ["runtimeId": "rt_gone", "fingerprint": "X1"])
        XCTAssertThrowsError(try lookup.get()) { XCTAssertEqual($0 as? JSONRPCError, expected) }
        var params = saveParams(files: [Self.file(Self.attachmentID(), "a")])
        params = .object((params.objectValue ?? [:]).merging(["runtimeId": "rt_gone"]) { $1 })
        let saved = await save(params)
        XCTAssertThrowsError(try saved.get()) { XCTAssertEqual($0 as? JSONRPCError, expected) }
        let entries = try await count("vault_entries")
        XCTAssertEqual(entries, 0)
    }

    func testBadAttachmentIdsTooManyFilesAndAnEmptyFileAreRefusedBeforeAnythingIsWritten() async throws {
        let cases: [(String, [JSONValue], String)] = [
            (
                "upper case", [Self.file("AT_" + RandomID.base32(count: 26).uppercased(), "a")],
                "is not an attachment id"
            ),
            ("short", [Self.file("AT_abc", "a")], "\"AT_abc\" is not an attachment id: AT_ and 26 of a-z 2-7"),
            ("no prefix", [Self.file("D_" + RandomID.base32(count: 26), "a")], "is not an attachment id"),
            ("digit 1", [Self.file("AT_1" + RandomID.base32(count: 25), "a")], "is not an attachment id"),
            (
                "too many", (0..<17).map { _ in Self.file(Self.attachmentID(), "a") },
                "a save stores at most 16 files; this one has 17"
            ),
            ("empty", [Self.file(Self.attachmentID(), "")], "an attachment has 1 to 33554432 bytes; this one has 0"),
            ("media type", [Self.file(Self.attachmentID(), "a", mediaType: "image jpeg")], "the media type must be"),
        ]
        let twice = Self.attachmentID()
        for (name, files, message) in cases + [
            ("twice", [Self.file(twice, "a"), Self.file(twice, "b")], "\(twice) is named twice")
        ] {
            let refused = await save(saveParams(files: files))
            XCTAssertThrowsError(try refused.get(), name) { error in
                let rpc = error as? JSONRPCError
                XCTAssertEqual(rpc?.code, -32602, name)
                XCTAssertEqual(rpc?.data?["type"], "INVALID_REQUEST", name)
                XCTAssertTrue(
                    rpc?.data?["value"]?["message"]?.stringValue?.contains(message) == true, "\(name): \(error)")
            }
        }
        let entries = try await count("vault_entries")
        XCTAssertEqual(entries, 0, "no record")
    }

    func testAnAttachmentIdTheVaultHoldsAlreadyIsRefusedAndTheSaveRollsBack() async throws {
        let taken = Self.attachmentID()
        _ = try await save(saveParams(files: [Self.file(taken, "a")])).get()
        let refused = await save(saveParams(files: [Self.file(Self.attachmentID(), "b"), Self.file(taken, "c")]))
        XCTAssertThrowsError(try refused.get()) { error in
            XCTAssertEqual(
                error as? JSONRPCError,
                JSONRPCError(
                    code: -32602, message: "Invalid params",
                    data: [
                        "type": "INVALID_REQUEST", "value": ["message": .string("the attachment id \(taken) is taken")],
                    ]))
        }
        let counts = [try await count("vault_entries"), try await count("vault_attachments")]
        XCTAssertEqual(counts, [1, 1], "only the first save")
    }
}

/// The change notifications a test saw, in order.
final class Announcements: Sendable {
    private let seen = Mutex<[JSONValue]>([])

    func add(_ payload: JSONValue) { seen.withLock { $0.append(payload) } }

    var payloads: [JSONValue] { seen.withLock { $0 } }
}
