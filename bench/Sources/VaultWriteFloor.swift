import Bus
import Crypto
import FolioModel
import Foundation
import Postgres
import ServiceKit
import Synchronization
import VaultService

/// The floor of `bench/run vault-write`: the least a creation does under the store's rules, in the same run. A
/// store answers a dispatch once the snapshot that holds its effect is stored, runs the write, stores the snapshot
/// that says it ran, and only then answers `store.next` with the model that shows the record (DESIGN.md,
/// durability). So here each client's `store.dispatch` goes over the bus to a libnats callback of its own
/// (`CannedResponder`, a thread each), which, blocking on that thread over one libpq connection
/// (`BenchConnection`):
/// - writes a copy of a real VaultStore's snapshot row (`SnapshotWriteFloor`),
/// - seals the 1 KiB payload and its record key as the VaultService does (`VaultCipher`) and inserts the entry,
///   one statement, into `bench_write_floor`, a table with `vault_entries`' columns, defaults, checks and indexes,
/// - writes the snapshot row again,
///
/// then answers with what a real store answered to a creation's dispatch. The client's `store.next` is then
/// answered at once with a real creation's patch. Left out, so that this is the most any store keeping those rules
/// reaches: HTTP and the Gateway (the floor goes over the bus whatever path the clients use), the store and its
/// model, sealing the snapshots, the transaction with its role, row-level security and write lock, the read-back
/// of the record, and applying the patch at the client.
final class VaultWriteFloor: Sendable {
    static let table = "bench_write_floor"

    /// One real creation, whose messages the floor sends and answers with.
    struct Capture: Sendable {
        var storeID: String
        var dispatchParams: JSONObject
        var dispatchResult: JSONValue
        var nextParams: JSONObject
        var nextResult: JSONValue
    }

    /// Makes one creation through the VaultService on a runtime of its own, keeps its messages and answers, and
    /// sets the floor up with a copy of that store's snapshot row.
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
        // As the Gateway forwards them over the bus.
        var dispatchParams = VaultBenchClient.dispatchParams(session.store, action)
        var nextParams = VaultBenchClient.nextParams(session.store, afterVersion: session.version, holding: true)
        dispatchParams["runtimeId"] = .string(session.runtime.id)
        nextParams["runtimeId"] = .string(session.runtime.id)
        let capture = Capture(
            storeID: session.store, dispatchParams: dispatchParams, dispatchResult: dispatched,
            nextParams: nextParams, nextResult: next)
        let bus = BusClient(
            transport: try await NATSBus.connect(
                .init(url: settings.natsURL, name: "bench-vault-floor", access: try NATSAccess.fromEnvironment())),
            timeout: .seconds(30))
        let floor = try VaultWriteFloor(
            natsURL: settings.natsURL, databaseURL: settings.databaseURL, clients: settings.clients, capture: capture,
            bus: bus)
        try await client.shutDown(session.runtime)
        return floor
    }

    private let responder: CannedResponder
    /// Creates, counts and drops the floor's table, apart from the lanes' connections.
    private let admin: BenchConnection
    private let bus: BusClient
    private let lanes: [Lane]
    private let dispatchSubjects: [String]
    private let nextSubject: String
    private let capture: Capture

    /// Creates the floor's table and one lane per client, each with its connection, a copy of the captured store's
    /// snapshot row and its own subject.
    init(natsURL: String, databaseURL: String, clients: Int, capture: Capture, bus: BusClient) throws {
        admin = try BenchConnection(databaseURL: databaseURL)
        try admin.firstRow(
            """
            CREATE TABLE IF NOT EXISTS \(unescaped: Self.table)
                (LIKE vault_entries INCLUDING DEFAULTS INCLUDING CONSTRAINTS INCLUDING INDEXES)
            """)
        let prefix = "bench.vault-floor.\(RandomID.base32(count: 8).lowercased())"
        lanes = try (0..<clients).map { _ in try Lane(databaseURL: databaseURL, copying: capture.storeID) }
        dispatchSubjects = (0..<clients).map { "\(prefix).dispatch.\($0)" }
        nextSubject = "\(prefix).next"
        self.capture = capture
        self.bus = bus
        responder = try CannedResponder(url: natsURL)
        func reply(_ result: JSONValue) -> [UInt8] {
            JSONValue.object(["id": 1, "jsonrpc": "2.0", "result": result]).serialized()
        }
        for (lane, subject) in zip(lanes, dispatchSubjects) {
            try responder.answer(subject, with: reply(capture.dispatchResult)) { try lane.create() }
        }
        try responder.answer(nextSubject, with: reply(capture.nextResult))
    }

    /// The creations that the clients finish inside `window`, each client a dispatch and a `store.next` after the
    /// other, and all of them.
    func creations(window: MeasurementWindow) async throws -> (counted: Int, total: Int) {
        try await withThrowingTaskGroup(of: (Int, Int).self) { group in
            for subject in dispatchSubjects {
                group.addTask { [bus, capture, nextSubject] in
                    var counted = 0
                    var total = 0
                    while ContinuousClock.now < window.end {
                        _ = try await bus.call(subject, "store.dispatch", .object(capture.dispatchParams))
                        _ = try await bus.call(nextSubject, "store.next", .object(capture.nextParams))
                        total += 1
                        if window.contains(.now) { counted += 1 }
                    }
                    return (counted, total)
                }
            }
            return try await group.reduce((0, 0)) { ($0.0 + $1.0, $0.1 + $1.1) }
        }
    }

    /// The entries the lanes inserted so far, counted in PostgreSQL.
    func storedEntries() throws -> Int {
        let row = try admin.firstRow(
            "SELECT count(*) FROM \(unescaped: Self.table) WHERE position(convert_to('bench record', 'UTF8') IN body) = 0"
        )
        return Int(row.first ?? "") ?? 0
    }

    /// Drops the floor's table (its snapshot rows go with the lanes).
    func dropTable() throws {
        try admin.firstRow("DROP TABLE IF EXISTS \(unescaped: Self.table)")
    }

    /// One client's side of the responder: its connection, snapshot row and account.
    private final class Lane: Sendable {
        private let connection: BenchConnection
        private let snapshot: SnapshotWriteFloor
        private let account = "bench_floor_" + RandomID.base32(count: 20)
        private let cipher: VaultCipher
        private let payload = VaultWriteBenchmark.payload(0)
        private static let insertName = "bench_write_floor_insert"

        init(databaseURL: String, copying storeID: String) throws {
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
