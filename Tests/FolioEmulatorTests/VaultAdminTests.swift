import FolioClient
import FolioEmulator
import FolioModel
import XCTest

/// The admin helpers tests and benchmarks use: what Folio stores, a second writer, bulk ingest.
final class VaultAdminTests: VaultTestCase {
    func testFolioStoresCiphertextOnlyAndOnce() async throws {
        let harness = try await startEmulator()
        let chen = try await user(harness, Self.chen)
        let secret = "passport number X1234567"
        let note = try await createNote(chen, secret, clientId: "D_9")
        _ = try await chen.vault.setSettings(
            recordId: note.id, baseRevision: 0, ciphertext: try Self.seal("favorite"), idempotencyKey: key())
        let stored = try await harness.admin.storedVaultRecord(id: note.id)
        XCTAssertFalse(stored.jsonString.contains("X1234567"))
        XCTAssertFalse(stored.jsonString.contains("favorite"))
        XCTAssertEqual(stored["ciphertext"], note.ciphertext.map { .string($0.base64URL) })
        XCTAssertEqual(stored["revision"], 1)
        XCTAssertEqual(stored["ownerAccountId"], "acct_chen")
        XCTAssertEqual(stored["clientId"], "D_9")
        XCTAssertNil(stored["deletedAt"], "admin answers leave empty fields out")
        let stats = try await harness.admin.vaultAccount(id: chen.accountId)
        XCTAssertEqual(stats.records, 1)
        XCTAssertEqual(stats.ciphertextBytes, note.ciphertext?.bytes.count)
        XCTAssertFalse(stats.hasKeys)
    }

    func testTheSecondWriterRaisesTheRevisionAndIsAnnounced() async throws {
        let harness = try await startEmulator()
        let chen = try await user(harness, Self.chen)
        let note = try await createNote(chen)
        let start = try await chen.vault.changes()
        let written = try await harness.admin.writeVaultRecord(id: note.id, state: "DELETED")
        XCTAssertEqual(written["revision"], 2)
        XCTAssertEqual(written["state"], ["type": "DELETED"])
        let changes = try await chen.vault.changes(cursor: start.nextCursor)
        XCTAssertEqual(changes.records.map(\.state), [.deleted])
        do throws(EmulatorError) {
            try await harness.admin.writeVaultRecord(id: note.id)
            XCTFail("an empty write was accepted")
        } catch {
            XCTAssertTrue(error.detail.contains("INVALID_REQUEST"), error.detail)
        }
    }

    func testIngestStoresManyRecordsAtOnce() async throws {
        let harness = try await startEmulator()
        let ids = try await harness.admin.ingestVaultRecords(
            accountId: "acct_chen", count: 10_000, schema: "bench", ciphertextBytes: 64)
        XCTAssertEqual(ids.count, 10_000)
        XCTAssertEqual(Set(ids).count, 10_000)
        let listed = try await harness.admin.ingestVaultRecords(
            accountId: "acct_chen",
            records: [["schema": "note", "version": 2, "ciphertext": "AQID", "clientId": "D_x"]])
        XCTAssertEqual(listed.count, 1)
        let stats = try await harness.admin.vaultAccount(id: "acct_chen")
        XCTAssertEqual(stats.records, 10_001)
        XCTAssertEqual(stats.ciphertextBytes, 10_000 * 64 + 3)
        XCTAssertEqual(stats.feedSequence, 10_001)
        let chen = try await user(harness, Self.chen)
        let record = try await chen.vault.record(id: try XCTUnwrap(listed.first))
        XCTAssertEqual(record.clientId, "D_x")
        XCTAssertEqual(record.version, 2)
        do throws(EmulatorError) {
            _ = try await harness.admin.ingestVaultRecords(
                accountId: "acct_nobody", count: 1, schema: "bench", ciphertextBytes: 1)
            XCTFail("an unknown account took records")
        } catch {
            XCTAssertTrue(error.detail.contains("ACCOUNT_NOT_FOUND"), error.detail)
        }
    }

    func testFaultsApplyToVaultRoutesByTheirKeys() async throws {
        let harness = try await startEmulator()
        let chen = try await user(harness, Self.chen)
        try await harness.admin.injectFault(
            EmulatorFault(route: "GET /v1/vault/changes", count: 1, status: 503, retryAfterSeconds: 2))
        let unavailable = await vaultError { () async throws(FolioVaultError) in try await chen.vault.changes() }
        XCTAssertEqual(unavailable?.status, 503)
        XCTAssertEqual(unavailable?.isRetryable, true)
        XCTAssertEqual(unavailable?.underlying.retryAfterSeconds, 2)
        let recovered = try await chen.vault.changes()
        XCTAssertEqual(recovered.items, [])
    }
}
