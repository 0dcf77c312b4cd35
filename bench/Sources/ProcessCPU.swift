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
            seconds[name, default: 0] += Self.tree(of: root, children).reduce(0) { $0 + (table[$1]?.seconds ?? 0) }
        }
        return seconds
    }

    /// CPU so far of the threads named `threadName` in the process trees named `name`, alive now
    /// (`/proc/<pid>/task/<tid>`): a pool's threads, which live as long as their process.
    func threadTimes(in name: String, named threadName: String) -> CPUTimes {
        var children: [Int32: [Int32]] = [:]
        for (pid, entry) in Self.processes() { children[entry.parent, default: []].append(pid) }
        let pids = roots.filter { $0.name == name }.flatMap { Self.tree(of: $0.pid, children) }
        return pids.reduce(CPUTimes()) { total, pid in
            let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task")) ?? []
            return tasks.reduce(total) { total, task in
                let directory = "/proc/\(pid)/task/\(task)"
                let comm = FileManager.default.contents(atPath: "\(directory)/comm").map {
                    String(decoding: $0, as: UTF8.self).trimmingCharacters(in: .newlines)
                }
                guard comm == threadName, let entry = Self.stat(atPath: "\(directory)/stat") else { return total }
                return total + entry.times
            }
        }
    }

    /// `root` and its descendants.
    private static func tree(of root: Int32, _ children: [Int32: [Int32]]) -> [Int32] {
        var found: [Int32] = []
        var pending = [root]
        while let pid = pending.popLast() {
            found.append(pid)
            pending += children[pid] ?? []
        }
        return found
    }

    /// Seconds of CPU per name between two samples.
    static func spent(from before: [String: Double], to after: [String: Double]) -> [String: Double] {
        after.reduce(into: [:]) { $0[$1.key] = $1.value - (before[$1.key] ?? 0) }
    }

    /// This process's CPU seconds.
    static func ownSeconds() -> Double { ownTimes().total }

    /// This process's CPU so far, in user space and in the kernel.
    static func ownTimes() -> CPUTimes {
        var usage = rusage()
        #if canImport(Glibc)
            let who = RUSAGE_SELF.rawValue
        #else
            let who = RUSAGE_SELF
        #endif
        guard getrusage(who, &usage) == 0 else { return CPUTimes() }
        func seconds(_ time: timeval) -> Double { Double(time.tv_sec) + Double(time.tv_usec) / 1e6 }
        return CPUTimes(user: seconds(usage.ru_utime), system: seconds(usage.ru_stime))
    }

    /// Parent and CPU seconds of every process, from `/proc/<pid>/stat`.
    private static func processes() -> [Int32: (parent: Int32, seconds: Double)] {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: "/proc") else { return [:] }
        var table: [Int32: (parent: Int32, seconds: Double)] = [:]
        for name in names {
            guard let pid = Int32(name), let entry = stat(atPath: "/proc/\(name)/stat") else { continue }
            table[pid] = (entry.parent, entry.times.total)
        }
        return table
    }

    /// Parent and CPU from a process's or a thread's `stat` file.
    private static func stat(atPath path: String) -> (parent: Int32, times: CPUTimes)? {
        let ticks = Double(sysconf(Int32(_SC_CLK_TCK)))
        guard ticks > 0, let data = FileManager.default.contents(atPath: path),
            let text = String(data: data, encoding: .utf8), let close = text.lastIndex(of: ")")
        else { return nil }
        // After the command in parentheses: state, ppid, ..., utime (14th field), stime (15th).
        let fields = text[text.index(after: close)...].split(separator: " ")
        guard fields.count > 12, let parent = Int32(fields[1]), let user = Double(fields[11]),
            let system = Double(fields[12])
        else { return nil }
        return (parent, CPUTimes(user: user / ticks, system: system / ticks))
    }
}

/// Seconds of CPU in user space and in the kernel.
struct CPUTimes: Sendable {
    var user = 0.0
    var system = 0.0

    var total: Double { user + system }

    static func + (lhs: CPUTimes, rhs: CPUTimes) -> CPUTimes {
        CPUTimes(user: lhs.user + rhs.user, system: lhs.system + rhs.system)
    }

    static func - (lhs: CPUTimes, rhs: CPUTimes) -> CPUTimes {
        CPUTimes(user: lhs.user - rhs.user, system: lhs.system - rhs.system)
    }
}
