import FolioClient
import FolioModel
import WireModel
import XCTest

@testable import VaultService

/// A pass pushes the entries Folio does not have yet through `POST /v1/vault/records/batch`, and records each
/// batch's answers in one transaction; a batch sent again after a crash creates nothing twice.
final class VaultBatchPushTests: IssuedDocumentTestCase {
    /// Writes `count` notes into the account's vault, four at a time; answers their local ids.
    /// The Folio vault client of a signed-in account and the push a pass makes with it.
    private func pusher(_ account: VaultAccount) throws -> (FolioVaultClient, VaultPush) {
        let client = folio.vault(sessionId: try XCTUnwrap(account.folioSessionID))
        return (
            client,
            VaultPush(
                client: client, store: services.sync.store, account: account.id, organization: account.organizationID)
        )
    }

    private func write(_ count: Int, to account: VaultAccount, from first: Int = 0) async throws -> [String] {
        let repository = services.repository
        return try await withThrowingTaskGroup(of: [String].self) { group in
            for writer in 0..<4 {
                group.addTask {
                    var ids: [String] = []
                    for index in stride(from: first + writer, to: first + count, by: 4) {
                        let note = RecordContent(schema: "note", version: 1, payload: #"{"n":\#(index)}"#)
                        if let id = try await repository.apply(
                            .create(record: note), account: account.id, session: .authenticated)
                        {
                            ids.append(id)
                        }
                    }
                    return ids
                }
            }
            return try await group.reduce(into: []) { $0 += $1 }
        }
    }

    func testAPassThatFailsAsAWholeCountsEveryEntryWaitingToBePushedAsARecordFailure() async throws {
        var chen = try await signedIn()
        _ = try await write(7, to: chen)
        chen.folioSessionID = "ses_unknown_\(RandomID.base32(count: 8))"
        let outcome = await services.sync.pass(chen)
        XCTAssertNotNil(outcome.error, "Folio refuses a session it does not know")
        XCTAssertEqual(outcome.recordFailures, 7)
    }

    func testAPassOfManyNewRecordsLeavesEveryOneCleanAndAtFolioOnce() async throws {
        let chen = try await signedIn()
        let before = try await admin.vaultAccount(id: chen.id).records
        // More than one batch holds (500).
        let ids = try await write(620, to: chen)
        XCTAssertEqual(ids.count, 620)

        let outcome = await services.sync.pass(chen)
        XCTAssertNil(outcome.error)
        XCTAssertEqual(outcome.recordFailures, 0)
        let after = try await admin.vaultAccount(id: chen.id).records
        XCTAssertEqual(after - before, 620, "Folio got each record once")
        let pending = try await services.sync.store.pushItems(chen.id)
        XCTAssertEqual(pending.count, 0, "nothing is left to push")
        let view = try await services.repository.view(account: chen.id)
        XCTAssertEqual(view.records.count, 620)
        XCTAssertTrue(view.records.allSatisfy { !$0.header.sync.dirty }, "every record is clean")
        XCTAssertTrue(view.records.allSatisfy { $0.header.id.hasPrefix("rec_") }, "every record shows Folio's id")
        XCTAssertEqual(Set(view.records.map(\.key)), Set(ids))
        XCTAssertEqual(view.pending, 0)
    }

    func testABatchInterruptedAfterFolioCreatedSomeIsCompletedWithoutDuplicates() async throws {
        let chen = try await signedIn()
        let before = try await admin.vaultAccount(id: chen.id).records
        _ = try await write(3, to: chen)
        let (client, push) = try pusher(chen)
        // A pass sent the batch of the first three and crashed before it recorded Folio's answer.
        let sent = try await services.sync.store.pushItems(chen.id)
        let lost = try await client.createRecords(sent.map(push.createBody), idempotencyKey: push.batchKey(sent))
        XCTAssertEqual(lost.map(\.status), [201, 201, 201])
        // Two more records were written before the next pass, so its batch is another one, with another key.
        _ = try await write(2, to: chen, from: 3)

        let outcome = await services.sync.pass(chen)
        XCTAssertNil(outcome.error)
        XCTAssertEqual(outcome.recordFailures, 0)
        let after = try await admin.vaultAccount(id: chen.id).records
        XCTAssertEqual(
            after - before, 5, "the three records Folio had were found by their client ids, not created again")
        let view = try await services.repository.view(account: chen.id)
        XCTAssertTrue(view.records.allSatisfy { !$0.header.sync.dirty })
        let shown = Dictionary(uniqueKeysWithValues: view.records.map { ($0.key, $0.header.id) })
        for (item, result) in zip(sent, lost) {
            XCTAssertEqual(shown[item.id], result.record?.id, "\(item.id) took the record Folio created for it")
        }
    }

    func testABatchSentAgainAfterACrashReplaysFolioAnswerAndCreatesNothingTwice() async throws {
        let chen = try await signedIn()
        let before = try await admin.vaultAccount(id: chen.id).records
        _ = try await write(4, to: chen)
        let (client, push) = try pusher(chen)
        let items = try await services.sync.store.pushItems(chen.id)
        XCTAssertEqual(push.batchKey(items), push.batchKey(items), "the key depends on the batch's content only")
        _ = try await client.createRecords(items.map(push.createBody), idempotencyKey: push.batchKey(items))

        let failures = try await push.pushCreates(items) { item, error in XCTFail("\(item.id): \(error)") }
        XCTAssertEqual(failures, 0)
        let after = try await admin.vaultAccount(id: chen.id).records
        XCTAssertEqual(after - before, 4)
        let pending = try await services.sync.store.pushItems(chen.id)
        XCTAssertEqual(pending.count, 0)
    }

    func testOnlyEntriesThatNeedJustACreateGoInBatchesOnceThereAreMoreThanAPassPushesAtOnce() {
        func item(_ id: String, folioID: String? = nil, state: StoredEntry.State = .active) -> PushItem {
            PushItem(
                id: id, folioID: folioID, kind: .record, schema: "note", version: 1, state: state, folioState: nil,
                bodyDirty: true, body: [1, 2, 3], recordKey: [4], revision: folioID == nil ? nil : 1, localSeq: 1)
        }
        func shape(_ units: [VaultPush.Unit]) -> [[String]] {
            units.map { unit in
                switch unit {
                case .creates(let items): items.map(\.id)
                case .entry(let item): [item.id]
                }
            }
        }
        let mixed = [
            item("D_1"), item("D_2", folioID: "rec_2"), item("D_3"), item("D_4", state: .deleted),
            item("D_5", state: .purged), item("D_6"), item("D_7"), item("D_8"),
        ]
        XCTAssertEqual(
            shape(VaultPush.units(mixed)), [["D_1", "D_3", "D_6", "D_7", "D_8"], ["D_2"], ["D_4"], ["D_5"]])
        XCTAssertEqual(
            shape(VaultPush.units(Array(mixed.prefix(6)))), [["D_1"], ["D_2"], ["D_3"], ["D_4"], ["D_5"], ["D_6"]],
            "no more creates than a pass pushes at once: each entry on its own")
        let many = VaultPush.units((0..<1_001).map { item("D_\($0)") })
        let sizes = many.map { unit -> Int in
            if case .creates(let items) = unit { return items.count }
            return 1
        }
        XCTAssertEqual(sizes, [500, 500, 1], "at most 500 a batch; a lone create goes on its own")
    }
}

extension VaultPush {
    /// A batch as a pass pushes it, its two steps in a row: created at Folio in one call, then the answers recorded
    /// in one transaction; returns how many Folio refused.
    fileprivate func pushCreates(_ items: [PushItem], log: (PushItem, any Error) -> Void) async throws -> Int {
        try await record(try await sendCreates(items, log: log), log: log)
    }
}
