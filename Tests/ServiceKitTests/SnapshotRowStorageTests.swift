import Crypto
import FolioModel
import Postgres
import ServiceKit
import StoreKit
import TestSupport
import XCTest

/// Where PostgreSQL keeps a snapshot's state. A store writes its snapshot on every change, and a dispatch waits
/// for the write: a state of a few kilobytes stays in its row, so a save is one row written and not a value
/// moved to the TOAST table (two chunks, their index entries, and dead ones left behind on every save).
final class SnapshotRowStorageTests: XCTestCase {
    private var pool: PostgresPool?
    private let service = "rowtest\(RandomID.base32(count: 6).lowercased())"

    override func setUp() async throws {
        let pool = try await ServiceKitTestDatabase.migratedPool(size: 2)
        _ = try await pool.execute("CREATE EXTENSION IF NOT EXISTS pageinspect")
        self.pool = pool
    }

    override func tearDown() async throws {
        _ = try await pool?.execute("DELETE FROM store_snapshots WHERE service = \(service)")
        await pool?.close()
    }

    /// The length of the row's tuple on its heap page: the row itself, without what it keeps out of line.
    private func tupleLength(_ storeID: StoreID) async throws -> Int {
        let pool = try XCTUnwrap(pool)
        let located = try await pool.query(
            "SELECT ctid::text AS ctid FROM store_snapshots WHERE store_id = \(storeID.rawValue)")
        let ctid = try XCTUnwrap(located.first).decode(String.self, "ctid")
        let parts = ctid.trimmingCharacters(in: CharacterSet(charactersIn: "()")).split(separator: ",")
        let block = try XCTUnwrap(Int64(try XCTUnwrap(parts.first)))
        let item = try XCTUnwrap(Int64(try XCTUnwrap(parts.last)))
        let rows = try await pool.query(
            """
            SELECT lp_len::int8 AS length FROM heap_page_items(get_raw_page('store_snapshots', \(block)))
            WHERE lp = \(item)
            """)
        return Int(try XCTUnwrap(rows.first).decode(Int64.self, "length"))
    }

    /// A state whose sealed text is about `bytes` long and does not compress.
    private func snapshot(ofAbout bytes: Int, version: Int64) -> StoreSnapshot {
        StoreSnapshot(
            storeID: StoreID.generate(for: .inquiry), kind: "inquiry", runtimeID: "rt_rows", version: version,
            state: ["fields": .array((0..<(bytes / 40)).map { _ in .string(RandomID.base32(count: 32)) })],
            pendingEffects: [])
    }

    func testASealedSnapshotOfFourKilobytesIsStoredInItsRowAtEverySave() async throws {
        let sealer = SecretSealer(key: try SymmetricKey(bytes: Array(repeating: 7, count: 32)))
        let store = PostgresSnapshots(database: try XCTUnwrap(pool), service: service, worker: "w1", sealer: sealer)
        var saved = snapshot(ofAbout: 4_000, version: 1)
        for version in Int64(1)...3 {
            saved.version = version
            try await store.save(saved)
            let length = try await tupleLength(saved.storeID)
            XCTAssertGreaterThan(length, 4_000, "version \(version): the state went out of its row")
        }
        let loaded = try await store.load(saved.storeID)
        XCTAssertEqual(loaded, saved)
    }
}
