import Bus
import FolioModel

/// Owns one mounted store (DESIGN §3): feeds events to the pure reducer one at a time, writes the snapshot
/// before effects run, runs effects through the injected runner, publishes each new model with a bumped
/// version and wakes subscribers.
public actor StoreHost<Reducer: StoreReducer> {
    public nonisolated let id: StoreID
    public nonisolated let kind: String
    public nonisolated let runtime: RuntimeContext
    private let reducer: Reducer
    private let runEffect: EffectRunner<Reducer>
    private let persistence: (any SnapshotPersistence)?

    private var reducerState: Reducer.State
    private var current: VersionedModel
    private var closed = false
    private var inbox: [Reducer.Event] = []
    private var draining = false
    private var pendingEffects: [Int: Reducer.Effect] = [:]
    private var nextEffectID = 0
    private var waiters: [Int: Waiter] = [:]
    private var nextWaiterID = 0

    public init(
        id: StoreID, kind: String, runtime: RuntimeContext, reducer: Reducer, initialState: Reducer.State,
        version: Int64 = 0, persistence: (any SnapshotPersistence)? = nil,
        runEffect: @escaping EffectRunner<Reducer>
    ) {
        self.id = id
        self.kind = kind
        self.runtime = runtime
        self.reducer = reducer
        self.reducerState = initialState
        self.current = VersionedModel(version: version, model: reducer.model(of: initialState))
        self.persistence = persistence
        self.runEffect = runEffect
    }

    // MARK: Store members

    /// Validates and enqueues an action; returns once it is accepted. Throws only for a closed store or a
    /// shut-down runtime; a queued action that meets a full queue is dropped and dispatch still succeeds.
    public func dispatch(_ action: Reducer.Action) async throws(StoreError) {
        try ensureOpen()
        let event = Reducer.actionReceived(action)
        switch Reducer.lane(of: action) {
        case .skipsQueue:
            enqueue(event)
        case .queued:
            // A full queue refuses the offer: the action is dropped and dispatch still succeeds.
            _ = await runtime.queue.offer { [weak self] in await self?.receiveQueued(event) }
        }
    }

    /// Decodes a wire action and dispatches it. A closed store is reported before a malformed action.
    public func dispatch(json: JSONValue) async throws {
        try ensureOpen()
        try await dispatch(Reducer.decodeAction(json))
    }

    public func state() throws(StoreError) -> VersionedModel {
        try ensureOpen()
        return current
    }

    /// The current model if newer than `afterVersion`, else the next change; the current model again after
    /// `timeout`; nil once the store is closed or the runtime has shut down.
    public func next(afterVersion: Int64?, timeout: Duration) async -> VersionedModel? {
        guard !closed, !runtime.isShutDown else { return nil }
        if let afterVersion, current.version <= afterVersion {
            nextWaiterID += 1
            let waiterID = nextWaiterID
            let timer = Task { [weak self] in
                try? await Task.sleep(for: timeout)
                await self?.expireWaiter(waiterID)
            }
            let result = await withCheckedContinuation { continuation in
                waiters[waiterID] = Waiter(afterVersion: afterVersion, continuation: continuation)
            }
            timer.cancel()
            return result
        }
        return current
    }

    public func close() async {
        guard !closed else { return }
        closed = true
        inbox.removeAll()
        for waiter in waiters.values { waiter.continuation.resume(returning: nil) }
        waiters.removeAll()
        try? await persistence?.delete(id)
    }

    public var isClosed: Bool { closed || runtime.isShutDown }

    /// The reducer's state, for tests and for snapshots.
    public var currentState: Reducer.State { reducerState }

    // MARK: Events

    /// Feeds an event from outside (a timer, a bus event) through the reducer.
    public func send(_ event: Reducer.Event) {
        guard !closed else { return }
        enqueue(event)
    }

    /// Rebuilds a store from its snapshot on the worker that adopts it, and runs its unfinished effects
    /// again (effects are idempotent or guarded, DESIGN §5).
    public static func restore(
        _ snapshot: StoreSnapshot, runtime: RuntimeContext, reducer: Reducer,
        persistence: (any SnapshotPersistence)?, runEffect: @escaping EffectRunner<Reducer>
    ) async throws -> StoreHost {
        let state = try snapshot.state.decode(Reducer.State.self)
        let pending = try snapshot.pendingEffects.map { try $0.decode(Reducer.Effect.self) }
        let host = StoreHost(
            id: snapshot.storeID, kind: snapshot.kind, runtime: runtime, reducer: reducer, initialState: state,
            version: snapshot.version, persistence: persistence, runEffect: runEffect)
        await host.resume(pending: pending)
        return host
    }

    /// Resumes effects that a snapshot recorded as unfinished (after adoption by another worker).
    public func resume(pending effects: [Reducer.Effect]) {
        for effect in effects { start(effect) }
    }

    private func receiveQueued(_ event: Reducer.Event) async {
        guard !closed else { return }
        enqueue(event)
        await waitUntilDrained()
    }

    private func ensureOpen() throws(StoreError) {
        if runtime.isShutDown { throw .runtimeShutDown }
        if closed { throw .storeClosed }
    }

    private func enqueue(_ event: Reducer.Event) {
        inbox.append(event)
        guard !draining else { return }
        draining = true
        Task { await drain() }
    }

    private var drainWaiters: [CheckedContinuation<Void, Never>] = []

    /// At most this long: a snapshot write that keeps failing (PostgreSQL is down) must not hold up a stop.
    public func flush() async {
        guard draining else { return }
        flushWaiterID += 1
        let waiterID = flushWaiterID
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            flushWaiters[waiterID] = continuation
            Task { [weak self] in
                try? await Task.sleep(for: .seconds(5))
                await self?.endFlush(waiterID)
            }
        }
    }

    private var flushWaiters: [Int: CheckedContinuation<Void, Never>] = [:]
    private var flushWaiterID = 0

    private func endFlush(_ waiterID: Int) {
        flushWaiters.removeValue(forKey: waiterID)?.resume()
    }

    private func waitUntilDrained() async {
        guard draining else { return }
        await withCheckedContinuation { drainWaiters.append($0) }
    }

    private func drain() async {
        while !inbox.isEmpty, !closed {
            let event = inbox.removeFirst()
            await apply(event)
        }
        draining = false
        let waiting = drainWaiters
        drainWaiters = []
        for waiter in waiting { waiter.resume() }
        for waiterID in Array(flushWaiters.keys) { endFlush(waiterID) }
    }

    private func apply(_ event: Reducer.Event) async {
        let before = reducerState
        let effects = reducer.reduce(&reducerState, event)
        // An event that leaves the state as it was leaves the model as it was: the model is not built again.
        var changed = false
        if reducerState != before {
            let model = reducer.model(of: reducerState)
            changed = model != current.model
            if changed { current = VersionedModel(version: current.version + 1, model: model) }
        }
        var started: [(Int, Reducer.Effect)] = []
        for effect in effects {
            nextEffectID += 1
            pendingEffects[nextEffectID] = effect
            started.append((nextEffectID, effect))
        }
        // Waiting subscribers and effects both wait for the snapshot: what a `next` hands out survives the worker.
        if let persistence, changed || !effects.isEmpty {
            await persist(to: persistence)
        }
        if changed { wakeWaiters() }
        for (effectID, effect) in started { run(effectID, effect) }
    }

    private func persist(to persistence: any SnapshotPersistence) async {
        let encoded = (reducerState as? any SnapshotRepresentable)?.snapshot ?? (try? JSONValue(encoding: reducerState))
        guard let stateJSON = encoded else { return }
        let pending = pendingEffects.keys.sorted().compactMap {
            pendingEffects[$0].flatMap { try? JSONValue(encoding: $0) }
        }
        let snapshot = StoreSnapshot(
            storeID: id, kind: kind, runtimeID: runtime.id, version: current.version, state: stateJSON,
            pendingEffects: pending)
        // A failed write is retried: effects must not leave the process before their snapshot is stored.
        var delay = Duration.milliseconds(50)
        while !closed {
            do {
                try await persistence.save(snapshot)
                return
            } catch {
                try? await Task.sleep(for: delay)
                delay = min(delay * 2, .seconds(2))
            }
        }
    }

    private func start(_ effect: Reducer.Effect) {
        nextEffectID += 1
        pendingEffects[nextEffectID] = effect
        run(nextEffectID, effect)
    }

    private func run(_ effectID: Int, _ effect: Reducer.Effect) {
        let runEffect = self.runEffect
        Task { [weak self] in
            let events = await runEffect(effect)
            await self?.finish(effectID, events)
        }
    }

    private func finish(_ effectID: Int, _ events: [Reducer.Event]) {
        pendingEffects[effectID] = nil
        guard !closed else { return }
        for event in events { enqueue(event) }
    }

    /// Wakes the waiters behind the current version. The model is visible before its snapshot is written, so
    /// a caller may already have seen it and be waiting past it: that one keeps waiting for the next change.
    private func wakeWaiters() {
        let due = waiters.filter { $0.value.afterVersion < current.version }
        for waiterID in due.keys { waiters.removeValue(forKey: waiterID) }
        for waiter in due.values { waiter.continuation.resume(returning: current) }
    }

    private func expireWaiter(_ waiterID: Int) {
        guard let waiter = waiters.removeValue(forKey: waiterID) else { return }
        waiter.continuation.resume(returning: closed || runtime.isShutDown ? nil : current)
    }

    /// Called when the runtime shuts down: subscribers get nil.
    public func runtimeDidShutDown() {
        for waiter in waiters.values { waiter.continuation.resume(returning: nil) }
        waiters.removeAll()
    }
}

/// A `next` call waiting for a version after `afterVersion`.
private struct Waiter {
    let afterVersion: Int64
    let continuation: CheckedContinuation<VersionedModel?, Never>
}
