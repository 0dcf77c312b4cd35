import Bus
import Crypto
import FolioModel
import Postgres
import ServiceKit
import TestSupport
import VaultService
import WireModel
import XCTest

/// The vault in PostgreSQL (DESIGN §6): every write under the rules, row-level security per account, and
/// bodies sealed so that a tampered or moved ciphertext is reported, not returned.
final class VaultRepositoryTests: XCTestCase {
    private var service: RunningService!
    var pool: PostgresPool { service.context.database }
    var repository: VaultRepository!
    var kek = VaultKeyEncryptionKey(SymmetricKey.random())
    let note = RecordContent(schema: "note", version: 1, payload: #"{"title":"Visa"}"#)

    override func setUp() async throws {
        let configuration = ServiceConfiguration(
            databaseURL: try TestEnvironment.databaseURL(), natsURL: "unused", logLevel: .warning,
            workerID: "vault-repo")
        service = try await RunningService.start(
            try VaultService.definition(settings: VaultSettings(keyEncryptionKey: kek)), configuration: configuration,
            transport: InProcessBus())
        repository = VaultRepository(pool: pool, keyEncryptionKey: kek)
    }

    override func tearDown() async throws {
        await service?.stop()
    }

    func created(_ write: VaultWrite, _ owner: String) async throws -> String {
        let id = try await repository.apply(write, account: owner, session: .transient)
        return try XCTUnwrap(id, "the write creates an entry")
    }

    func account() -> String { "acct_test_\(RandomID.base32(count: 10))" }

    func testARecordsTimesReadBackAsWholeSecondsSinceTheEpochWithTheFractionCutOff() async throws {
        let owner = account()
        let id = try await created(.create(record: note), owner)
        _ = try await pool.execute(
            """
            UPDATE vault_entries SET state = 'DELETED',
                created_at = '2026-01-02 03:04:05.999999+00', updated_at = '2026-01-02 03:04:06.5+00',
                deleted_at = '2026-01-02 03:04:07.000001+00'
            WHERE account_id = \(owner) AND id = \(id)
            """)
        let view = try await repository.view(account: owner)
        let header = try XCTUnwrap(view.records.first?.header)
        XCTAssertEqual(
            [header.createdAt, header.updatedAt, header.deletedAt], [1_767_323_045, 1_767_323_046, 1_767_323_047])
        XCTAssertNil(header.revokedAt)
    }

    func testCreateUpdateDeleteRestoreAndPurge() async throws {
        let owner = account()
        let id = try await created(.create(record: note), owner)
        XCTAssertTrue(id.hasPrefix("D_"), id)
        var view = try await repository.view(account: owner)
        XCTAssertEqual(view.records.map(\.payload), [note.payload])
        XCTAssertEqual(view.records.first?.header.sync.dirty, true, "a write lands locally first, dirty")

        _ = try await repository.apply(
            .update(id: id, record: RecordContent(schema: "note", version: 2, payload: #"{"title":"Pass"}"#)),
            account: owner, session: .transient)
        _ = try await repository.apply(.delete(id: id), account: owner, session: .transient)
        view = try await repository.view(account: owner)
        XCTAssertEqual(view.records.first?.header.state, .deleted, "a deleted record stays, with state Deleted")
        XCTAssertEqual(view.records.first?.header.version, 2)
        XCTAssertNotNil(view.records.first?.header.deletedAt)
        _ = try await repository.apply(.restore(id: id), account: owner, session: .transient)
        _ = try await repository.apply(.delete(id: id), account: owner, session: .transient)
        _ = try await repository.apply(.permanentlyDelete(id: id), account: owner, session: .transient)
        view = try await repository.view(account: owner)
        XCTAssertTrue(view.records.isEmpty)
        do {
            _ = try await repository.apply(.restore(id: id), account: owner, session: .transient)
            XCTFail("a purged record is gone")
        } catch {
            XCTAssertEqual(error.wireType, "NOT_FOUND")
        }
    }

    func testFoldersSettingsAndAFolderCycle() async throws {
        let owner = account()
        let record = try await created(.create(record: note), owner)
        let outer = try await created(
            .createFolder(folder: RecordContent(schema: "folder", version: 1, payload: #"{"name":"Travel"}"#)), owner)
        let inner = try await created(
            .createFolder(folder: RecordContent(schema: "folder", version: 1, payload: #"{"name":"Visas"}"#)), owner)
        _ = try await repository.apply(
            .addToFolder(folderId: outer, recordId: inner), account: owner, session: .transient)
        _ = try await repository.apply(
            .addToFolder(folderId: inner, recordId: record), account: owner, session: .transient)
        _ = try await repository.apply(.setFolderOpen(id: inner, open: true), account: owner, session: .transient)
        _ = try await repository.apply(
            .setSettings(id: record, settings: DocumentSettings(favorite: true, label: "mine")), account: owner,
            session: .transient)
        do {
            _ = try await repository.apply(
                .addToFolder(folderId: inner, recordId: outer), account: owner, session: .transient)
            XCTFail("a folder cycle")
        } catch {
            XCTAssertEqual(error.wireType, "INVALID_REQUEST")
            XCTAssertTrue(error.message.contains("cycle"), error.message)
        }
        let view = try await repository.view(account: owner)
        XCTAssertEqual(view.records.first?.metadata.folders, [inner], "folders follows the membership on the device")
        XCTAssertEqual(view.records.first?.metadata.settings, DocumentSettings(favorite: true, label: "mine"))
        let innerFolder = try XCTUnwrap(view.folders.first { $0.header.id == inner })
        XCTAssertEqual(innerFolder.metadata.records, [record])
        XCTAssertTrue(innerFolder.metadata.open)
        XCTAssertEqual(view.folders.first { $0.header.id == outer }?.metadata.records, [inner])

        _ = try await repository.apply(
            .removeFromFolder(folderId: inner, recordId: record), account: owner, session: .transient)
        let after = try await repository.view(account: owner)
        XCTAssertEqual(after.records.first?.metadata.folders, [])
    }

    func testAnotherAccountCannotReadChangeOrDeleteARecord() async throws {
        let owner = account()
        let other = account()
        let id = try await created(.create(record: note), owner)
        let seen = try await repository.view(account: other)
        XCTAssertTrue(seen.records.isEmpty, "B sees none of A's records")
        for write: VaultWrite in [
            .update(id: id, record: note), .delete(id: id), .setSettings(id: id, settings: DocumentSettings()),
        ] {
            do {
                _ = try await repository.apply(write, account: other, session: .transient)
                XCTFail("B changed A's record with \(write)")
            } catch {
                XCTAssertEqual(error.wireType, "NOT_FOUND", "\(write)")
            }
        }
        let mine = try await repository.view(account: owner)
        XCTAssertEqual(mine.records.map(\.payload), [note.payload], "A's record is intact")
    }

    func testAQueryWithoutTheAccountSettingSeesNoRows() async throws {
        let owner = account()
        _ = try await repository.apply(.create(record: note), account: owner, session: .transient)
        let counts = try await pool.withTransaction { transaction in
            _ = try await transaction.execute("SET LOCAL ROLE folio_vault")
            let entries = try await transaction.query("SELECT count(*) AS n FROM vault_entries")
            let keys = try await transaction.query("SELECT count(*) AS n FROM vault_keys")
            return [try entries[0].decode(Int64.self, "n"), try keys[0].decode(Int64.self, "n")]
        }
        XCTAssertEqual(counts, [0, 0])
    }

    func testTheServiceRoleNeitherOwnsTheTablesNorBypassesRowLevelSecurity() async throws {
        let role = try await pool.query(
            "SELECT rolbypassrls, rolsuper FROM pg_roles WHERE rolname = 'folio_vault'")
        XCTAssertEqual(try role.first?.decode(Bool.self, "rolbypassrls"), false)
        XCTAssertEqual(try role.first?.decode(Bool.self, "rolsuper"), false)
        let tables = try await pool.query(
            """
            SELECT c.relname, c.relrowsecurity, c.relforcerowsecurity, pg_get_userbyid(c.relowner) AS owner
            FROM pg_class c WHERE c.relkind = 'r' AND c.relname IN (
                'vault_keys', 'vault_entries', 'vault_memberships', 'vault_settings', 'vault_attachments', 'vault_sync',
                'vault_account_keys', 'vault_shares', 'vault_moves', 'vault_identity_records', 'vault_identity_saves')
            ORDER BY c.relname
            """)
        XCTAssertEqual(tables.count, 11, "every vault table")
        for table in tables {
            let name = try table.decode(String.self, "relname")
            XCTAssertTrue(try table.decode(Bool.self, "relrowsecurity"), name)
            XCTAssertTrue(try table.decode(Bool.self, "relforcerowsecurity"), name)
            XCTAssertNotEqual(try table.decode(String.self, "owner"), "folio_vault", name)
        }
    }

    func testATamperedOrMovedCiphertextIsReportedNotReturned() async throws {
        let owner = account()
        let first = try await created(.create(record: note), owner)
        let second = try await created(
            .create(record: RecordContent(schema: "note", version: 1, payload: #"{"title":"Other"}"#)), owner)
        // Swap the bodies of the two rows: each is sealed with its own record key, so neither opens.
        try await pool.withTransaction { transaction in
            try await transaction.setLocal("folio.account_id", owner)
            _ = try await transaction.execute(
                """
                UPDATE vault_entries e SET body = o.body FROM vault_entries o
                WHERE e.account_id = \(owner) AND o.account_id = \(owner) AND e.id = \(first) AND o.id = \(second)
                """)
        }
        let view = try await repository.view(account: owner)
        XCTAssertEqual(view.unreadable, [first], "the moved ciphertext does not open")
        XCTAssertEqual(view.records.map(\.header.id), [second], "only the intact record is returned")

        // Flip one byte of the other body.
        try await pool.withTransaction { transaction in
            try await transaction.setLocal("folio.account_id", owner)
            _ = try await transaction.execute(
                """
                UPDATE vault_entries SET body = set_byte(body, 30, get_byte(body, 30) # 1)
                WHERE account_id = \(owner) AND id = \(second)
                """)
        }
        let tampered = try await repository.view(account: owner)
        XCTAssertEqual(Set(tampered.unreadable), [first, second])
        XCTAssertTrue(tampered.records.isEmpty)
    }

    func testBodiesAreStoredSealed() async throws {
        let owner = account()
        let id = try await created(.create(record: note), owner)
        let stored = try await pool.withTransaction { transaction in
            try await transaction.setLocal("folio.account_id", owner)
            return try await transaction.query("SELECT body FROM vault_entries WHERE id = \(id)")[0].decode(
                [UInt8].self, "body")
        }
        XCTAssertFalse(String(decoding: stored, as: UTF8.self).contains("Visa"), "no plaintext at rest")
        XCTAssertEqual(stored.count, note.payload.utf8.count + 40, "nonce, ciphertext and tag")
    }

    func testRecordsDeleted60DaysAgoArePermanentlyDeleted() async throws {
        let owner = account()
        let old = try await created(.create(record: note), owner)
        let recent = try await created(.create(record: note), owner)
        let active = try await created(.create(record: note), owner)
        for id in [old, recent] { _ = try await repository.apply(.delete(id: id), account: owner, session: .transient) }
        try await pool.withTransaction { transaction in
            try await transaction.setLocal("folio.account_id", owner)
            _ = try await transaction.execute(
                "UPDATE vault_entries SET deleted_at = now() - interval '61 days' WHERE id = \(old)")
            _ = try await transaction.execute(
                "UPDATE vault_entries SET deleted_at = now() - interval '59 days' WHERE id = \(recent)")
        }
        let purged = try await repository.purgeExpired(account: owner)
        XCTAssertEqual(purged, 1)
        let view = try await repository.view(account: owner)
        XCTAssertEqual(Set(view.records.map(\.header.id)), [recent, active])
    }
}

extension VaultRepositoryTests {
    func testAttachmentsAreSealedWithTheirRecordAndReadBack() async throws {
        let owner = "acct_test_\(RandomID.base32(count: 10))"
        let record = try await created(.create(record: RecordContent(schema: "id", version: 1, payload: "{}")), owner)
        let attachments = VaultAttachments(pool: pool, keyEncryptionKey: kek)
        let bytes = Array("portrait-bytes".utf8)
        let id = try await attachments.add(account: owner, recordID: record, mediaType: "image/jpeg", bytes: bytes)
        XCTAssertTrue(id.hasPrefix("AT_"), id)
        let read = try await attachments.bytes(account: owner, id: id)
        XCTAssertEqual(read.mediaType, "image/jpeg")
        XCTAssertEqual(read.bytes, bytes)
        let view = try await repository.view(account: owner)
        XCTAssertEqual(view.records.first?.header.attachments, [id], "header.attachments lists it")

        do {
            _ = try await attachments.bytes(account: "acct_other_\(RandomID.base32(count: 6))", id: id)
            XCTFail("another account reads nothing")
        } catch {
            XCTAssertEqual(error.wireType, "NOT_FOUND")
        }
        try await pool.withTransaction { transaction in
            try await transaction.setLocal("folio.account_id", owner)
            _ = try await transaction.execute(
                "UPDATE vault_attachments SET body = set_byte(body, 30, get_byte(body, 30) # 1) WHERE id = \(id)")
        }
        do {
            _ = try await attachments.bytes(account: owner, id: id)
            XCTFail("a tampered attachment is reported, not returned")
        } catch {
            XCTAssertEqual(error.wireType, "STORAGE")
        }
        do {
            _ = try await attachments.add(account: owner, recordID: record, mediaType: "image/jpeg", bytes: [])
            XCTFail("an empty attachment")
        } catch {
            XCTAssertEqual(error.wireType, "INVALID_REQUEST")
        }
    }
}
