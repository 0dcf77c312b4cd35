import Bus
import FolioModel
import Foundation

/// `bench/run scale`: the same inquiry load against one InquiryService worker and then two, in one run. Each of
/// `clients` concurrent clients walks whole inquiries of `tmpl_simple` one after another (a runtime, a mounted
/// InquiryStore, Open with a new launch code, the name, Submit, Complete until the terminal screen, close) for
/// `seconds`; a journey that fails counts as an error, not as throughput. The ratio is journeys per second with
/// two workers over journeys per second with one; each phase also reports the CPU seconds every process used,
/// which says whether the worker was the bottleneck (on two cores it cannot reach 2).
///
/// `bench/run` calls it twice: phase `one` writes its figures to a file, then a second worker starts and
/// phase `two` reads them back and prints the last line with the ratio.
enum ScaleBenchmark {
    struct Settings: Sendable {
        var client: InquiryBenchClient
        var phase: String
        var workers: Int
        var seconds: Double
        var clients: Int
        var template: String
        var fieldKey: String
        var cpu: ProcessCPU?
        /// Phase one's figures: written by phase one, read by phase two.
        var figuresPath: String
    }

    /// What one phase measured.
    struct Figures: Codable, Sendable {
        var workers: Int
        var journeys: Int
        var errors: Int
        var seconds: Double
        var journeysPerSecond: Double
        var p50Milliseconds: Double
        var p95Milliseconds: Double
        var cpuSeconds: [String: Double]
        var firstError: String?
    }

    static func run(_ settings: Settings) async throws {
        try await settings.client.waitHealthy("auth")
        try await settings.client.waitHealthy("inquiry")
        try await waitForWorkers(settings)
        progress("phase \(settings.phase): warming up")
        _ = try await journey(settings)
        progress(
            "phase \(settings.phase): \(settings.clients) clients walk inquiries for \(settings.seconds) s against "
                + "\(settings.workers) worker(s)")
        let figures = try await measure(settings)
        print(
            JSONValue.object([
                "phase": .string(settings.phase), "workers": .int(Int64(figures.workers)),
                "journeys": .int(Int64(figures.journeys)), "errors": .int(Int64(figures.errors)),
                "journeys_per_second": rounded(figures.journeysPerSecond, 2),
                "p50_ms": rounded(figures.p50Milliseconds, 1), "p95_ms": rounded(figures.p95Milliseconds, 1),
                "cpu_seconds": .object(figures.cpuSeconds.mapValues { rounded($0, 2) }),
            ]).jsonString)
        if let error = figures.firstError { progress("phase \(settings.phase): first error: \(error)") }
        let url = URL(fileURLWithPath: settings.figuresPath)
        guard settings.phase == "two" else {
            try JSONEncoder().encode(figures).write(to: url)
            return
        }
        let one = try JSONDecoder().decode(Figures.self, from: Data(contentsOf: url))
        guard one.journeysPerSecond > 0 else { throw BenchError("phase one completed no journey") }
        print(
            JSONValue.object([
                "bench": "scale", "ratio": rounded(figures.journeysPerSecond / one.journeysPerSecond, 3),
                "one_worker_journeys_per_second": rounded(one.journeysPerSecond, 2),
                "two_workers_journeys_per_second": rounded(figures.journeysPerSecond, 2),
                "errors": .int(Int64(one.errors + figures.errors)),
                "cpu_share_one_worker": cpuShares(one), "cpu_share_two_workers": cpuShares(figures),
                "journey": .string("tmpl_simple: runtime, mount, open, name, submit, complete, close"),
                "clients": .int(Int64(settings.clients)), "seconds_per_phase": .double(settings.seconds),
            ]).jsonString)
    }

    /// Waits until `inquiry.health` has been answered by as many different workers as the phase runs, so the
    /// queue group spreads the mounts over all of them from the first journey.
    private static func waitForWorkers(_ settings: Settings) async throws {
        var seen: Set<String> = []
        let deadline = ContinuousClock.now + .seconds(60)
        while seen.count < settings.workers {
            guard ContinuousClock.now < deadline else {
                throw BenchError("only \(seen.count) of \(settings.workers) inquiry workers answered within 60 s")
            }
            let health = try? await settings.client.bus.call(
                BusSubjects.rpc("inquiry"), "inquiry.health", [:], timeout: .seconds(2))
            if let worker = health?["worker"]?.stringValue { seen.insert(worker) }
            if seen.count < settings.workers { try await Task.sleep(for: .milliseconds(50)) }
        }
    }

    /// Each process's CPU seconds over the phase's wall time: 1.0 is one core busy all along.
    private static func cpuShares(_ figures: Figures) -> JSONValue {
        .object(figures.cpuSeconds.mapValues { rounded($0 / max(figures.seconds, 0.001), 2) })
    }

    private static func measure(_ settings: Settings) async throws -> Figures {
        let before = settings.cpu?.sample() ?? [:]
        let started = ContinuousClock.now
        let deadline = started + .seconds(settings.seconds)
        let results = await withTaskGroup(of: ([Double], Int, String?).self) { group in
            for _ in 0..<settings.clients {
                group.addTask {
                    var durations: [Double] = []
                    var errors = 0
                    var firstError: String?
                    while ContinuousClock.now < deadline {
                        let begun = ContinuousClock.now
                        do {
                            _ = try await journey(settings)
                            durations.append(milliseconds(ContinuousClock.now - begun))
                        } catch {
                            errors += 1
                            firstError = firstError ?? String(describing: error)
                        }
                    }
                    return (durations, errors, firstError)
                }
            }
            var all: ([Double], Int, String?) = ([], 0, nil)
            for await (durations, errors, firstError) in group {
                all.0 += durations
                all.1 += errors
                all.2 = all.2 ?? firstError
            }
            return all
        }
        let elapsed = seconds(ContinuousClock.now - started)
        let after = settings.cpu?.sample() ?? [:]
        let sorted = results.0.sorted()
        return Figures(
            workers: settings.workers, journeys: sorted.count, errors: results.1, seconds: elapsed,
            journeysPerSecond: Double(sorted.count) / elapsed, p50Milliseconds: percentile(sorted, 0.5),
            p95Milliseconds: percentile(sorted, 0.95),
            cpuSeconds: ProcessCPU.spent(from: before, to: after), firstError: results.2
        )
    }

    /// One whole inquiry: its end is the terminal screen, checked, then the store is closed.
    static func journey(_ settings: Settings) async throws {
        let client = settings.client
        let runtime = try await client.createRuntime()
        var store = try MountedBenchInquiry(id: try await client.mount(runtimeID: runtime), runtimeID: runtime)
        store = try await client.open(store, template: settings.template)
        let edit: JSONValue = [
            "type": "ACT",
            "value": [
                "type": "EDIT",
                "value": ["key": .string(settings.fieldKey), "value": ["type": "TEXT", "value": ["text": "Ada"]]],
            ],
        ]
        _ = try await client.dispatch(store.subject, InquiryBenchClient.dispatchParams(store, edit))
        store = try await act("SUBMIT", store, client) { stepID($0) == "review" }
        _ = try await act("COMPLETE", store, client) {
            $0["inquiry"]?["stage"]?["content"]?["type"] == "TERMINAL"
        }
        _ = try await client.bus.call(
            store.subject, "store.close", ["storeId": .string(store.id), "runtimeId": .string(store.runtimeID)])
    }

    /// Sends `ACT <intent>` and follows the store until `until` holds with no request running.
    private static func act(
        _ intent: String, _ store: MountedBenchInquiry, _ client: InquiryBenchClient,
        until: (JSONValue) -> Bool
    ) async throws -> MountedBenchInquiry {
        let action: JSONValue = ["type": "ACT", "value": ["type": .string(intent)]]
        _ = try await client.dispatch(store.subject, InquiryBenchClient.dispatchParams(store, action))
        var followed = store
        let deadline = ContinuousClock.now + .seconds(30)
        while ContinuousClock.now < deadline {
            let next = try await client.next(
                store.subject, InquiryBenchClient.nextParams(followed, after: followed.version))
            let model = try followed.take(next)
            if let error = model["error"] { throw BenchError("\(intent) failed: \(error)") }
            if model["loading"] == false, until(model) { return followed }
        }
        throw BenchError("\(intent) did not finish within 30 s")
    }

    private static func stepID(_ model: JSONValue) -> String? {
        model["inquiry"]?["stage"]?["content"]?["value"]?["stepId"]?.stringValue
    }

    private static func progress(_ message: String) {
        FileHandle.standardError.write(Data("scale: \(message)\n".utf8))
    }

    private static func percentile(_ sorted: [Double], _ fraction: Double) -> Double {
        guard !sorted.isEmpty else { return 0 }
        return sorted[min(sorted.count - 1, Int(Double(sorted.count) * fraction))]
    }

    private static func milliseconds(_ duration: Duration) -> Double { seconds(duration) * 1000 }

    private static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }
}
