import FolioModel
import Foundation
import Synchronization

/// `bench/run inquiry-memory`: the resident memory one InquiryService worker needs per idle mounted store.
/// Samples the worker's VmRSS once it is warm, mounts `stores` stores (never opened) spread over `runtimes`
/// runtimes, samples again; `kib_per_store` is the difference divided by the stores, and the ratio is
/// 8 KiB / `kib_per_store` (1 or more meets the target).
enum InquiryMemoryBenchmark {
    struct Settings: Sendable {
        var client: InquiryBenchClient
        var workerPID: Int32
        var stores: Int
        var runtimes: Int
        /// Mounts in flight at once.
        var concurrency: Int
        /// How long to wait after the last mount before sampling.
        var settleSeconds: Double
    }

    static let targetKiB = 8.0

    static func run(_ settings: Settings) async throws {
        let client = settings.client
        try await client.waitHealthy("auth")
        try await client.waitHealthy("inquiry")
        progress("creating \(settings.runtimes) runtimes")
        let runtimes = try await createRuntimes(settings)
        // Warm-up: the worker's bus, router and database pool, without mounting anything.
        for _ in 0..<200 { try await client.waitHealthy("inquiry", seconds: 5) }
        try await Task.sleep(for: .seconds(settings.settleSeconds))
        let before = try residentKiB(settings.workerPID)
        progress("worker RSS \(before) KiB; mounting \(settings.stores) stores")
        let started = ContinuousClock.now
        let mounted = try await mount(settings, runtimes: runtimes)
        let mountSeconds = microseconds(ContinuousClock.now - started) / 1e6
        try await Task.sleep(for: .seconds(settings.settleSeconds))
        let after = try residentKiB(settings.workerPID)
        try await checkIdle(mounted, client: client)
        let perStore = Double(after - before) / Double(settings.stores)
        let summary: JSONValue = [
            "bench": "inquiry-memory", "ratio": rounded(perStore > 0 ? targetKiB / perStore : 0, 3),
            "kib_per_store": rounded(perStore, 3), "target_kib_per_store": .double(targetKiB), "target": 1,
            "rss_before_kib": .int(Int64(before)), "rss_after_kib": .int(Int64(after)),
            "stores": .int(Int64(settings.stores)), "runtimes": .int(Int64(settings.runtimes)),
            "mount_seconds": rounded(mountSeconds, 1),
            "mounts_per_second": rounded(Double(settings.stores) / mountSeconds, 1),
            "worker": "one folio-inquiry process; stores mounted over NATS and never opened (lifecycle IDLE)",
        ]
        print(summary.jsonString)
    }

    private static func createRuntimes(_ settings: Settings) async throws -> [String] {
        let client = settings.client
        return try await inParallel(count: settings.runtimes, concurrency: min(settings.concurrency, 16)) { _ in
            try await client.createRuntime()
        }
    }

    /// Mounts the stores, `concurrency` at a time, store i on runtime i mod runtimes; progress every 10,000.
    private static func mount(_ settings: Settings, runtimes: [String]) async throws -> [MountedBenchInquiry] {
        let client = settings.client
        let done = BenchCounter()
        let all = try await inParallel(count: settings.stores, concurrency: settings.concurrency) { index in
            let runtime = runtimes[index % runtimes.count]
            let store = try MountedBenchInquiry(id: try await client.mount(runtimeID: runtime), runtimeID: runtime)
            let finished = done.next() + 1
            if finished % 10_000 == 0 { progress("\(finished) stores mounted") }
            return store
        }
        return all
    }

    /// Spot checks that mounted stores answer and are idle: the first, the last and some in between.
    private static func checkIdle(_ stores: [MountedBenchInquiry], client: InquiryBenchClient) async throws {
        guard !stores.isEmpty else { return }
        let step = max(1, stores.count / 10)
        for index in Set(Array(stride(from: 0, to: stores.count, by: step)) + [stores.count - 1]) {
            let store = stores[index]
            let state = try await client.bus.call(
                store.subject, "store.state", ["storeId": .string(store.id), "runtimeId": .string(store.runtimeID)])
            guard state["model"]?["lifecycle"]?["type"] == "IDLE" else {
                throw BenchError("store \(store.id) is not idle: \(state)")
            }
        }
    }

    /// VmRSS of the process, in KiB.
    static func residentKiB(_ pid: Int32) throws -> Int {
        guard let memory = ProcessMemory(pid: pid) else { throw BenchError("no VmRSS in /proc/\(pid)/status") }
        return memory.residentKiB
    }

    private static func progress(_ message: String) {
        FileHandle.standardError.write(Data("inquiry-memory: \(message)\n".utf8))
    }
}

/// A counter that concurrent tasks share.
final class BenchCounter: Sendable {
    private let value = Mutex(0)

    /// The current value, then counts one up.
    func next() -> Int {
        value.withLock { value in
            defer { value += 1 }
            return value
        }
    }
}

/// `work(0..<count)` with at most `concurrency` running at once; the results in index order.
func inParallel<T: Sendable>(
    count: Int, concurrency: Int, _ work: @escaping @Sendable (Int) async throws -> T
) async throws -> [T] {
    let next = BenchCounter()
    let pairs = try await withThrowingTaskGroup(of: [(Int, T)].self) { group in
        for _ in 0..<max(1, min(concurrency, count)) {
            group.addTask {
                var results: [(Int, T)] = []
                while true {
                    let index = next.next()
                    guard index < count else { return results }
                    results.append((index, try await work(index)))
                }
            }
        }
        return try await group.reduce(into: [(Int, T)]()) { $0 += $1 }
    }
    return pairs.sorted { $0.0 < $1.0 }.map(\.1)
}
