import Bus
import Crypto
import FolioAPI
import FolioModel
import Foundation
import Postgres
import ServiceKit
import Synchronization
import VaultService

/// The floor of `bench/run vault-write`: the least a creation does under the store's rules, in the same run. A
/// store answers a dispatch once the snapshot that holds its effect is stored, runs the write, stores the snapshot
/// that says it ran, and only then answers `store.next` with the model that shows the record (DESIGN.md,
/// durability). So here each client has a runtime and a store id of its own that no service holds, and sends
/// `store.dispatch` and `store.next` for it the way the vault phase's clients do (through the Gateway over HTTP,
/// or over the bus, with the same `VaultBenchClient`). A libnats callback on that store's subject (`CannedResponder`,
/// a thread each) answers them. Before it answers a dispatch it does, blocking on that thread over one libpq
/// connection (`BenchConnection`):
/// - writes a copy of a real VaultStore's snapshot row (`SnapshotWriteFloor`),
/// - seals the 1 KiB payload and its record key as the VaultService does (`VaultCipher`) and inserts the entry,
///   one statement, into `bench_write_floor`, a table with `vault_entries`' columns, defaults, checks and indexes,
/// - writes the snapshot row again,
///
/// then answers with what a real store answered to a creation's dispatch; `store.next` it answers at once with a
/// real creation's patch. Left out, so that this is the most any store keeping those rules reaches on the same
/// path: the store and its model, sealing the snapshots, the transaction with its role, row-level security and
/// write lock, the read-back of the record, the `store.next` that shows `busy`, and applying the patch at the
/// client.
final class VaultWriteFloor: Sendable {
    static let table = "bench_write_floor"

    /// One real creation, whose action the floor's clients send and whose answers its responder gives.
    struct Capture: Sendable {
        var storeID: String
        var action: JSONValue
        var dispatchResult: JSONValue
        var afterVersion: Int64
        var nextResult: JSONValue
    }

    /// Makes one creation through the VaultService on a runtime of its own, keeps its action and answers, and
    /// sets the floor up with a copy of that store's snapshot row and a runtime for each client.
    static func start(_ settings: VaultWriteBenchmark.Settings) async throws -> VaultWriteFloor {
        let client = settings.client
        let session = try await VaultWriteBenchmark.VaultSession.open(settings)
        let action = VaultWriteBenchmark.create(0)
        let dispatched = try await client.dispatch(session.store, action, session.runtime)
        let next = try await client.nextAnswer(
            session.store, afterVersion: session.version, holding: true, session.runtime)
        var version = session.version
        var model = session.model
        _ = try await client.follow(session.store, session.runtime, from: &version, holding: &model) { model in
            (model["records"]?.arrayValue?.count ?? 0) == 1
        }
        let capture = Capture(
            storeID: session.store, action: action, dispatchResult: dispatched, afterVersion: session.version,
            nextResult: next)
        var runtimes: [BenchRuntime] = []
        for _ in 0..<settings.clients {
            runtimes.append(try await client.createRuntime(organizationID: settings.organizationID))
        }
        let floor = try VaultWriteFloor(settings, capture: capture, runtimes: runtimes)
        try await client.shutDown(session.runtime)
        return floor
    }

    private let client: VaultBenchClient
    private let responder: CannedResponder
    /// Creates, counts and drops the floor's table, apart from the lanes' connections.
    private let admin: BenchConnection
    private let lanes: [Lane]
    private let capture: Capture

    /// Creates the floor's table and one lane per runtime, each with its connection, a copy of the captured store's
    /// snapshot row and a store id of its own.
    private init(_ settings: VaultWriteBenchmark.Settings, capture: Capture, runtimes: [BenchRuntime]) throws {
        admin = try BenchConnection(databaseURL: settings.databaseURL)
        try admin.firstRow(
            """
            CREATE TABLE IF NOT EXISTS \(unescaped: Self.table)
                (LIKE vault_entries INCLUDING DEFAULTS INCLUDING CONSTRAINTS INCLUDING INDEXES)
            """)
        lanes = try runtimes.map { try Lane(runtime: $0, databaseURL: settings.databaseURL, copying: capture.storeID) }
        client = settings.client
        self.capture = capture
        responder = try CannedResponder(url: settings.natsURL)
        func reply(_ result: JSONValue) -> [UInt8] {
            JSONValue.object(["id": 1, "jsonrpc": "2.0", "result": result]).serialized()
        }
        for lane in lanes {
            try responder.answer(
                BusSubjects.store(lane.store),
                [
                    .init(reply(capture.dispatchResult), when: StoreMethods.dispatch.name) { try lane.create() },
                    .init(reply(capture.nextResult), when: StoreMethods.next.name),
                ])
        }
    }

    /// The creations that the clients finish inside `window`, each client a dispatch and a `store.next` after the
    /// other, and all of them. Afterwards the rows are counted: every creation the clients saw must be a sealed row.
    func creations(window: MeasurementWindow) async throws -> (counted: Int, total: Int) {
        let storedBefore = try storedEntries()
        let done: (counted: Int, total: Int) = try await withThrowingTaskGroup(of: (Int, Int).self) { group in
            for lane in lanes {
                group.addTask { [client, capture] in
                    var counted = 0
                    var total = 0
                    while ContinuousClock.now < window.end {
                        try await client.dispatch(lane.store.rawValue, capture.action, lane.runtime)
                        _ = try await client.nextAnswer(
                            lane.store.rawValue, afterVersion: capture.afterVersion, holding: true, lane.runtime)
                        total += 1
                        if window.contains(.now) { counted += 1 }
                    }
                    return (counted, total)
                }
            }
            return try await group.reduce((0, 0)) { ($0.0 + $1.0, $0.1 + $1.1) }
        }
        let stored = try storedEntries() - storedBefore
        guard stored == done.total else {
            throw BenchError("the floor's clients saw \(done.total) creations; \(stored) sealed rows were stored")
        }
        return done
    }

    /// Shuts the floor's runtimes down.
    func shutDown() async throws {
        for lane in lanes { try await client.shutDown(lane.runtime) }
    }

    /// The entries the lanes inserted so far whose body does not hold the payload in clear, counted in PostgreSQL.
    private func storedEntries() throws -> Int {
        let row = try admin.firstRow(
            "SELECT count(*) FROM \(unescaped: Self.table) WHERE position(convert_to('bench record', 'UTF8') IN body) = 0"
        )
        return Int(row.first ?? "") ?? 0
    }

    /// Drops the floor's table (its snapshot rows go with the lanes).
    func dropTable() throws {
        try admin.firstRow("DROP TABLE IF EXISTS \(unescaped: Self.table)")
    }

    /// One client's runtime and store id, and the responder's side of it: its connection, snapshot row and account.
    private final class Lane: Sendable {
        let runtime: BenchRuntime
        let store = StoreID.generate(for: .vault)
        private let connection: BenchConnection
        private let snapshot: SnapshotWriteFloor
        private let account = "bench_floor_" + RandomID.base32(count: 20)
        private let cipher: VaultCipher
        private let payload = VaultWriteBenchmark.payload(0)
        private static let insertName = "bench_write_floor_insert"

        init(runtime: BenchRuntime, databaseURL: String, copying storeID: String) throws {
            self.runtime = runtime
            cipher = VaultCipher(dataKey: SymmetricKey.random(), account: account)
            connection = try BenchConnection(databaseURL: databaseURL)
            snapshot = try SnapshotWriteFloor(connection: connection, copying: storeID)
            try connection.prepare(Self.insertName, try insert())
        }

        /// The snapshot, the sealed entry, the snapshot again: on the lane's callback thread, one at a time.
        func create() throws {
            try snapshot.write()
            try connection.execute(Self.insertName, try insert())
            try snapshot.write()
        }

        /// The statement of `VaultRepository`'s insert of a new record, into the floor's table.
        private func insert() throws -> PostgresQuery {
            let id = "R_" + RandomID.base32(count: 26)
            let key = cipher.newRecordKey()
            let wrapped = try cipher.wrapRecordKey(key, entryID: id)
            let body = try cipher.sealBody(payload, key: key, owner: account, schema: "note", version: 1)
            return """
                INSERT INTO \(unescaped: VaultWriteFloor.table) (account_id, id, kind, schema, version, state, permission,
                    owner_account_id, record_key, body)
                VALUES (\(account), \(id), 'RECORD', 'note', \(Int64(1)), 'ACTIVE', 'OWNER', \(account),
                    \(wrapped), \(body))
                """
        }
    }
}
