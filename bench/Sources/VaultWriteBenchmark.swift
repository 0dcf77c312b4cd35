import FolioModel
import Foundation
import Postgres

/// `bench/run vault-write`: encrypted record creations per second through the VaultService (a 1 KiB JSON
/// payload, row-level security and encryption on) against plain `INSERT`s of 1 KiB rows into the same
/// PostgreSQL, measured in the same run with the same number of concurrent clients. A creation counts once
/// the client sees its record in the store's model: the write committed and the store read it back. A
/// client's vault holds at most `recordsPerVault` records: then the client moves to a new runtime (a new,
/// empty guest vault), so the figure does not depend on how long the window is.
enum VaultWriteBenchmark {
    struct Settings: Sendable {
        var client: VaultBenchClient
        var databaseURL: String
        /// The bus the floor's responder answers on.
        var natsURL: String
        /// The VaultService's `FOLIO_DB_POOL_SIZE`: the baseline gets as many connections.
        var poolSize: Int
        var clients: Int
        var seconds: Double
        var warmUpSeconds: Double
        var rounds: Int
        /// How many records a client creates in one vault before it moves to a new runtime.
        var recordsPerVault: Int
        var organizationID: String
        /// The stack's processes, to report CPU per creation; nil leaves those figures out.
        var cpu: ProcessCPU?
    }

    static let payloadBytes = 1024

    /// A JSON payload of exactly `payloadBytes` bytes of UTF-8.
    static func payload(_ index: Int) -> String {
        let head = #"{"title":"bench record \#(index)","body":""#
        let tail = #""}"#
        return head + String(repeating: "x", count: payloadBytes - head.utf8.count - tail.utf8.count) + tail
    }

    static func create(_ index: Int) -> JSONValue {
        let record: JSONValue = ["schema": "note", "version": 1, "payload": .string(payload(index))]
        return ["type": "WRITE", "value": ["value": ["type": "CREATE", "value": ["record": record]]]]
    }

    /// What the clients of one vault phase did.
    struct Tally: Sendable {
        var counted = 0
        var completed = 0
        var latencies: [Duration] = []
        var runtimes: [String] = []

        static func + (left: Tally, right: Tally) -> Tally {
            Tally(
                counted: left.counted + right.counted, completed: left.completed + right.completed,
                latencies: left.latencies + right.latencies, runtimes: left.runtimes + right.runtimes)
        }
    }

    /// The sides of a round: the baseline's inserts, the floor's creations (`VaultWriteFloor`) and the VaultService's.
    enum Side: String {
        case inserts
        case floor
        case vault
    }

    static func run(_ settings: Settings) async throws {
        let baseline = PlainInsertBaseline(databaseURL: settings.databaseURL, poolSize: settings.poolSize)
        defer { Task { await baseline.close() } }
        try await baseline.prepare()
        let body = Array(payload(0).utf8)
        let database = PostgresPool(url: settings.databaseURL, size: 1)
        defer { Task { await database.close() } }
        progress("one creation kept for the floor's replies; the floor's table and connections set up")
        let floor = try await VaultWriteFloor.start(settings)
        defer { try? floor.dropTable() }

        var totals: [Side: Int] = [:]
        var tally = Tally()
        var roundRatios: [Double] = []
        var cpu = CPUAccount()
        for round in 1...settings.rounds {
            var counted: [Side: Int] = [:]
            var roundTally = Tally()
            let sides = BenchPhase.order(inRound: round).flatMap {
                $0 == .baseline ? [Side.inserts, .floor] : [.vault]
            }
            for side in sides {
                let before = settings.cpu?.sample() ?? [:]
                switch side {
                case .inserts:
                    progress("round \(round): \(settings.clients) clients INSERT 1 KiB rows for \(settings.seconds) s")
                    let done = try await baseline.inserts(
                        clients: settings.clients, body: body, window: window(settings, warmUp: 0.5))
                    counted[side] = done.counted
                    cpu.operations[side, default: 0] += done.total
                case .floor:
                    progress("round \(round): \(settings.clients) clients make floor creations, \(settings.seconds) s")
                    let done = try await floor.creations(window: window(settings, warmUp: 0.5))
                    counted[side] = done.counted
                    cpu.operations[side, default: 0] += done.total
                case .vault:
                    progress(
                        "round \(round): \(settings.clients) clients create vault records for \(settings.seconds) s")
                    roundTally = try await vaultPhase(settings, database: database)
                    counted[side] = roundTally.counted
                    cpu.operations[side, default: 0] += roundTally.completed
                }
                let after = settings.cpu?.sample() ?? [:]
                for (name, spent) in ProcessCPU.spent(from: before, to: after) {
                    cpu.seconds[side, default: [:]][name, default: 0] += spent
                }
            }
            let inserts = counted[.inserts] ?? 0
            let ratio = inserts == 0 ? 0 : Double(roundTally.counted) / Double(inserts)
            roundRatios.append(ratio)
            let line: JSONValue = [
                "bench": "vault-write-round", "round": .int(Int64(round)), "ratio": rounded(ratio, 3),
                "creations_per_second": rounded(Double(roundTally.counted) / settings.seconds, 1),
                "inserts_per_second": rounded(Double(inserts) / settings.seconds, 1),
                "floor_per_second": rounded(Double(counted[.floor] ?? 0) / settings.seconds, 1),
                "floor_ratio": rounded(inserts == 0 ? 0 : Double(counted[.floor] ?? 0) / Double(inserts), 3),
                "latency_ms_p50": percentile(roundTally.latencies, 0.5),
            ]
            print(line.jsonString)
            for (side, count) in counted { totals[side, default: 0] += count }
            tally = tally + roundTally
        }
        let inserts = totals[.inserts] ?? 0
        let floorCreations = totals[.floor] ?? 0
        try await floor.shutDown()
        guard tally.counted > 0, inserts > 0, floorCreations > 0 else {
            throw BenchError("nothing finished inside the windows")
        }
        let measured = settings.seconds * Double(settings.rounds)
        let creations = Double(tally.counted) / measured
        let plain = Double(inserts) / measured
        let floorRate = Double(floorCreations) / measured
        var summary: JSONObject = [
            "bench": "vault-write", "ratio": rounded(creations / plain, 3),
            "creations_per_second": rounded(creations, 1), "inserts_per_second": rounded(plain, 1),
            "floor_per_second": rounded(floorRate, 1), "floor_ratio": rounded(floorRate / plain, 3),
            "of_floor": rounded(creations / floorRate, 3),
            "target": 0.15, "path": .string(settings.client.path.rawValue),
            "path_detail": .string(
                settings.client.path == .gateway
                    ? "HTTP -> Gateway -> NATS -> VaultService -> PostgreSQL"
                    : "NATS -> VaultService -> PostgreSQL (no Gateway)"),
            "floor_detail":
                "the same path to a libnats callback that writes the snapshot, inserts the sealed entry and writes the snapshot again before it answers",
            "clients": .int(Int64(settings.clients)), "pool_size": .int(Int64(settings.poolSize)),
            "payload_bytes": .int(Int64(payloadBytes)), "rounds": .int(Int64(settings.rounds)),
            "seconds_per_phase": .double(settings.seconds),
            "round_ratio_min": rounded(roundRatios.min() ?? 0, 3),
            "round_ratio_max": rounded(roundRatios.max() ?? 0, 3),
            "creations": .int(Int64(tally.counted)), "inserts": .int(Int64(inserts)),
            "floor_creations": .int(Int64(floorCreations)),
            "latency_ms_p50": percentile(tally.latencies, 0.5), "latency_ms_p95": percentile(tally.latencies, 0.95),
            "records_per_vault": .int(Int64(settings.recordsPerVault)),
        ]
        if settings.cpu != nil {
            for (side, key) in [
                (Side.vault, "cpu_ms_per_creation"), (.inserts, "cpu_ms_per_insert"),
                (.floor, "cpu_ms_per_floor_creation"),
            ] {
                if let figures = cpu.perOperation(side) { summary[key] = figures }
            }
        }
        print(JSONValue.object(summary).jsonString)
    }

    /// CPU seconds per process tree over the phases of each side, and what each side did meanwhile.
    struct CPUAccount {
        var seconds: [Side: [String: Double]] = [:]
        var operations: [Side: Int] = [:]

        func perOperation(_ side: Side) -> JSONValue? {
            guard let seconds = seconds[side], let operations = operations[side], operations > 0 else { return nil }
            var figures = seconds.mapValues { rounded($0 / Double(operations) * 1000, 3) }
            figures["total"] = rounded(seconds.values.reduce(0, +) / Double(operations) * 1000, 3)
            return .object(figures)
        }
    }

    /// One vault phase: every client gets a new runtime (a guest, whose vault starts empty) and a mounted
    /// VaultStore, then creates records one after the other until the window closes, each time waiting until
    /// the record is in the store's model; after `recordsPerVault` records it moves to a new runtime (that
    /// time counts against it). Afterwards the rows are counted in PostgreSQL: every creation the clients saw
    /// must be a committed, sealed row.
    private static func vaultPhase(_ settings: Settings, database: PostgresPool) async throws -> Tally {
        let client = settings.client
        var first: [VaultSession] = []
        for _ in 0..<settings.clients { first.append(try await VaultSession.open(settings)) }
        let window = window(settings, warmUp: settings.warmUpSeconds)
        let tally = try await withThrowingTaskGroup(of: Tally.self) { group in
            for (index, opened) in first.enumerated() {
                group.addTask {
                    var tally = Tally(runtimes: [opened.runtime.id])
                    var session = opened
                    var serial = 0
                    while ContinuousClock.now < window.end {
                        let started = ContinuousClock.now
                        if session.records == settings.recordsPerVault {
                            try await client.shutDown(session.runtime)
                            session = try await VaultSession.open(settings)
                            tally.runtimes.append(session.runtime.id)
                        }
                        serial += 1
                        try await client.dispatch(session.store, create(index * 1_000_000 + serial), session.runtime)
                        let expected = session.records + 1
                        _ = try await client.follow(
                            session.store, session.runtime, from: &session.version, holding: &session.model
                        ) { model in
                            if let error = model["error"], !error.isNull {
                                throw BenchError("a creation failed: \(error)")
                            }
                            return (model["records"]?.arrayValue?.count ?? 0) >= expected
                        }
                        session.records = expected
                        tally.completed += 1
                        let ended = ContinuousClock.now
                        if window.contains(ended) {
                            tally.counted += 1
                            tally.latencies.append(ended - started)
                        }
                    }
                    try await client.shutDown(session.runtime)
                    return tally
                }
            }
            return try await group.reduce(Tally(), +)
        }
        var rows = 0
        for runtime in tally.runtimes { rows += try await sealedRows(runtimeID: runtime, database) }
        guard rows == tally.completed else {
            throw BenchError("the clients saw \(tally.completed) creations, PostgreSQL holds \(rows) sealed rows")
        }
        return tally
    }

    /// A client's runtime and its mounted VaultStore, followed up to `version`.
    struct VaultSession: Sendable {
        var runtime: BenchRuntime
        var store: String
        var version: Int64
        /// The model of `version`, which the client holds as a page does: each creation's change comes as a
        /// patch from it.
        var model: JSONValue?
        var records = 0

        static func open(_ settings: Settings) async throws -> VaultSession {
            let client = settings.client
            let runtime = try await client.createRuntime(organizationID: settings.organizationID)
            let store = try await client.mountVault(runtime)
            var version: Int64 = -1
            var model: JSONValue?
            _ = try await client.follow(store, runtime, from: &version, holding: &model) { model in
                model["sync"]?["phase"]?["type"] == "IDLE" && model["busy"] == false
            }
            return VaultSession(runtime: runtime, store: store, version: version, model: model)
        }
    }

    /// The rows of the runtime's guest vault whose body does not contain the payload in clear text.
    private static func sealedRows(runtimeID: String, _ database: PostgresPool) async throws -> Int {
        let rows = try await database.query(
            """
            SELECT count(*) AS sealed FROM vault_entries e
            JOIN runtime_sessions s ON e.account_id = s.identity -> 'value' ->> 'accountId'
            WHERE s.runtime_id = \(runtimeID) AND position(convert_to('bench record', 'UTF8') IN e.body) = 0
            """)
        return Int(try rows.first?.decode(Int64.self, "sealed") ?? 0)
    }

    private static func window(_ settings: Settings, warmUp: Double) -> MeasurementWindow {
        MeasurementWindow(
            warmUp: .milliseconds(Int(warmUp * 1000)), length: .milliseconds(Int(settings.seconds * 1000)))
    }

    private static func progress(_ message: String) {
        FileHandle.standardError.write(Data("vault-write: \(message)\n".utf8))
    }
}

func percentile(_ durations: [Duration], _ p: Double) -> JSONValue {
    let sorted = durations.sorted()
    guard !sorted.isEmpty else { return .null }
    let (seconds, attoseconds) = sorted[min(sorted.count - 1, Int(Double(sorted.count) * p))].components
    return rounded(Double(seconds) * 1000 + Double(attoseconds) / 1e15, 1)
}

func rounded(_ value: Double, _ places: Int) -> JSONValue {
    let scale = pow(10, Double(places))
    return .double((value * scale).rounded() / scale)
}
