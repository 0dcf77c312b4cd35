import FolioModel
import Foundation
import Postgres
import ServiceKit
import Synchronization

/// The floor of `bench/run inquiry`: a dispatch is answered once its snapshot is stored, so no exchange can take
/// less than the bus's round trips plus that write. This times the write alone: the statement of
/// `PostgresSnapshots.save`, prepared once, with a copy of a real store's sealed row under an id of its own (a
/// version higher at every run, so each one updates the row), back to back over one libpq connection by a
/// thread of its own, blocking: libpq called directly with the parameters as `EncodedStatement` lays them out for
/// the pool too, and no pool, no hand-off between threads, no sealing. `write()` makes one such write from the
/// caller's thread, for the responder that stores before it answers (`CannedResponder`).
final class SnapshotWriteFloor: @unchecked Sendable {
    // Used under `row`'s lock only, by one thread at a time.
    private let connection: BenchConnection
    private let row: Mutex<PostgresSnapshots.SavedRow>
    private let storeID: String
    private static let statementName = "bench_snapshot_floor"

    /// Copies the snapshot row of `storeID` (a store a service has written) over `connection`, which it then
    /// uses alone or under the caller's rule of one thread at a time.
    init(connection: BenchConnection, copying storeID: String) throws {
        self.connection = connection
        let source = try connection.firstRow(
            """
            SELECT kind, runtime_id, state::text, pending_effects::text, dispatch_ids::text
            FROM store_snapshots WHERE store_id = \(storeID)
            """)
        guard source.count == 5 else { throw BenchError("store \(storeID) has no snapshot to copy") }
        let row = PostgresSnapshots.SavedRow(
            storeID: "bench-floor-" + RandomID.base32(count: 10), service: "bench", kind: source[0],
            worker: "bench", runtimeID: source[1], version: 0, state: PostgresJSON(source[2]),
            pending: PostgresJSON(source[3]), dispatchIDs: PostgresJSON(source[4]))
        self.row = Mutex(row)
        self.storeID = row.storeID
        try connection.prepare(Self.statementName, PostgresSnapshots.upsert(row))
    }

    /// Connects and copies the snapshot row of `storeID`.
    convenience init(databaseURL: String, copying storeID: String) throws {
        try self.init(connection: try BenchConnection(databaseURL: databaseURL), copying: storeID)
    }

    deinit { _ = try? connection.firstRow("DELETE FROM store_snapshots WHERE store_id = \(storeID)") }

    /// The statement run back to back for `seconds`: how many ran and their total time.
    func run(seconds: Double) async throws -> (count: Int, total: Duration) {
        try await withCheckedThrowingContinuation { continuation in
            Thread { continuation.resume(with: Result { try self.runBlocking(seconds: seconds) }) }.start()
        }
    }

    private func runBlocking(seconds: Double) throws -> (count: Int, total: Duration) {
        let clock = ContinuousClock()
        let end = clock.now + .milliseconds(Int(seconds * 1000))
        var count = 0
        var total = Duration.zero
        while clock.now < end {
            total += try write()
            count += 1
        }
        return (count, total)
    }

    /// One write of the row, a version higher than the last, from the caller's thread; returns how long the
    /// statement took.
    @discardableResult
    func write() throws -> Duration {
        try row.withLock { row in
            row.version += 1
            let clock = ContinuousClock()
            let started = clock.now
            try connection.execute(Self.statementName, PostgresSnapshots.upsert(row))
            return clock.now - started
        }
    }
}
