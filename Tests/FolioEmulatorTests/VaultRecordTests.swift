import Crypto
import FolioClient
import FolioEmulator
import FolioModel
import XCTest

/// Records: create, read, list, push with a base revision, conflicts, bounds.
final class VaultRecordTests: VaultTestCase {
    func testCreateReadAndListAnswerTheOwnersView() async throws {
        let harness = try await startEmulator()
        let chen = try await user(harness, Self.chen)
        let note = try await createNote(chen, clientId: "D_1")
        XCTAssertEqual(note.id, "rec_t000002")  // ses_t000001 came first from the shared counter
        XCTAssertEqual(note.kind, .record)
        XCTAssertEqual(note.organizationId, "org_bluebank")
        XCTAssertEqual(note.ownerAccountId, "acct_chen")
        XCTAssertEqual(note.permission, .owner)
        XCTAssertEqual(note.revision, 1)
        XCTAssertEqual(note.state, .active)
        XCTAssertEqual(note.schema, "note")
        XCTAssertEqual(note.version, 1)
        XCTAssertEqual(note.clientId, "D_1")
        XCTAssertEqual(note.wrappedKey?.bytes, Array(repeating: 7, count: 40))
        XCTAssertNil(note.records)
        XCTAssertNil(note.settings)
        XCTAssertEqual(note.createdAt, EmulatorClock.defaultTestInstant)
        let opened = try AEAD.open(
            try XCTUnwrap(note.ciphertext).bytes, additionalData: Array("D_local".utf8), key: Self.recordKey)
        XCTAssertEqual(String(decoding: opened, as: UTF8.self), "Visa: renew")

        let folder = try await createFolder(chen)
        XCTAssertTrue(folder.id.hasPrefix("fld_"))
        XCTAssertEqual(folder.records, [])
        let read = try await chen.vault.record(id: note.id)
        XCTAssertEqual(read, note)
        let page = try await chen.vault.records(limit: 1)
        XCTAssertEqual(page.items.map(\.id), [folder.id])
        let rest = try await chen.vault.records(cursor: page.nextCursor)
        XCTAssertEqual(rest.items.map(\.id), [note.id])
        XCTAssertNil(rest.nextCursor)

        let dana = try await user(harness, Self.dana)
        let hidden = await vaultError { () async throws(FolioVaultError) in try await dana.vault.record(id: note.id) }
        XCTAssertEqual(hidden?.code, .recordNotFound)
        let danaList = try await dana.vault.records()
        XCTAssertEqual(danaList.items, [])
    }

    func testAPushFromTheCurrentRevisionRaisesIt() async throws {
        let harness = try await startEmulator()
        let chen = try await user(harness, Self.chen)
        let note = try await createNote(chen)
        try await harness.admin.advanceClock(seconds: 60)
        let updated = try await chen.vault.updateRecord(
            id: note.id,
            FolioVaultRecordUpdate(baseRevision: 1, schema: "note", version: 2, ciphertext: Self.seal("Visa: done")),
            idempotencyKey: key())
        XCTAssertEqual(updated.revision, 2)
        XCTAssertEqual(updated.version, 2)
        XCTAssertEqual(updated.wrappedKey, note.wrappedKey, "an update without wrappedKey keeps it")
        XCTAssertEqual(updated.updatedAt, EmulatorClock.defaultTestInstant + 60)
        XCTAssertEqual(updated.createdAt, note.createdAt)
    }

    func testAPushFromAnOldRevisionIsAConflictCarryingTheRemoteVersion() async throws {
        let harness = try await startEmulator()
        let chen = try await user(harness, Self.chen)
        let note = try await createNote(chen)
        let remoteBody = try Self.seal("written on the phone")
        try await harness.admin.writeVaultRecord(id: note.id, ciphertext: remoteBody, version: 3)
        let stale = FolioVaultRecordUpdate(
            baseRevision: 1, schema: "note", version: 2, ciphertext: try Self.seal("laptop"))
        let conflict = await vaultError { () async throws(FolioVaultError) in
            try await chen.vault.updateRecord(id: note.id, stale, idempotencyKey: self.key())
        }
        XCTAssertEqual(conflict?.status, 409)
        XCTAssertEqual(conflict?.code, .revisionConflict)
        XCTAssertEqual(conflict?.isRetryable, false)
        let current = try XCTUnwrap(conflict?.failure?.currentRecord)
        XCTAssertEqual(current.revision, 2)
        XCTAssertEqual(current.version, 3)
        XCTAssertEqual(current.ciphertext?.bytes, remoteBody)
        let stored = try await chen.vault.record(id: note.id)
        XCTAssertEqual(stored, current, "the refused push changed nothing")

        let deleteConflict = await vaultError { () async throws(FolioVaultError) in
            try await chen.vault.deleteRecord(id: note.id, baseRevision: 1, idempotencyKey: self.key())
        }
        XCTAssertEqual(deleteConflict?.code, .revisionConflict)
        XCTAssertEqual(deleteConflict?.failure?.currentRecord?.state, .active)
    }

    func testARecordKeepsItsSchema() async throws {
        let harness = try await startEmulator()
        let chen = try await user(harness, Self.chen)
        let note = try await createNote(chen)
        let mismatch = await vaultError { () async throws(FolioVaultError) in
            try await chen.vault.updateRecord(
                id: note.id,
                FolioVaultRecordUpdate(baseRevision: 1, schema: "passport", version: 1, ciphertext: [1, 2, 3]),
                idempotencyKey: self.key())
        }
        XCTAssertEqual(mismatch?.code, .schemaMismatch)
        XCTAssertEqual(mismatch?.status, 422)
    }

    func testACreateWithAUsedClientIdAnswersTheFirstRecord() async throws {
        let harness = try await startEmulator()
        let chen = try await user(harness, Self.chen)
        let first = try await createNote(chen, clientId: "D_lost")
        let second = FolioVaultRecordCreate(
            schema: "note", version: 1, ciphertext: try Self.seal("another body"), clientId: "D_lost")
        let again = await vaultError { () async throws(FolioVaultError) in
            try await chen.vault.createRecord(second, idempotencyKey: self.key())
        }
        XCTAssertEqual(again?.code, .recordExists)
        XCTAssertEqual(again?.failure?.currentRecord, first)
        let stored = try await harness.admin.vaultAccount(id: chen.accountId)
        XCTAssertEqual(stored.records, 1)
    }

    func testAnIdempotentPushReplayCreatesNothingTwice() async throws {
        let harness = try await startEmulator()
        let chen = try await user(harness, Self.chen)
        let create = FolioVaultRecordCreate(schema: "note", version: 1, ciphertext: try Self.seal("once"))
        let first = try await chen.vault.createRecord(create, idempotencyKey: "push-1")
        let replayed = try await chen.vault.createRecord(create, idempotencyKey: "push-1")
        XCTAssertEqual(replayed, first)
        let update = FolioVaultRecordUpdate(baseRevision: 1, schema: "note", version: 1, ciphertext: try Self.seal("2"))
        let updated = try await chen.vault.updateRecord(id: first.id, update, idempotencyKey: "push-2")
        let updatedAgain = try await chen.vault.updateRecord(id: first.id, update, idempotencyKey: "push-2")
        XCTAssertEqual(updatedAgain, updated)
        XCTAssertEqual(updatedAgain.revision, 2, "the replay did not push a second time")
        let stored = try await harness.admin.vaultAccount(id: chen.accountId)
        XCTAssertEqual(stored.records, 1)
        let feed = try await chen.vault.changes()
        XCTAssertEqual(feed.records.map(\.revision), [2])
        XCTAssertEqual(stored.feedSequence, 2)
    }

    func testAFailedPushRetriedWithItsKeyCreatesOneRecord() async throws {
        let harness = try await startEmulator()
        let chen = try await user(harness, Self.chen)
        try await harness.admin.injectFault(
            EmulatorFault(route: "POST /v1/vault/records", count: 1, status: 503, afterHandler: true))
        let create = FolioVaultRecordCreate(schema: "note", version: 1, ciphertext: try Self.seal("retry me"))
        let failed = await vaultError { () async throws(FolioVaultError) in
            try await chen.vault.createRecord(create, idempotencyKey: "crash-1")
        }
        XCTAssertEqual(failed?.status, 503)
        XCTAssertEqual(failed?.isRetryable, true)
        let retried = try await chen.vault.createRecord(create, idempotencyKey: "crash-1")
        XCTAssertEqual(retried.revision, 1)
        let stored = try await harness.admin.vaultAccount(id: chen.accountId)
        XCTAssertEqual(stored.records, 1, "the first run's record was replayed, not created again")
    }

    func testInputsAreBounded() async throws {
        let harness = try await startEmulator()
        let chen = try await user(harness, Self.chen)
        let cases: [(FolioVaultRecordCreate, String)] = [
            (
                FolioVaultRecordCreate(schema: "note", version: 1, ciphertext: Array(repeating: 1, count: 262_145)),
                "big"
            ),
            (FolioVaultRecordCreate(schema: "no spaces", version: 1, ciphertext: [1]), "schema"),
            (FolioVaultRecordCreate(schema: String(repeating: "s", count: 129), version: 1, ciphertext: [1]), "long"),
            (FolioVaultRecordCreate(schema: "note", version: 1, ciphertext: []), "empty"),
            (
                FolioVaultRecordCreate(
                    schema: "note", version: 1, ciphertext: [1], wrappedKey: Array(repeating: 1, count: 1025)),
                "key"
            ),
        ]
        for (create, name) in cases {
            let refused = await vaultError { () async throws(FolioVaultError) in
                try await chen.vault.createRecord(create, idempotencyKey: self.key())
            }
            XCTAssertEqual(refused?.code, .invalidRequest, name)
            XCTAssertEqual(refused?.status, 400, name)
        }
        var headers = harness.apiAuth
        headers["Folio-Session-Id"] = chen.sessionId
        headers["Idempotency-Key"] = key()
        headers["Content-Type"] = "application/json"
        let version = try await harness.raw(
            "POST", "/v1/vault/records", headers: headers,
            body: #"{"kind": {"type": "RECORD"}, "schema": "n", "version": 4294967296, "ciphertext": "AA"}"#)
        XCTAssertEqual(version.status, 400)
        let kind = try await harness.raw(
            "POST", "/v1/vault/records", headers: headers,
            body: #"{"kind": {"type": "PHOTO"}, "schema": "n", "version": 1, "ciphertext": "AA"}"#)
        XCTAssertEqual(kind.status, 400)
        let base64 = try await harness.raw(
            "POST", "/v1/vault/records", headers: headers,
            body: #"{"kind": {"type": "RECORD"}, "schema": "n", "version": 1, "ciphertext": "AA=="}"#)
        XCTAssertEqual(base64.json["error"]?["code"], "INVALID_REQUEST")
        let stored = try await harness.admin.vaultAccount(id: chen.accountId)
        XCTAssertEqual(stored.records, 0)
    }
}
