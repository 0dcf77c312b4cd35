import CMalloc
import Foundation
import Lifecycle
import Synchronization

/// Gives back to the system the memory a large piece of work used and freed (a vault of thousands of records
/// read, its model answered and stored). glibc's malloc keeps freed memory in its arenas for reuse, so without
/// this a process keeps the high-water mark of its largest read as resident memory for the rest of its life;
/// `malloc_trim(0)` returns the arenas' free pages. Requests coalesce (``MemoryReleaseSchedule``), and the trim
/// runs on a thread of its own, never on the cooperative pool.
public final class MemoryRelease: Sendable {
    /// The process's, trimming glibc's arenas half a second after the last request.
    public static let process = MemoryRelease(quiet: .milliseconds(500), trim: MemoryRelease.trimArenas)

    private let schedule: Mutex<MemoryReleaseSchedule<ContinuousClock.Instant>>
    private let trim: @Sendable () -> Void

    public init(quiet: Duration, trim: @escaping @Sendable () -> Void) {
        schedule = Mutex(MemoryReleaseSchedule(quiet: quiet))
        self.trim = trim
    }

    /// A large piece of work is done (or about to be): trim once it and the work that follows from it settled.
    public func afterLargeWork() {
        guard case .wait(let until) = schedule.withLock({ $0.requested(at: .now) }) else { return }
        Thread { [self] in
            CurrentThread.setName("memory-release")
            wait(until: until)
        }.start()
    }

    private func wait(until first: ContinuousClock.Instant) {
        var until = first
        while true {
            let left = ContinuousClock.now.duration(to: until)
            if left > .zero { Thread.sleep(forTimeInterval: Self.seconds(left)) }
            switch schedule.withLock({ $0.woke(at: .now) }) {
            case .wait(let later): until = later
            case .trim:
                trim()
                return
            case .nothing: return
            }
        }
    }

    private static func seconds(_ duration: Duration) -> TimeInterval {
        let (seconds, attoseconds) = duration.components
        return Double(seconds) + Double(attoseconds) / 1e18
    }

    private static let trimArenas: @Sendable () -> Void = { _ = malloc_trim(0) }
}
