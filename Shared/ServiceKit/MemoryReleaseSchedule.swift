/// When ``MemoryRelease`` trims: a value with no I/O. Requests that come within `quiet` of each other make one
/// trim, `quiet` after the last of them, so a trim runs once the work and what was built from it (answers,
/// snapshots) have settled, not in the middle of it.
struct MemoryReleaseSchedule<Instant: InstantProtocol> {
    enum Step: Equatable {
        /// Nothing to do: a wait for a trim is already under way.
        case nothing
        /// Wait until then, and ask again.
        case wait(until: Instant)
        /// Trim now.
        case trim
    }

    let quiet: Instant.Duration
    private var lastRequest: Instant?
    /// A waiter is asleep until `lastRequest + quiet` (or an earlier request's).
    private var waiting = false

    init(quiet: Instant.Duration) { self.quiet = quiet }

    /// A large piece of work freed its memory at `now`. `.wait` when the caller must start a waiter.
    mutating func requested(at now: Instant) -> Step {
        lastRequest = now
        guard !waiting else { return .nothing }
        waiting = true
        return .wait(until: now.advanced(by: quiet))
    }

    /// The waiter woke at `now`: trim, or wait longer when a request came since it went to sleep.
    mutating func woke(at now: Instant) -> Step {
        guard waiting, let last = lastRequest else { return .nothing }
        let due = last.advanced(by: quiet)
        guard now >= due else { return .wait(until: due) }
        waiting = false
        lastRequest = nil
        return .trim
    }
}
