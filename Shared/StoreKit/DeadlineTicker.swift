import Synchronization

/// Fires the deadlines of waits bounded in time (a dispatch waiting for its snapshot) from one task per process
/// that looks every `tick` while some are set, and ends when none is.
///
/// A timer task per wait (`Task.sleep`, then cancelled when the wait ends early, as it almost always does) cost
/// each dispatch a task and a wake of the timer thread. A deadline here fires up to `tick` late, which the waits
/// bounded this way (seconds) do not mind.
final class DeadlineTicker: Sendable {
    static let shared = DeadlineTicker(tick: .milliseconds(100))

    private struct State {
        var deadlines = Deadlines<ContinuousClock.Instant, @Sendable () -> Void>()
        var ticking = false
    }

    private let tick: Duration
    private let state = Mutex(State())

    init(tick: Duration) { self.tick = tick }

    /// Calls `fire` once `limit` has passed, unless the token is cancelled before.
    func schedule(after limit: Duration, _ fire: @escaping @Sendable () -> Void) -> UInt64 {
        let deadline = ContinuousClock.now + limit
        let (token, start) = state.withLock { state -> (UInt64, Bool) in
            let token = state.deadlines.add(deadline, fire)
            guard !state.ticking else { return (token, false) }
            state.ticking = true
            return (token, true)
        }
        if start { Task { await self.run() } }
        return token
    }

    func cancel(_ token: UInt64) {
        state.withLock { $0.deadlines.remove(token) }
    }

    var pendingCount: Int { state.withLock { $0.deadlines.count } }

    private func run() async {
        while true {
            try? await Task.sleep(for: tick)
            let (passed, more) = state.withLock { state in
                let passed = state.deadlines.takePassed(at: .now)
                if state.deadlines.isEmpty { state.ticking = false }
                return (passed, state.ticking)
            }
            for fire in passed { fire() }
            guard more else { return }
        }
    }
}
