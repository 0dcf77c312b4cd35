import Bus
import FolioModel
import Foundation

/// `bench/run inquiry`: the round trip of an InquiryStore edit (`store.dispatch` with an EDIT of a text field,
/// then `store.next` after the store's version, which answers with the new model) against the same two
/// request/reply exchanges with a canned libnats responder, measured in the same run, with 1, 100 and 1,000
/// opened stores on one worker. One client, one exchange at a time, stores picked round-robin. The ratio is
/// bus time / inquiry time: higher is better, the target is 1/1.5. Each round also times the snapshot's write
/// alone (`SnapshotWriteFloor`), and the canned exchange with that write made before the dispatch is answered
/// (`Side.stored`): the most a store that stores before it answers could reach, added up and measured.
enum InquiryBenchmark {
    struct Settings: Sendable {
        var client: InquiryBenchClient
        var natsURL: String
        var storeCounts: [Int]
        var seconds: Double
        var rounds: Int
        var template: String
        /// The text field an edit changes (a field key of the template's first step).
        var fieldKey: String
        /// How many stores are opened at once while the count grows.
        var openConcurrency: Int
        /// The stack's processes, to report the CPU of an exchange on each side; nil leaves the figure out.
        var cpu: ProcessCPU?
        /// The worker's database, for the floor (`SnapshotWriteFloor`); nil leaves the floor out.
        var databaseURL: String?
    }

    static let target = 1 / 1.5

    static func run(_ settings: Settings) async throws {
        let client = settings.client
        try await client.waitHealthy("auth")
        try await client.waitHealthy("inquiry")
        let subjects = CannedSubjects()
        var responder: CannedResponder?
        var floor: SnapshotWriteFloor?
        var stores: [MountedBenchInquiry] = []
        var serial = 0
        var summary: JSONObject = [
            "bench": "inquiry", "target": rounded(target, 3), "template": .string(settings.template),
            "path": "NATS -> InquiryService worker (one) -> NATS, no Gateway",
            "baseline": .string(
                "the same store.dispatch and store.next requests (same client, same bytes) answered by a libnats "
                    + "callback with canned copies of the store's replies"),
            "seconds_per_phase": .double(settings.seconds), "rounds": .int(Int64(settings.rounds)),
        ]
        var ratios: [Int: Double] = [:]
        for count in settings.storeCounts {
            progress("opening stores up to \(count)")
            stores += try await openStores(count - stores.count, settings)
            if responder == nil {
                floor = try settings.databaseURL.map { try SnapshotWriteFloor(databaseURL: $0, copying: stores[0].id) }
                responder = try await cannedResponder(
                    settings, store: &stores[0], serial: &serial, subjects: subjects, floor: floor)
            }
            // Warm-up: both paths, not counted.
            var cursor = 0
            _ = try await phase(
                settings, .inquiry, stores: &stores, cursor: &cursor, serial: &serial, subjects: subjects, seconds: 0.5)
            let baselines: [Side] = floor == nil ? [.bus] : [.bus, .stored]
            for side in baselines {
                _ = try await phase(
                    settings, side, stores: &stores, cursor: &cursor, serial: &serial, subjects: subjects, seconds: 0.5)
            }
            var tallies: [Side: Tally] = [:]
            var writes = (count: 0, total: Duration.zero)
            for round in 1...settings.rounds {
                for side in BenchPhase.order(inRound: round).flatMap({ $0 == .baseline ? baselines : [.inquiry] }) {
                    progress("\(count) stores, round \(round): \(side) for \(settings.seconds) s")
                    let before = settings.cpu?.sample()
                    var tally = try await phase(
                        settings, side, stores: &stores, cursor: &cursor, serial: &serial, subjects: subjects,
                        seconds: settings.seconds)
                    if let before, let after = settings.cpu?.sample() {
                        tally.cpuSeconds = ProcessCPU.spent(from: before, to: after)
                    }
                    tallies[side] = tallies[side, default: Tally()] + tally
                }
                if let floor {
                    progress("\(count) stores, round \(round): the snapshot's write alone for \(settings.seconds) s")
                    let run = try await floor.run(seconds: settings.seconds)
                    writes = (writes.count + run.count, writes.total + run.total)
                }
            }
            let bus = tallies[.bus, default: Tally()]
            let inquiry = tallies[.inquiry, default: Tally()]
            guard bus.count > 0, inquiry.count > 0 else { throw BenchError("no exchange finished at \(count) stores") }
            let ratio = bus.meanMicroseconds / inquiry.meanMicroseconds
            ratios[count] = ratio
            let cpu = (bus: bus.cpuMicrosecondsPerExchange, inquiry: inquiry.cpuMicrosecondsPerExchange)
            var line: JSONObject = [
                "bench": "inquiry-stores", "stores": .int(Int64(count)), "ratio": rounded(ratio, 3),
                "bus_us": rounded(bus.meanMicroseconds, 1), "inquiry_us": rounded(inquiry.meanMicroseconds, 1),
                "bus_p50_us": bus.percentileMicroseconds(0.5), "inquiry_p50_us": inquiry.percentileMicroseconds(0.5),
                "bus_p95_us": bus.percentileMicroseconds(0.95),
                "inquiry_p95_us": inquiry.percentileMicroseconds(0.95),
                "bus_dispatch_us": rounded(bus.meanDispatchMicroseconds, 1),
                "inquiry_dispatch_us": rounded(inquiry.meanDispatchMicroseconds, 1),
                "bus_exchanges": .int(Int64(bus.count)), "inquiry_exchanges": .int(Int64(inquiry.count)),
                "bus_cpu_us_per_exchange": cpu.bus, "inquiry_cpu_us_per_exchange": cpu.inquiry,
            ]
            if writes.count > 0, let stored = tallies[.stored], stored.count > 0 {
                // No exchange can beat the bus's two legs plus the write its dispatch waits for: added up from the
                // write timed alone, and measured as the canned exchange that makes the write before it answers.
                let writeMicroseconds = microseconds(writes.total) / Double(writes.count)
                let floorRatio = bus.meanMicroseconds / (bus.meanMicroseconds + writeMicroseconds)
                let storedRatio = bus.meanMicroseconds / stored.meanMicroseconds
                for (key, value) in [
                    ("write_us", rounded(writeMicroseconds, 1)), ("floor_ratio", rounded(floorRatio, 3)),
                    ("of_floor", rounded(ratio / floorRatio, 3)), ("stored_us", rounded(stored.meanMicroseconds, 1)),
                    ("stored_ratio", rounded(storedRatio, 3)), ("of_stored", rounded(ratio / storedRatio, 3)),
                    ("stored_cpu_us_per_exchange", stored.cpuMicrosecondsPerExchange),
                ] {
                    line[key] = value
                    summary["\(key)_\(count)"] = value
                }
            }
            print(JSONValue.object(line).jsonString)
            summary["ratio_\(count)"] = rounded(ratio, 3)
            summary["bus_us_\(count)"] = rounded(bus.meanMicroseconds, 1)
            summary["inquiry_us_\(count)"] = rounded(inquiry.meanMicroseconds, 1)
            if settings.cpu != nil {
                summary["bus_cpu_us_per_exchange_\(count)"] = cpu.bus
                summary["inquiry_cpu_us_per_exchange_\(count)"] = cpu.inquiry
            }
        }
        summary["ratio"] = rounded(ratios.values.min() ?? 0, 3)
        if let first = settings.storeCounts.first, let last = settings.storeCounts.last, let low = ratios[first],
            let high = ratios[last], low > 0
        {
            summary["flatness"] = rounded(high / low, 3)
            summary["flatness_detail"] = .string("ratio at \(last) stores / ratio at \(first)")
        }
        if !stores.isEmpty {
            progress("bytes per store.next reply, whole and delta")
            let bytes = try await replyBytes(settings, store: &stores[0], serial: &serial)
            summary["next_bytes_whole"] = rounded(bytes.whole, 1)
            summary["next_bytes_delta"] = rounded(bytes.delta, 1)
            summary["next_bytes_delta_over_whole"] = rounded(bytes.delta / bytes.whole, 4)
        }
        print(JSONValue.object(summary).jsonString)
        _ = responder
        _ = floor
    }

    /// Who answers a phase's exchanges: the canned responder (`bus`), the same with the snapshot's write made
    /// before the dispatch is answered (`stored`), or the store (`inquiry`).
    enum Side: String, CustomStringConvertible {
        case bus
        case stored
        case inquiry
        var description: String { rawValue }
    }

    /// The canned responder's subjects: the dispatch, the dispatch answered once the snapshot is written, and next.
    struct CannedSubjects: Sendable {
        let dispatch = "bench.inquiry.\(RandomID.base32(count: 8)).dispatch"
        let storedDispatch = "bench.inquiry.\(RandomID.base32(count: 8)).stored-dispatch"
        let next = "bench.inquiry.\(RandomID.base32(count: 8)).next"

        func dispatch(_ side: Side, store: MountedBenchInquiry) -> String {
            switch side {
            case .bus: dispatch
            case .stored: storedDispatch
            case .inquiry: store.subject
            }
        }

        func next(_ side: Side, store: MountedBenchInquiry) -> String { side == .inquiry ? store.subject : next }
    }

    /// The round trips of one phase.
    struct Tally {
        var durations: [Duration] = []
        var total = Duration.zero
        /// The part of `total` until the reply of `store.dispatch` arrived.
        var dispatchTotal = Duration.zero
        /// The CPU each of the stack's processes spent during the phases, when it is followed.
        var cpuSeconds: [String: Double] = [:]
        var count: Int { durations.count }

        /// The CPU of one exchange, in µs, per process and in all: null when the CPU is not followed.
        var cpuMicrosecondsPerExchange: JSONValue {
            guard count > 0, !cpuSeconds.isEmpty else { return .null }
            var perProcess = cpuSeconds.mapValues { rounded($0 * 1e6 / Double(count), 1) }
            perProcess["total"] = rounded(cpuSeconds.values.reduce(0, +) * 1e6 / Double(count), 1)
            return .object(JSONObject(perProcess))
        }

        var meanMicroseconds: Double { count == 0 ? 0 : microseconds(total) / Double(count) }
        var meanDispatchMicroseconds: Double { count == 0 ? 0 : microseconds(dispatchTotal) / Double(count) }

        func percentileMicroseconds(_ p: Double) -> JSONValue {
            let sorted = durations.sorted()
            guard !sorted.isEmpty else { return .null }
            return rounded(microseconds(sorted[min(sorted.count - 1, Int(Double(sorted.count) * p))]), 1)
        }

        static func + (left: Tally, right: Tally) -> Tally {
            Tally(
                durations: left.durations + right.durations, total: left.total + right.total,
                dispatchTotal: left.dispatchTotal + right.dispatchTotal,
                cpuSeconds: left.cpuSeconds.merging(right.cpuSeconds, uniquingKeysWith: +))
        }
    }

    /// Mounts `count` stores, each on a runtime of its own, and opens each with a new launch code.
    private static func openStores(_ count: Int, _ settings: Settings) async throws -> [MountedBenchInquiry] {
        guard count > 0 else { return [] }
        let client = settings.client
        return try await inParallel(count: count, concurrency: settings.openConcurrency) { _ in
            let runtime = try await client.createRuntime()
            let store = try MountedBenchInquiry(id: try await client.mount(runtimeID: runtime), runtimeID: runtime)
            return try await client.open(store, template: settings.template)
        }
    }

    /// The EDIT of the benchmark's text field; every serial gives another text of the same length.
    private static func edit(_ settings: Settings, serial: Int) -> (action: JSONValue, text: String) {
        let digits = String(serial)
        let text = "edit " + String(repeating: "0", count: max(0, 9 - digits.count)) + digits
        let action: JSONValue = [
            "type": "ACT",
            "value": [
                "type": "EDIT",
                "value": [
                    "key": .string(settings.fieldKey), "value": ["type": "TEXT", "value": ["text": .string(text)]],
                ],
            ],
        ]
        return (action, text)
    }

    /// One exchange with a real store, kept as the baseline's canned replies; starts the responder, whose stored
    /// dispatch makes `floor`'s write before it answers.
    private static func cannedResponder(
        _ settings: Settings, store: inout MountedBenchInquiry, serial: inout Int, subjects: CannedSubjects,
        floor: SnapshotWriteFloor?
    ) async throws -> CannedResponder {
        let client = settings.client
        serial += 1
        let (action, text) = edit(settings, serial: serial)
        let dispatched = try await client.dispatch(
            store.subject, InquiryBenchClient.dispatchParams(store, action))
        let next = try await client.next(store.subject, InquiryBenchClient.nextParams(store, after: store.version))
        let model = try store.take(next)
        guard fieldValue(model, key: settings.fieldKey) == .string(text) else {
            throw BenchError("the model does not show the edit \(text): \(model)")
        }
        func reply(_ result: JSONValue) -> [UInt8] {
            JSONValue.object(["id": 1, "jsonrpc": "2.0", "result": result]).serialized()
        }
        let responder = try CannedResponder(url: settings.natsURL)
        try responder.answer(subjects.dispatch, with: reply(dispatched))
        try responder.answer(subjects.next, with: reply(next))
        if let floor { try responder.answer(subjects.storedDispatch, with: reply(dispatched)) { try floor.write() } }
        return responder
    }

    /// Exchanges one after the other for `seconds`, round-robin over the stores; each is timed from the
    /// dispatch until the reply of `store.next` arrived.
    private static func phase(
        _ settings: Settings, _ side: Side, stores: inout [MountedBenchInquiry], cursor: inout Int, serial: inout Int,
        subjects: CannedSubjects, seconds: Double
    ) async throws -> Tally {
        let client = settings.client
        var tally = Tally()
        tally.durations.reserveCapacity(Int(seconds * 20_000))
        let end = ContinuousClock.now + .milliseconds(Int(seconds * 1000))
        var last: (model: JSONValue, text: String)?
        while ContinuousClock.now < end {
            cursor = (cursor + 1) % stores.count
            let store = stores[cursor]
            serial += 1
            let (action, text) = edit(settings, serial: serial)
            let dispatchParams = InquiryBenchClient.dispatchParams(store, action)
            let nextParams = InquiryBenchClient.nextParams(store, after: store.version)
            let started = ContinuousClock.now
            _ = try await client.dispatch(subjects.dispatch(side, store: store), dispatchParams)
            tally.dispatchTotal += ContinuousClock.now - started
            let next = try await client.next(subjects.next(side, store: store), nextParams)
            let took = ContinuousClock.now - started
            tally.durations.append(took)
            tally.total += took
            guard side == .inquiry else { continue }
            guard let version = next["version"]?.intValue, version > store.version else {
                throw BenchError("store.next after \(store.version) answered \(next)")
            }
            last = (try stores[cursor].take(next), text)
        }
        // The last model of the phase must show its edit (checked once, outside the timing).
        if let last, fieldValue(last.model, key: settings.fieldKey) != .string(last.text) {
            throw BenchError("the last model does not show the edit \(last.text)")
        }
        return tally
    }

    /// The mean size of a `store.next` reply after one edit: the whole model (`delta: false`), then (the default)
    /// the patch from the version held, each applied to the model held and checked to show its edit.
    private static func replyBytes(
        _ settings: Settings, store: inout MountedBenchInquiry, serial: inout Int, edits: Int = 50
    ) async throws -> (whole: Double, delta: Double) {
        let client = settings.client
        var held = try await client.state(store.subject, InquiryBenchClient.nextParams(store, after: 0))
        store.version = held.version
        store.model = held.model
        var totals = (whole: 0, delta: 0)
        for delta in [false, true] {
            for _ in 0..<edits {
                serial += 1
                let (action, text) = edit(settings, serial: serial)
                _ = try await client.dispatch(store.subject, InquiryBenchClient.dispatchParams(store, action))
                var params = InquiryBenchClient.nextParams(store, after: store.version).objectValue ?? [:]
                params["delta"] = .bool(delta)
                let next = try await client.next(store.subject, .object(params))
                guard let version = next["version"]?.intValue else { throw BenchError("store.next answered \(next)") }
                if let patch = next["patch"] {
                    held.model = try JSONPatch(json: patch).apply(to: held.model)
                } else if let model = next["model"] {
                    held.model = model
                }
                held.version = version
                store.version = version
                store.model = held.model
                let size = next.serialized().count
                if delta { totals.delta += size } else { totals.whole += size }
                if fieldValue(held.model, key: settings.fieldKey) != .string(text) {
                    throw BenchError("the model held does not show the edit \(text)")
                }
            }
        }
        return (Double(totals.whole) / Double(edits), Double(totals.delta) / Double(edits))
    }

    /// The wire value of the field with `key` on the model's screen.
    static func fieldValue(_ model: JSONValue, key: String) -> JSONValue? {
        for container in model["inquiry"]?["stage"]?["content"]?["value"]?["containers"]?.arrayValue ?? [] {
            for element in container["elements"]?.arrayValue ?? [] where element["type"] == "FIELD" {
                if let field = element["value"]?["value"], field["key"]?.stringValue == key { return field["value"] }
            }
        }
        return nil
    }

    private static func progress(_ message: String) {
        FileHandle.standardError.write(Data("inquiry: \(message)\n".utf8))
    }
}

func microseconds(_ duration: Duration) -> Double {
    let (seconds, attoseconds) = duration.components
    return Double(seconds) * 1e6 + Double(attoseconds) / 1e12
}
