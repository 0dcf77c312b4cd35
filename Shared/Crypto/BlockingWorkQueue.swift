/// The rules of a ``BlockingWorkPool`` as a value, with no threads: which jobs may start (at most `width`
/// at once, their costs within `budget`, in the order they came, a job costlier than the budget alone), which
/// jobs wait for a thread to take them, and how many threads the pool needs.
struct BlockingWorkQueue {
    struct Job {
        let cost: Int
        let run: @Sendable () -> Void
    }

    /// What a change asks of the pool's threads: threads to start, and how many times to wake one (once per
    /// job newly handed over, and once more per thread started after the queue closed, so that it ends).
    struct Admission: Equatable {
        var newThreads = 0
        var wakeUps = 0
    }

    let width: Int
    let budget: Int
    private var waiting: [Job] = []
    private var head = 0
    /// Jobs started and not finished: handed over (taken or not) and running.
    private(set) var running = 0
    private var spent = 0
    /// Jobs handed over that no thread has taken yet, oldest first.
    private var handedOver: [Job] = []
    private(set) var threads = 0
    private(set) var isClosed = false

    init(width: Int, budget: Int) {
        self.width = width
        self.budget = budget
    }

    /// Jobs submitted that have not started.
    var waitingCount: Int { waiting.count - head }

    mutating func submit(_ job: Job) -> Admission {
        waiting.append(job)
        return admit()
    }

    /// The oldest job handed over, for a thread that was woken; nil when there is none, which after
    /// ``close()`` tells the thread to end (it no longer counts).
    mutating func take() -> Job? {
        guard !handedOver.isEmpty else {
            threads -= 1
            return nil
        }
        // At most `width` jobs are handed over at once, so taking the first off the array costs little.
        return handedOver.removeFirst()
    }

    mutating func finished(_ job: Job) -> Admission {
        running -= 1
        spent -= job.cost
        return admit()
    }

    /// Closes the queue; returns the threads to wake so they end once the jobs handed to them are done.
    mutating func close() -> Int {
        isClosed = true
        return threads
    }

    /// Takes jobs off the front of the queue while the width and budget allow; never skips one.
    private mutating func admit() -> Admission {
        var admission = Admission()
        while head < waiting.count, running < width {
            let job = waiting[head]
            guard running == 0 || job.cost <= budget - spent else { break }
            head += 1
            running += 1
            spent += job.cost
            handedOver.append(job)
            admission.wakeUps += 1
        }
        if head == waiting.count {
            waiting.removeAll(keepingCapacity: true)
            head = 0
        } else if head > 64, head * 2 > waiting.count {
            waiting.removeFirst(head)
            head = 0
        }
        // Every started job needs a thread of its own; a thread that finished a job goes on to the next.
        if running > threads {
            admission.newThreads = running - threads
            threads = running
            if isClosed { admission.wakeUps += admission.newThreads }
        }
        return admission
    }
}
