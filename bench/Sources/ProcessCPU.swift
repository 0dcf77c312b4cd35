import Foundation

/// CPU time (user + system) of named process trees, read from /proc: a figure the neighbours' load does not
/// change much, unlike rates, so the sign-in benchmark reports where each sign-in's CPU goes beside its ratio.
struct ProcessCPU: Sendable {
    /// Process trees to follow by name: `bench/run` passes `FOLIO_BENCH_CPU_PIDS="auth:123 postgres:456"`.
    let roots: [(name: String, pid: Int32)]

    init?(_ specification: String?) {
        let parsed = (specification ?? "").split(separator: " ").compactMap { item -> (String, Int32)? in
            let parts = item.split(separator: ":")
            guard parts.count == 2, let pid = Int32(parts[1]) else { return nil }
            return (String(parts[0]), pid)
        }
        guard !parsed.isEmpty else { return nil }
        roots = parsed
    }

    /// Seconds of CPU so far per name: the root process and every descendant alive now.
    func sample() -> [String: Double] {
        let table = Self.processes()
        var children: [Int32: [Int32]] = [:]
        for (pid, entry) in table { children[entry.parent, default: []].append(pid) }
        var seconds: [String: Double] = ["client": Self.ownSeconds()]
        for (name, root) in roots {
            var total = 0.0
            var pending = [root]
            while let pid = pending.popLast() {
                total += table[pid]?.seconds ?? 0
                pending += children[pid] ?? []
            }
            seconds[name, default: 0] += total
        }
        return seconds
    }

    /// Seconds of CPU per name between two samples.
    static func spent(from before: [String: Double], to after: [String: Double]) -> [String: Double] {
        after.reduce(into: [:]) { $0[$1.key] = $1.value - (before[$1.key] ?? 0) }
    }

    /// This process's CPU seconds.
    static func ownSeconds() -> Double {
        var usage = rusage()
        #if canImport(Glibc)
            let who = RUSAGE_SELF.rawValue
        #else
            let who = RUSAGE_SELF
        #endif
        guard getrusage(who, &usage) == 0 else { return 0 }
        func seconds(_ time: timeval) -> Double { Double(time.tv_sec) + Double(time.tv_usec) / 1e6 }
        return seconds(usage.ru_utime) + seconds(usage.ru_stime)
    }

    /// Parent and CPU seconds of every process, from `/proc/<pid>/stat`.
    private static func processes() -> [Int32: (parent: Int32, seconds: Double)] {
        let ticks = Double(sysconf(Int32(_SC_CLK_TCK)))
        guard ticks > 0, let names = try? FileManager.default.contentsOfDirectory(atPath: "/proc") else { return [:] }
        var table: [Int32: (parent: Int32, seconds: Double)] = [:]
        for name in names {
            guard let pid = Int32(name), let data = FileManager.default.contents(atPath: "/proc/\(name)/stat"),
                let text = String(data: data, encoding: .utf8), let close = text.lastIndex(of: ")")
            else { continue }
            // After the command in parentheses: state, ppid, ..., utime (14th field), stime (15th).
            let fields = text[text.index(after: close)...].split(separator: " ")
            guard fields.count > 12, let parent = Int32(fields[1]), let user = Double(fields[11]),
                let system = Double(fields[12])
            else { continue }
            table[pid] = (parent, (user + system) / ticks)
        }
        return table
    }
}
