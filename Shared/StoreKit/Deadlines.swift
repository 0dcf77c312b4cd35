/// Deadlines waiting to pass, by token: a value with no I/O. ``DeadlineTicker`` asks it which have passed.
struct Deadlines<Instant: Comparable, Payload> {
    private var entries: [UInt64: (deadline: Instant, payload: Payload)] = [:]
    private var lastToken: UInt64 = 0

    var isEmpty: Bool { entries.isEmpty }
    var count: Int { entries.count }

    /// Adds a deadline; the token withdraws it.
    mutating func add(_ deadline: Instant, _ payload: Payload) -> UInt64 {
        lastToken &+= 1
        entries[lastToken] = (deadline, payload)
        return lastToken
    }

    /// Withdraws a deadline that has not passed yet; nothing when it passed or was withdrawn before.
    mutating func remove(_ token: UInt64) {
        entries.removeValue(forKey: token)
    }

    /// Takes out every deadline at or before `now`, earliest first.
    mutating func takePassed(at now: Instant) -> [Payload] {
        let passed = entries.filter { $0.value.deadline <= now }.sorted {
            ($0.value.deadline, $0.key) < ($1.value.deadline, $1.key)
        }
        for entry in passed { entries.removeValue(forKey: entry.key) }
        if entries.isEmpty { entries = [:] }
        return passed.map(\.value.payload)
    }
}
