import Synchronization

/// A runtime as the stores of one process see it: its id, whether it has shut down, and its bounded
/// action queue. Every store of the runtime in this process shares the one queue.
public final class RuntimeContext: Sendable {
    public let id: String
    public let queue: RuntimeActionQueue
    /// Told what the runtime's stores do, for the process's metrics (the registry's observer).
    public let observer: (any StoreObserver)?
    private let shutDown = Mutex(false)
    private let onShutdown = Mutex<[@Sendable () async -> Void]>([])

    public init(
        id: String, queueCapacity: Int = RuntimeActionQueue.defaultCapacity, observer: (any StoreObserver)? = nil
    ) {
        self.id = id
        self.queue = RuntimeActionQueue(capacity: queueCapacity)
        self.observer = observer
    }

    public var isShutDown: Bool { shutDown.withLock { $0 } }

    /// Registers work to run when the runtime shuts down (its stores close).
    public func whenShutDown(_ work: @escaping @Sendable () async -> Void) {
        onShutdown.withLock { $0.append(work) }
    }

    /// Marks the runtime shut down and closes its stores; later calls do nothing.
    public func shutDownNow() async {
        let first = shutDown.withLock { done in
            defer { done = true }
            return !done
        }
        guard first else { return }
        let work = onShutdown.withLock { work in
            defer { work = [] }
            return work
        }
        for item in work { await item() }
    }
}

/// The runtime's bounded action queue (default 64, DESIGN §3). Queued work runs one item at a time in
/// order; an offer that meets a full queue is refused, and the caller drops the action.
public actor RuntimeActionQueue {
    public static let defaultCapacity = 64

    public let capacity: Int
    private var items: [@Sendable () async -> Void] = []
    private var draining = false

    public init(capacity: Int) { self.capacity = max(1, capacity) }

    /// The number of items waiting (the one running is not counted).
    public var count: Int { items.count }

    /// Enqueues `work`; false when the queue is full.
    public func offer(_ work: @escaping @Sendable () async -> Void) -> Bool {
        guard items.count < capacity else { return false }
        items.append(work)
        if !draining {
            draining = true
            Task { await self.drain() }
        }
        return true
    }

    private func drain() async {
        while !items.isEmpty {
            let work = items.removeFirst()
            await work()
        }
        draining = false
    }
}
