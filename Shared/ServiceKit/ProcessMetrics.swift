import Foundation
import Metrics

#if canImport(Glibc)
    import Glibc
#endif

/// The process's CPU time, memory and start, under the names Prometheus's own clients use, so the same queries
/// and dashboards work: `process_cpu_seconds_total`, `process_resident_memory_bytes`, `process_start_time_seconds`.
enum ProcessMetrics {
    static func register(in registry: MetricsRegistry) {
        registry.counter(
            "process_cpu_seconds_total", help: "User and system CPU time this process used, in seconds.",
            reading: cpuSeconds)
        registry.gauge(
            "process_resident_memory_bytes", help: "Resident memory of this process, in bytes.",
            reading: residentBytes)
        let start = Date().timeIntervalSince1970
        registry.gauge(
            "process_start_time_seconds", help: "When this service process started, in seconds since the Unix epoch.",
            reading: { start })
    }

    static func cpuSeconds() -> Double {
        var usage = rusage()
        #if os(Linux)
            let who = __rusage_who_t(RUSAGE_SELF.rawValue)
        #else
            let who = RUSAGE_SELF
        #endif
        guard getrusage(who, &usage) == 0 else { return 0 }
        func seconds(_ time: timeval) -> Double { Double(time.tv_sec) + Double(time.tv_usec) / 1e6 }
        return seconds(usage.ru_utime) + seconds(usage.ru_stime)
    }

    /// The second field of `/proc/self/statm` (resident pages) times the page size; 0 where it cannot be read.
    static func residentBytes() -> Double {
        guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
        let fields = text.split(separator: " ")
        guard fields.count > 1, let pages = Double(fields[1]) else { return 0 }
        return pages * Double(sysconf(Int32(_SC_PAGESIZE)))
    }
}
