import Dispatch
import Synchronization

/// Runs blocking jobs on dispatch threads of their own, never on Swift's cooperative pool: at most
/// `width` at once, and only while the costs of the running jobs (e.g. bytes of memory) stay within
/// `budget`. Jobs start in the order they were submitted; a job that costs more than the whole budget
/// runs alone.
public final class BlockingWorkPool: Sendable {
    /// The most jobs that run at once.
    public let width: Int
    /// The most the costs of the running jobs add up to (a job costlier than this runs alone).
    public let budget: Int

    private struct Job {
        let cost: Int
        let run: @Sendable () -> Void
    }

    private struct State {
        var waiting: [Job] = []
        var head = 0
        var running = 0
        var spent = 0
    }

    private let state = Mutex(State())
    private let queue: DispatchQueue

    /// A pool named `label` (seen in debuggers) of at most `width` (at least 1) jobs within `budget`.
    public init(label: String, width: Int, budget: Int = .max) {
        self.width = max(1, width)
        self.budget = max(0, budget)
        queue = DispatchQueue(label: label, attributes: .concurrent)
    }

    /// Queues `job`, which costs `cost` (at least 0) of the budget while it runs.
    public func submit(cost: Int = 0, _ job: @escaping @Sendable () -> Void) {
        let admitted = state.withLock { state in
            state.waiting.append(Job(cost: max(0, cost), run: job))
            return admit(&state)
        }
        admitted.forEach(start)
    }

    /// Jobs running now.
    public var running: Int { state.withLock { $0.running } }

    /// Jobs submitted that have not started.
    public var waiting: Int { state.withLock { $0.waiting.count - $0.head } }

    private func start(_ job: Job) {
        queue.async {
            job.run()
            let next = self.state.withLock { state in
                state.running -= 1
                state.spent -= job.cost
                return self.admit(&state)
            }
            next.forEach(self.start)
        }
    }

    /// Takes jobs off the front of the queue while the width and budget allow; never skips one.
    private func admit(_ state: inout State) -> [Job] {
        var admitted: [Job] = []
        while state.head < state.waiting.count, state.running < width {
            let job = state.waiting[state.head]
            guard state.running == 0 || job.cost <= budget - state.spent else { break }
            state.head += 1
            state.running += 1
            state.spent += job.cost
            admitted.append(job)
        }
        if state.head == state.waiting.count {
            state.waiting.removeAll(keepingCapacity: true)
            state.head = 0
        } else if state.head > 64, state.head * 2 > state.waiting.count {
            state.waiting.removeFirst(state.head)
            state.head = 0
        }
        return admitted
    }
}
