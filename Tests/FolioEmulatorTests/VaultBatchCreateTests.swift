import Crypto
import FolioClient
import FolioEmulator
import FolioModel
import XCTest

/// `POST /v1/vault/records/batch`: many creates in one call, one result per create, in order.
final class VaultBatchCreateTests: VaultTestCase {
    private func note(_ clientId: String?, _ text: String = "Visa: renew") throws -> FolioVaultRecordCreate {
        FolioVaultRecordCreate(
            schema: "note", version: 1, ciphertext: try Self.seal(text), wrappedKey: Array(repeating: 7, count: 40),
            clientId: clientId)
    }

    func testABatchCreatesEveryRecordAndAnswersThemInTheOrderSent() async throws {
        let harness = try await startEmulator()
        let chen = try await user(harness, Self.chen)
        let creates =
            try (0..<3).map { try note("D_\($0)", "note \($0)") }
            + [FolioVaultRecordCreate(kind: .folder, schema: "folder", version: 1, ciphertext: try Self.seal("Trips"))]
        let results = try await chen.vault.createRecords(creates, idempotencyKey: key())
        XCTAssertEqual(results.map(\.status), [201, 201, 201, 201])
        XCTAssertEqual(results.map { $0.record?.clientId }, ["D_0", "D_1", "D_2", nil])
        XCTAssertEqual(results.map { $0.record?.kind }, [.record, .record, .record, .folder])
        XCTAssertTrue(results.allSatisfy { $0.error == nil && $0.record?.revision == 1 })
        let first = try XCTUnwrap(results.first?.record)
        let position = try XCTUnwrap(results.first?.created, "where the record is, read without decoding it")
        XCTAssertEqual([position.id, String(position.revision), position.state.rawValue], [first.id, "1", "ACTIVE"])
        let read = try await chen.vault.record(id: first.id)
        XCTAssertEqual(read, first, "a created record reads back as answered")
        let stored = try await harness.admin.vaultAccount(id: chen.accountId)
        XCTAssertEqual(stored.records, 3)
        XCTAssertEqual(stored.folders, 1)
        let feed = try await chen.vault.changes()
        XCTAssertEqual(feed.records.count, 4, "each created record is in the owner's change feed")
    }

    func testAClientIdAlreadyUsedGetsRecordExistsWithTheExistingRecordAndTheOthersAreCreated() async throws {
        let harness = try await startEmulator()
        let chen = try await user(harness, Self.chen)
        let earlier = try await createNote(chen, clientId: "D_old")
        let results = try await chen.vault.createRecords(
            [try note("D_new"), try note("D_old"), try note("D_new")], idempotencyKey: key())
        XCTAssertEqual(results.map(\.status), [201, 409, 409])
        XCTAssertEqual(results[1].error?.code, .recordExists)
        XCTAssertEqual(results[1].error?.currentRecord, earlier, "the lost create is found by its client id")
        XCTAssertNil(results[1].record)
        let created = try XCTUnwrap(results[0].record)
        XCTAssertEqual(
            results[2].error?.currentRecord?.id, created.id, "a client id twice in one batch: the first one wins")
        let stored = try await harness.admin.vaultAccount(id: chen.accountId)
        XCTAssertEqual(stored.records, 2)
    }

    func testABatchThatPrefersAMinimalReturnAnswersEachCreatedRecordWithoutItsCiphertextAndWrappedKey()
        async throws
    {
        let harness = try await startEmulator()
        let chen = try await user(harness, Self.chen)
        let results = try await chen.vault.createRecords(
            [try note("D_a"), try note("D_b")], idempotencyKey: key(), returning: .minimal)
        XCTAssertEqual(results.map(\.status), [201, 201])
        for result in results {
            let json = try XCTUnwrap(result.recordJSON)
            XCTAssertNil(json["ciphertext"])
            XCTAssertNil(json["wrappedKey"])
            let position = try XCTUnwrap(result.created)
            let stored = try await chen.vault.record(id: position.id)
            XCTAssertNotNil(stored.ciphertext, "Folio stored the body it left out of the answer")
            XCTAssertNotNil(stored.wrappedKey)
            var rest = stored
            rest.ciphertext = nil
            rest.wrappedKey = nil
            XCTAssertEqual(result.record, rest, "every other member is answered as with the whole record")
        }
    }

    func testARefusalInABatchThatPrefersAMinimalReturnStillCarriesTheWholeCurrentRecord() async throws {
        let harness = try await startEmulator()
        let chen = try await user(harness, Self.chen)
        let earlier = try await createNote(chen, clientId: "D_old")
        let results = try await chen.vault.createRecords(
            [try note("D_old")], idempotencyKey: key(), returning: .minimal)
        XCTAssertEqual(results.map(\.status), [409])
        XCTAssertEqual(results[0].error?.currentRecord, earlier)
        XCTAssertNotNil(results[0].error?.currentRecord?.ciphertext)
    }

    func testABatchSentAgainWithItsKeyReplaysTheAnswerAndCreatesNothingTwice() async throws {
        let harness = try await startEmulator()
        let chen = try await user(harness, Self.chen)
        let creates = try [note("D_a"), note("D_b")]
        let batchKey = key()
        let first = try await chen.vault.createRecords(creates, idempotencyKey: batchKey)
        let again = try await chen.vault.createRecords(creates, idempotencyKey: batchKey)
        XCTAssertEqual(again, first)
        let stored = try await harness.admin.vaultAccount(id: chen.accountId)
        XCTAssertEqual(stored.records, 2)
    }

    func testAMalformedCreateRefusesTheWholeBatchNamingTheItemAndCreatesNothing() async throws {
        let harness = try await startEmulator()
        let chen = try await user(harness, Self.chen)
        let bad = FolioVaultRecordCreate(schema: "no spaces", version: 1, ciphertext: [1])
        let good = try note("D_1")
        let refused = await vaultError { () async throws(FolioVaultError) in
            try await chen.vault.createRecords([good, bad], idempotencyKey: self.key())
        }
        XCTAssertEqual(refused?.status, 400)
        XCTAssertEqual(refused?.code, .invalidRequest)
        let message = refused?.failure?.message ?? ""
        XCTAssertTrue(message.hasPrefix("records[1]: schema"), message)

        var headers = harness.apiAuth
        headers["Folio-Session-Id"] = chen.sessionId
        headers["Idempotency-Key"] = key()
        headers["Content-Type"] = "application/json"
        for (body, message) in [
            (#"{}"#, "records must be an array of creates"),
            (#"{"records": {}}"#, "records must be an array of creates"),
            (#"{"records": []}"#, "a batch holds 1 to 500 records, not 0"),
            (#"{"records": [1]}"#, "records[0] must be an object"),
            (#"{"records": [{"schema": "note", "version": 1, "ciphertext": "AA"}]}"#, "records[0]: kind must be"),
        ] {
            let answer = try await harness.raw("POST", "/v1/vault/records/batch", headers: headers, body: body)
            XCTAssertEqual(answer.status, 400, body)
            XCTAssertEqual(answer.json["error"]?["code"], "INVALID_REQUEST", body)
            XCTAssertEqual(answer.json["error"]?["message"]?.stringValue?.hasPrefix(message), true, body)
        }
        let stored = try await harness.admin.vaultAccount(id: chen.accountId)
        XCTAssertEqual(stored.records, 0)
    }

    func testABatchHoldsAtMost500Creates() async throws {
        let harness = try await startEmulator()
        let chen = try await user(harness, Self.chen)
        let small = FolioVaultRecordCreate(schema: "n", version: 1, ciphertext: [1])
        let refused = await vaultError { () async throws(FolioVaultError) in
            try await chen.vault.createRecords(Array(repeating: small, count: 501), idempotencyKey: self.key())
        }
        XCTAssertEqual(refused?.status, 400)
        XCTAssertEqual(refused?.failure?.message, "a batch holds 1 to 500 records, not 501")
        XCTAssertEqual(FolioVaultRecordBatch.maxRecords, 500)
        let full = try await chen.vault.createRecords(Array(repeating: small, count: 500), idempotencyKey: key())
        XCTAssertEqual(full.count, 500)
        XCTAssertTrue(full.allSatisfy { $0.status == 201 })
    }

    func testTheBatchBodyBuiltMemberByMemberIsTheEncodedWireShape() throws {
        let batch = FolioVaultRecordBatch(records: [
            try note("D_1"), FolioVaultRecordCreate(schema: "note", version: 4_294_967_295, ciphertext: [0xFB, 0xFF]),
            FolioVaultRecordCreate(kind: .folder, schema: "folder", version: 0, ciphertext: [1], clientId: "F_1"),
        ])
        XCTAssertEqual(batch.json, try FolioWireJSON.encode(batch))
    }

    func testABatchNeedsASessionAndAnIdempotencyKey() async throws {
        let harness = try await startEmulator()
        let chen = try await user(harness, Self.chen)
        let body = #"{"records": [{"kind": {"type": "RECORD"}, "schema": "n", "version": 1, "ciphertext": "AA"}]}"#
        let json = harness.apiAuth.merging(["Content-Type": "application/json"]) { $1 }
        let noSession = try await harness.raw(
            "POST", "/v1/vault/records/batch", headers: json.merging(["Idempotency-Key": key()]) { $1 }, body: body)
        XCTAssertEqual(noSession.status, 400)
        XCTAssertEqual(noSession.json["error"]?["code"], "SESSION_REQUIRED")
        let noKey = try await harness.raw(
            "POST", "/v1/vault/records/batch", headers: json.merging(["Folio-Session-Id": chen.sessionId]) { $1 },
            body: body)
        XCTAssertEqual(noKey.status, 400)
        XCTAssertEqual(noKey.json["error"]?["code"], "IDEMPOTENCY_KEY_REQUIRED")
    }
}
