import FolioClient
import FolioEmulator
import FolioModel
import HTTP
import XCTest

/// The change feed: fetch since a cursor, compacted and paged, and its long poll.
final class VaultChangeFeedTests: VaultTestCase {
    func testTheFeedFromACursorHoldsEveryChangeSinceIncludingDeletions() async throws {
        let harness = try await startEmulator()
        let chen = try await user(harness, Self.chen)
        let first = try await createNote(chen, "one")
        let second = try await createNote(chen, "two")
        let start = try await chen.vault.changes()
        XCTAssertEqual(start.records.map(\.id), [first.id, second.id])
        XCTAssertEqual(start.items.map(\.sequence), [1, 2])
        XCTAssertFalse(start.hasMore)

        let third = try await createNote(chen, "three")
        _ = try await chen.vault.deleteRecord(id: first.id, baseRevision: 1, idempotencyKey: key())
        let since = try await chen.vault.changes(cursor: start.nextCursor)
        XCTAssertEqual(since.records.map(\.id), [third.id, first.id])
        XCTAssertEqual(since.records.last?.state, .deleted)
        XCTAssertEqual(since.items.map(\.sequence), [3, 4])
        let nothing = try await chen.vault.changes(cursor: since.nextCursor)
        XCTAssertEqual(nothing.items, [])
        XCTAssertEqual(nothing.nextCursor, since.nextCursor)
    }

    func testTheFeedIsCompactedAndPaged() async throws {
        let harness = try await startEmulator()
        let chen = try await user(harness, Self.chen)
        let a = try await createNote(chen, "a")
        let b = try await createNote(chen, "b")
        let c = try await createNote(chen, "c")
        _ = try await chen.vault.updateRecord(
            id: a.id, FolioVaultRecordUpdate(baseRevision: 1, schema: "note", version: 1, ciphertext: [1]),
            idempotencyKey: key())
        let page = try await chen.vault.changes(limit: 2)
        XCTAssertEqual(page.records.map(\.id), [b.id, c.id], "a record appears once, at its latest change")
        XCTAssertTrue(page.hasMore)
        let next = try await chen.vault.changes(cursor: page.nextCursor, limit: 2)
        XCTAssertEqual(next.records.map(\.id), [a.id])
        XCTAssertEqual(next.records.first?.revision, 2)
        XCTAssertEqual(next.items.map(\.sequence), [4])
        XCTAssertFalse(next.hasMore)
    }

    func testEachAccountSeesOnlyItsOwnChanges() async throws {
        let harness = try await startEmulator()
        let chen = try await user(harness, Self.chen)
        let dana = try await user(harness, Self.dana)
        try await publishKeys(chen)
        try await publishKeys(dana)
        let note = try await createNote(chen)
        let danaStart = try await dana.vault.changes()
        XCTAssertEqual(danaStart.items, [])
        let share = try await invite(chen, dana, note)
        let invited = try await dana.vault.changes(cursor: danaStart.nextCursor)
        XCTAssertEqual(invited.shares.map(\.id), [share.id])
        XCTAssertEqual(invited.records, [])
        _ = try await dana.vault.acceptShare(id: share.id, idempotencyKey: key())
        let accepted = try await dana.vault.changes(cursor: invited.nextCursor)
        XCTAssertEqual(accepted.records.map(\.id), [note.id])
        XCTAssertEqual(accepted.records.first?.permission, .view)

        _ = try await dana.vault.setSettings(recordId: note.id, baseRevision: 0, ciphertext: [5], idempotencyKey: key())
        let chenFeed = try await chen.vault.changes()
        XCTAssertEqual(chenFeed.records.first?.settings, nil, "another account's settings never reach this feed")
        XCTAssertEqual(chenFeed.shares.map(\.status), [.accepted])
        let chenStats = try await harness.admin.vaultAccount(id: chen.accountId)
        XCTAssertEqual(chenStats.feedSequence, 3, "create, invite, accept; not dana's settings")

        _ = try await chen.vault.updateRecord(
            id: note.id, FolioVaultRecordUpdate(baseRevision: 1, schema: "note", version: 2, ciphertext: [7]),
            idempotencyKey: key())
        let pushed = try await dana.vault.changes(cursor: accepted.nextCursor)
        XCTAssertEqual(pushed.records.map(\.revision), [2], "the owner's push reaches the viewer")
        XCTAssertEqual(pushed.records.first?.settings?.ciphertext.bytes, [5])
    }

    func testTheLongPollWakesOnAChange() async throws {
        let harness = try await startEmulator()
        let chen = try await user(harness, Self.chen)
        let start = try await chen.vault.changes()
        // The long poll holds its connection for the whole wait: it gets its own HTTP client, so the
        // pushes below never queue behind it.
        let vault = harness.client(timeout: .seconds(20), http: HTTPClient()).vault(sessionId: chen.sessionId)
        let watcher = Task { () throws(FolioVaultError) -> FolioVaultChanges in
            try await vault.changes(cursor: start.nextCursor, waitSeconds: 10)
        }
        let note = try await createNote(chen)
        let woke = try await watcher.value
        XCTAssertEqual(woke.records.map(\.id), [note.id])
    }

    func testALongPollWithNothingNewAnswersEmpty() async throws {
        let harness = try await startEmulator()
        let chen = try await user(harness, Self.chen)
        _ = try await createNote(chen)
        let start = try await chen.vault.changes()
        let quiet = try await chen.vault.changes(cursor: start.nextCursor, waitSeconds: 1)
        XCTAssertEqual(quiet.items, [])
        XCTAssertEqual(quiet.nextCursor, start.nextCursor)
    }

    func testCursorsFromElsewhereAreRefused() async throws {
        let harness = try await startEmulator()
        let chen = try await user(harness, Self.chen)
        let dana = try await user(harness, Self.dana)
        _ = try await createNote(chen)
        _ = try await createNote(chen)
        let chenCursor = try await chen.vault.changes().nextCursor
        let ahead = await vaultError { () async throws(FolioVaultError) in
            try await dana.vault.changes(cursor: chenCursor)
        }
        XCTAssertEqual(ahead?.code, .invalidCursor)
        let garbage = await vaultError { () async throws(FolioVaultError) in try await chen.vault.changes(cursor: "x") }
        XCTAssertEqual(garbage?.code, .invalidCursor)
        let wait = await vaultError { () async throws(FolioVaultError) in try await chen.vault.changes(waitSeconds: 31)
        }
        XCTAssertEqual(wait?.code, .invalidRequest)
    }

    func testAPageStopsBeforeItsJSONPassesTwoMebibytes() async throws {
        let harness = try await startEmulator()
        let chen = try await user(harness, Self.chen)
        let ids = try await harness.admin.ingestVaultRecords(
            accountId: chen.accountId, count: 10, schema: "big", ciphertextBytes: 262_144)
        XCTAssertEqual(ids.count, 10)
        let first = try await chen.vault.changes(limit: 100)
        XCTAssertEqual(
            first.records.map(\.id), Array(ids.prefix(5)),
            "five bodies of 349,526 encoded bytes fit in 2 MiB, six do not")
        XCTAssertTrue(first.hasMore)
        let second = try await chen.vault.changes(cursor: first.nextCursor, limit: 100)
        XCTAssertEqual(second.records.map(\.id), Array(ids.suffix(5)))
        XCTAssertFalse(second.hasMore)
        let listed = try await chen.vault.records(limit: 100)
        XCTAssertEqual(listed.items.map(\.id), Array(ids.prefix(5)), "the record list keeps the same budget")
        let rest = try await chen.vault.records(cursor: listed.nextCursor, limit: 100)
        XCTAssertEqual(rest.items.map(\.id), Array(ids.suffix(5)))
        XCTAssertNil(rest.nextCursor)
    }
}
