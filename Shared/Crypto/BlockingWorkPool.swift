import Foundation
import Lifecycle
import Synchronization

/// Runs blocking jobs on threads of its own, never on Swift's cooperative pool: at most `width` at once, and
/// only while the costs of the running jobs (e.g. bytes of memory) stay within `budget`. Jobs start in the
/// order they were submitted; a job that costs more than the whole budget runs alone.
///
/// The threads are started as jobs need them, at most `width`, and kept while the pool lives. They carry
/// ``threadName``, so the CPU the pool's jobs take can be told apart from the rest of the process
/// (`/proc/<pid>/task/<tid>/comm`, `top -H`, a profiler).
public final class BlockingWorkPool: Sendable {
    /// The most jobs that run at once.
    public let width: Int
    /// The most the costs of the running jobs add up to (a job costlier than this runs alone).
    public let budget: Int
    /// The name of the pool's threads: its label, cut to the 15 bytes Linux keeps of a thread's name.
    public let threadName: String

    private let workers: BlockingWorkers

    /// A pool of at most `width` (at least 1) jobs within `budget`, on threads named `label`.
    public init(label: String, width: Int, budget: Int = .max) {
        self.width = max(1, width)
        self.budget = max(0, budget)
        threadName = String(decoding: label.utf8.prefix(15), as: UTF8.self)
        workers = BlockingWorkers(width: self.width, budget: self.budget, threadName: threadName)
    }

    deinit { workers.close() }

    /// Queues `job`, which costs `cost` (at least 0) of the budget while it runs.
    public func submit(cost: Int = 0, _ job: @escaping @Sendable () -> Void) {
        workers.submit(BlockingWorkQueue.Job(cost: max(0, cost), run: job))
    }

    /// Jobs running now.
    public var running: Int { workers.queue.withLock { $0.running } }

    /// Jobs submitted that have not started.
    public var waiting: Int { workers.queue.withLock { $0.waitingCount } }
}

/// The pool's queue and its threads. The threads hold this, not the pool, so the pool's `deinit` can tell
/// them to end.
private final class BlockingWorkers: Sendable {
    let queue: Mutex<BlockingWorkQueue>
    /// Signalled once per job handed to the threads, and once per thread when the pool closes.
    private let wake = DispatchSemaphore(value: 0)
    private let threadName: String

    init(width: Int, budget: Int, threadName: String) {
        queue = Mutex(BlockingWorkQueue(width: width, budget: budget))
        self.threadName = threadName
    }

    func submit(_ job: BlockingWorkQueue.Job) {
        let admission = queue.withLock { $0.submit(job) }
        start(admission)
    }

    func close() {
        let threads = queue.withLock { $0.close() }
        for _ in 0..<threads { wake.signal() }
    }

    private func start(_ admission: BlockingWorkQueue.Admission) {
        for _ in 0..<admission.newThreads {
            Thread { [self] in
                CurrentThread.setName(threadName)
                work()
            }.start()
        }
        for _ in 0..<admission.wakeUps { wake.signal() }
    }

    private func work() {
        while true {
            wake.wait()
            guard let job = queue.withLock({ $0.take() }) else { return }
            job.run()
            let admission = queue.withLock { $0.finished(job) }
            start(admission)
        }
    }
}
