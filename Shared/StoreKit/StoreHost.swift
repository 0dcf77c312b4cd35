import Bus
import FolioModel
import Lifecycle

/// Owns one mounted store (DESIGN §3): a shell around `StoreHostStateMachine`, which holds the rules. The host
/// feeds it what happened (actions, effect answers, snapshot writes, timeouts) and performs what it answers:
/// writes snapshots, runs effects through the injected runner, wakes subscribers.
public actor StoreHost<Reducer: StoreReducer> {
    typealias Machine = StoreHostStateMachine<Reducer>

    public nonisolated let id: StoreID
    public nonisolated let kind: String
    public nonisolated let runtime: RuntimeContext
    private let runEffect: EffectRunner<Reducer>
    private let persistence: (any SnapshotPersistence)?

    private var machine: Machine
    private var waiters: [Machine.WaiterID: CheckedContinuation<VersionedModel?, Never>] = [:]
    private var drainWaiters: [CheckedContinuation<Void, Never>] = []
    private var flushWaiters: [Int: CheckedContinuation<Void, Never>] = [:]
    private var lastFlushWaiterID = 0
    private var deletion: Task<Void, Never>?
    /// What the metrics were told of this store last: its unfinished effects, and whether it counts as open.
    private var meteredEffects = 0
    private var meteredOpen = false

    public init(
        id: StoreID, kind: String, runtime: RuntimeContext, reducer: Reducer, initialState: Reducer.State,
        version: Int64 = 0, persistence: (any SnapshotPersistence)? = nil, dispatchIDs: [String] = [],
        runEffect: @escaping EffectRunner<Reducer>
    ) {
        self.id = id
        self.kind = kind
        self.runtime = runtime
        self.persistence = persistence
        self.runEffect = runEffect
        self.machine = Machine(
            storeID: id, kind: kind, runtimeID: runtime.id, reducer: reducer, state: initialState, version: version,
            persists: persistence != nil, dispatchIDs: dispatchIDs)
    }

    // MARK: Store members

    /// Validates and enqueues an action; returns once it is accepted. Throws only for a closed store or a
    /// shut-down runtime; a queued action that meets a full queue is dropped and dispatch still succeeds.
    /// An action that skips the queue is accepted once it is applied and its snapshot stored (at most
    /// `storedWithin` while the snapshot cannot be written): a worker killed after the answer loses nothing,
    /// as the worker that adopts the store finds the action's state and effects in the snapshot.
    /// `dispatchID`: the client's key of the action; an action whose key the store knows (one of the last it
    /// applied, or one waiting) is not applied again: the dispatch answers as the first did.
    public func dispatch(_ action: Reducer.Action, dispatchID: String? = nil) async throws(StoreError) {
        try ensureOpen()
        let event = Reducer.actionReceived(action)
        switch Reducer.lane(of: action) {
        case .skipsQueue:
            if let dispatchID, machine.knows(dispatchID: dispatchID) {
                await flush(within: Self.storedWithin)
                return
            }
            perform(machine.actionDispatched(event, dispatchID: dispatchID))
            await flush(within: Self.storedWithin)
        case .queued:
            // A full queue refuses the offer: the action is dropped and dispatch still succeeds.
            let accepted = await runtime.queue.offer { [weak self] in await self?.receiveQueued(event) }
            if !accepted { runtime.observer?.actionDropped(kind: kind) }
        }
    }

    /// Decodes a wire action and dispatches it. A closed store is reported before a malformed action.
    public func dispatch(json: JSONValue, dispatchID: String? = nil) async throws {
        try ensureOpen()
        try await dispatch(Reducer.decodeAction(json), dispatchID: dispatchID)
    }

    public func state() throws(StoreError) -> VersionedModel {
        try ensureOpen()
        return machine.current
    }

    /// The current model if newer than `afterVersion`, else the next change; the current model again after
    /// `timeout`; nil once the store is closed or the runtime has shut down.
    public func next(afterVersion: Int64?, timeout: Duration) async -> VersionedModel? {
        noticeRuntimeShutdown()
        switch machine.nextRequested(afterVersion: afterVersion) {
        case .now(let model):
            return model
        case .wait(let waiterID):
            let timer = Task { [weak self] in
                try? await Task.sleep(for: timeout)
                await self?.expireWaiter(waiterID)
            }
            let result = await withCheckedContinuation { waiters[waiterID] = $0 }
            timer.cancel()
            return result
        }
    }

    /// The JSON Patch from the model of version `base` to that of `version`, while the store keeps it (the last
    /// few changes, once a client asked); nil otherwise, and the client gets the whole model.
    public func patch(from base: Int64, to version: Int64) -> JSONPatch? {
        machine.patch(from: base, to: version)
    }

    public func keepPatches() {
        machine.keepPatches()
    }

    /// Returns once the store's snapshot is deleted: after the write under way, if one is (at most 5 s).
    public func close() async {
        perform(machine.closeRequested())
        await flush()
        await deletion?.value
    }

    public var isClosed: Bool { machine.isClosed || runtime.isShutDown }

    /// Why the store closed on its own (a snapshot that did not encode); nil otherwise.
    public var failure: StoreError? { machine.failure }

    /// How many `next` calls are waiting for a change.
    public var waitingSubscriberCount: Int { waiters.count }

    /// The reducer's state, for tests and for snapshots.
    public var currentState: Reducer.State { machine.reducerState }

    // MARK: Events

    /// Feeds an event from outside (a timer, a bus event) through the reducer.
    public func send(_ event: Reducer.Event) {
        perform(machine.eventReceived(event))
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
            version: snapshot.version, persistence: persistence, dispatchIDs: snapshot.dispatchIDs,
            runEffect: runEffect)
        await host.resume(pending: pending)
        return host
    }

    /// Resumes effects that a snapshot recorded as unfinished (after adoption by another worker).
    public func resume(pending effects: [Reducer.Effect]) {
        perform(machine.restored(pending: effects))
    }

    /// How long a dispatch waits for its action's snapshot before it answers anyway.
    static var storedWithin: Duration { .seconds(3) }

    /// Waits until the events received so far are applied and their snapshots stored, at most `within`: a
    /// snapshot write that keeps failing (PostgreSQL is down) must not hold up a stop or a dispatch.
    public func flush() async { await flush(within: .seconds(5)) }

    private func flush(within limit: Duration) async {
        guard machine.isDraining else { return }
        lastFlushWaiterID += 1
        let waiterID = lastFlushWaiterID
        let deadline = DeadlineTicker.shared.schedule(after: limit) { [weak self] in
            Task { await self?.endFlush(waiterID) }
        }
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            flushWaiters[waiterID] = continuation
        }
        DeadlineTicker.shared.cancel(deadline)
    }

    /// Stores the new store's first snapshot before its id is handed out and before it follows anything (so
    /// that what it begins with runs as it would without the write), waiting at most `storedWithin` (a store
    /// whose snapshot cannot be written yet is still handed out; the write goes on).
    public func storeMounted() async {
        perform(machine.mounted())
        await flush(within: Self.storedWithin)
    }

    /// Called when the runtime shuts down: subscribers get nil.
    public func runtimeDidShutDown() {
        perform(machine.runtimeShutDown())
    }

    // MARK: Performing the machine's actions

    private func perform(_ actions: [Machine.Action]) {
        for action in actions {
            switch action {
            case .saveSnapshot(let snapshot):
                save(snapshot)
            case .scheduleSnapshotRetry(let delay):
                Task { [weak self] in
                    try? await Task.sleep(for: delay)
                    await self?.snapshotRetryDue()
                }
            case .runEffects(let started):
                runtime.observer?.effectsStarted(kind: kind, count: started.count)
                for started in started { run(started.id, started.effect) }
            case .wakeWaiters(let wakeUps):
                for wakeUp in wakeUps { waiters.removeValue(forKey: wakeUp.waiterID)?.resume(returning: wakeUp.model) }
            case .deleteSnapshot:
                let persistence = self.persistence
                let id = self.id
                deletion = Task { try? await persistence?.delete(id) }
            case .drained:
                let waiting = drainWaiters
                drainWaiters = []
                for waiter in waiting { waiter.resume() }
                for waiterID in Array(flushWaiters.keys) { endFlush(waiterID) }
            case .failed(let error):
                // Made here, not kept: a logger per store would cost every idle store its metadata.
                Logger(service: "store-kit", metadata: ["store": id.rawValue, "kind": kind])
                    .error("store closed", ["error": error.description])
            }
        }
        // After the snapshot's write has left for PostgreSQL: the diff no longer delays the dispatch.
        machine.diffRecordedChanges()
        meter()
    }

    /// Tells the metrics what changed: the effects asked for and not finished, and whether the store counts as
    /// open (not closed, its runtime not shut down, and its reducer says so of its state).
    private func meter() {
        guard let observer = runtime.observer else { return }
        let effects = machine.unfinishedEffects.count
        if effects != meteredEffects {
            observer.effectsPending(kind: kind, delta: effects - meteredEffects)
            meteredEffects = effects
        }
        let open = !machine.isClosed && !machine.isRuntimeShutDown && Reducer.countsAsOpen(machine.reducerState)
        if open != meteredOpen {
            observer.storesOpen(kind: kind, delta: open ? 1 : -1)
            meteredOpen = open
        }
    }

    /// A store let go of (handed to another worker, the process stopping) no longer counts.
    deinit {
        guard let observer = runtime.observer else { return }
        if meteredEffects != 0 { observer.effectsPending(kind: kind, delta: -meteredEffects) }
        if meteredOpen { observer.storesOpen(kind: kind, delta: -1) }
    }

    private func save(_ snapshot: StoreSnapshot) {
        guard let persistence else { return }
        Self.startSaving(snapshot, to: persistence, reportingTo: self)
    }

    /// Started on this thread, and not isolated to the host, which this thread holds: the write's encoding and
    /// sealing, and its statement on the way to PostgreSQL, need not wait for another thread to wake. The task goes
    /// on elsewhere once it waits for the answer.
    private nonisolated static func startSaving(
        _ snapshot: StoreSnapshot, to persistence: any SnapshotPersistence, reportingTo host: StoreHost
    ) {
        Task.immediate { [weak host] in
            do {
                try await persistence.save(snapshot)
                await host?.snapshotSaved()
            } catch {
                await host?.snapshotFailed()
            }
        }
    }

    private func snapshotSaved() { perform(machine.snapshotSaved()) }
    private func snapshotFailed() { perform(machine.snapshotFailed()) }
    private func snapshotRetryDue() { perform(machine.snapshotRetryDue()) }

    private func run(_ effectID: Machine.EffectID, _ effect: Reducer.Effect) {
        let runEffect = self.runEffect
        Task { [weak self] in
            let events = await runEffect(effect)
            await self?.effectFinished(effectID, events)
        }
    }

    private func effectFinished(_ effectID: Machine.EffectID, _ events: [Reducer.Event]) {
        perform(machine.effectFinished(effectID, events: events))
    }

    private func expireWaiter(_ waiterID: Machine.WaiterID) {
        noticeRuntimeShutdown()
        perform(machine.waiterExpired(waiterID))
    }

    /// The runtime's flag may be set before `runtimeDidShutDown` arrives.
    private func noticeRuntimeShutdown() {
        if runtime.isShutDown, !machine.isRuntimeShutDown { perform(machine.runtimeShutDown()) }
    }

    private func receiveQueued(_ event: Reducer.Event) async {
        perform(machine.eventReceived(event))
        guard machine.isDraining else { return }
        await withCheckedContinuation { drainWaiters.append($0) }
    }

    private func endFlush(_ waiterID: Int) {
        flushWaiters.removeValue(forKey: waiterID)?.resume()
    }

    private func ensureOpen() throws(StoreError) {
        if runtime.isShutDown { throw .runtimeShutDown }
        if machine.isClosed { throw .storeClosed }
    }
}
