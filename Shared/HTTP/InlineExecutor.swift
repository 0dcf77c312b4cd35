/// A task executor that runs each job at once on the thread that enqueues it.
///
/// A task that prefers it starts on the thread that creates it and, after each suspension, goes on on the
/// thread that resumes it (a libnats delivery thread, say), instead of waiting for a thread of the cooperative
/// pool. For handlers that do little work between waits: every hop to the pool is a thread wake-up.
/// Whoever resumes such a task must not hold a lock the task might take.
final class InlineExecutor: TaskExecutor {
    static let shared = InlineExecutor()

    func enqueue(_ job: consuming ExecutorJob) {
        job.runSynchronously(on: asUnownedTaskExecutor())
    }
}
