import FolioModel
import WireModel
import XCTest

@testable import VaultService

/// The order of the entries a full read shows and a push sends: by creation, then by local id (as
/// ``VaultEntryKey`` orders them, which a patch inserts by); a push sends the records, then the folders.
final class VaultEntryOrderTests: IssuedDocumentTestCase {
    /// Creates one entry per write and answers its local id.
    private func create(_ writes: [VaultWrite], in account: VaultAccount) async throws -> [String] {
        var ids: [String] = []
        for write in writes {
            let id = try await services.repository.apply(write, account: account.id, session: .authenticated)
            ids.append(try XCTUnwrap(id))
        }
        return ids
    }

    private func note(_ index: Int) -> VaultWrite {
        .create(record: RecordContent(schema: "note", version: 1, payload: #"{"n":\#(index)}"#))
    }

    /// Sets the entries' creation times, in µs since the epoch (the tests connect as the superuser); the rows'
    /// new versions leave the table's order unlike the creation order.
    private func created(_ times: [String: Int64], account: String) async throws {
        for (id, micros) in times {
            _ = try await pool.execute(
                """
                UPDATE vault_entries SET created_at = to_timestamp(\(Double(micros) / 1_000_000))
                WHERE account_id = \(account) AND id = \(id)
                """)
        }
    }

    func testTheFullReadShowsRecordsByCreationThenByLocalId() async throws {
        let chen = try await signedIn()
        let ids = try await create((0..<4).map(note), in: chen)
        // Created in the order 3, then 1 and 2 at the same instant, then 0.
        try await created(
            [ids[3]: 1_000_000, ids[1]: 2_000_000, ids[2]: 2_000_000, ids[0]: 3_000_000], account: chen.id)
        let tied = [ids[1], ids[2]].sorted()

        let view = try await services.repository.view(account: chen.id)

        XCTAssertEqual(view.records.map(\.key), [ids[3]] + tied + [ids[0]])
    }

    func testAFullReadOfManyEntriesKeepsTheirOrderAndListsTheUnreadableOnesInOrder() async throws {
        let chen = try await signedIn()
        let count = 300
        let ids = try await create((0..<count).map(note), in: chen)
        // Damaged: the first, the last, and two side by side in the middle.
        let damaged = [ids[0], ids[count / 2 - 1], ids[count / 2], ids[count - 1]]
        for id in damaged {
            _ = try await pool.execute(
                "UPDATE vault_entries SET body = \([UInt8](repeating: 9, count: 64)) WHERE account_id = \(chen.id) AND id = \(id)"
            )
        }

        let view = try await services.repository.view(account: chen.id)

        XCTAssertEqual(view.unreadable, damaged)
        XCTAssertEqual(view.records.map(\.key), ids.filter { !damaged.contains($0) })
        XCTAssertEqual(
            view.records.map { $0.payload }, ids.indices.filter { !damaged.contains(ids[$0]) }.map { #"{"n":\#($0)}"# },
            "each record holds its own body")
    }

    func testAPushListsTheRecordsThenTheFoldersEachByCreationThenByLocalId() async throws {
        let chen = try await signedIn()
        let folders = try await create(
            [
                .createFolder(folder: RecordContent(schema: "folder", version: 1, payload: #"{"name":"a"}"#)),
                .createFolder(folder: RecordContent(schema: "folder", version: 1, payload: #"{"name":"b"}"#)),
            ], in: chen)
        let records = try await create((0..<3).map(note), in: chen)
        // The folders were created first, the second before the first; the records 2, then 0 and 1 together.
        try await created(
            [
                folders[1]: 1_000_000, folders[0]: 2_000_000, records[2]: 3_000_000, records[0]: 4_000_000,
                records[1]: 4_000_000,
            ], account: chen.id)

        let items = try await services.sync.store.pushItems(chen.id)

        XCTAssertEqual(items.map(\.id), [records[2]] + [records[0], records[1]].sorted() + [folders[1], folders[0]])
    }
}
