import FolioModel

/// StoreHost's rules (DESIGN §3, §5) as a value with no I/O, no clock and no concurrency: it is told what
/// happened and answers with what to do, in order. `StoreHost` performs the actions and reports back.
///
/// - Events are reduced one at a time, in order. A new model is visible at once; waiters past an older version
///   wake only once its snapshot is stored, and effects start only then, so what a `next` hands out and what an
///   effect changes both survive the worker.
/// - An effect is unfinished, in memory and in every snapshot, until the last event it answered with is
///   applied: its answer may wait behind other events, whose snapshots must still list it.
/// - A failed snapshot write is tried again after 50 ms, doubling to 2 s, until it is stored or the store closes.
/// - The snapshot of a store that closed, or whose runtime shut down, is deleted once no write of it is under
///   way, and none is written after: nothing may adopt such a store.
/// - A snapshot that does not encode closes the store with `StoreError.snapshotNotEncodable`: running on without
///   persistence would let effects leave the process unrecorded, and skipping the write would lose the state.
///   The last stored snapshot stays, the event's effects do not start, and waiters get nil.
public struct StoreHostStateMachine<Reducer: StoreReducer> {
    public typealias EffectID = Int
    public typealias WaiterID = Int

    /// What the host does, in the order given.
    public enum Action: Equatable {
        /// Write the snapshot, then report `snapshotSaved` or `snapshotFailed`.
        case saveSnapshot(StoreSnapshot)
        /// Wait this long, then report `snapshotRetryDue`.
        case scheduleSnapshotRetry(after: Duration)
        /// Run the effects, each reporting `effectFinished` with its events.
        case runEffects([StartedEffect])
        /// Resume these waiting `next` calls.
        case wakeWaiters([WakeUp])
        case deleteSnapshot
        /// No event is waiting or being applied: callers waiting for the store to settle may go on.
        case drained
        /// The store closed because of this error; log it.
        case failed(StoreError)
    }

    public struct StartedEffect: Equatable {
        public let id: EffectID
        public let effect: Reducer.Effect

        public init(id: EffectID, effect: Reducer.Effect) {
            self.id = id
            self.effect = effect
        }
    }

    public struct WakeUp: Equatable, Sendable {
        public let waiterID: WaiterID
        /// nil once the store is closed or the runtime has shut down.
        public let model: VersionedModel?

        public init(waiterID: WaiterID, model: VersionedModel?) {
            self.waiterID = waiterID
            self.model = model
        }
    }

    /// How a `next` call is answered.
    public enum NextAnswer: Equatable {
        case now(VersionedModel?)
        /// Wait under this id for a wake-up, or report `waiterExpired` after the caller's timeout.
        case wait(WaiterID)
    }

    /// An event applied whose snapshot is being written: its model change and effects wait for it.
    private struct Unsaved {
        let snapshot: StoreSnapshot
        let changedModel: Bool
        let effects: [StartedEffect]
        /// The writes of this snapshot that failed so far.
        var failures: Int
        /// A write of it is under way (not waiting for its retry).
        var writing = true
    }

    public let reducer: Reducer
    private let storeID: StoreID
    private let kind: String
    private let runtimeID: String
    private let persists: Bool

    public private(set) var reducerState: Reducer.State
    public private(set) var current: VersionedModel
    public private(set) var isClosed = false
    public private(set) var isRuntimeShutDown = false
    /// Why the store closed on its own, if it did.
    public private(set) var failure: StoreError?
    /// Events are being applied or a snapshot written; events that come meanwhile wait in the inbox. Without it
    /// the inbox is empty.
    public private(set) var isDraining = false
    /// Events waiting to be reduced, each with the client's key of the action it carries, if any, whether
    /// it is a dispatched action whose caller is answered once it is stored (`actionDispatched`), and the effect
    /// it is the last answer of, if it is.
    private var inbox: [InboxEntry] = []

    private struct InboxEntry {
        let event: Reducer.Event
        var dispatchID: String? = nil
        var dispatched = false
        /// The effect this event is the last answer of: it stays pending, in memory and in every snapshot made
        /// meanwhile, until this event is applied.
        var finishes: EffectID? = nil
    }
    /// The client's keys of the last dispatched actions applied (`DispatchIDs.kept`), in the snapshot too: an
    /// action sent again under one of them is not applied again.
    private var dispatchIDs: [String]
    /// Kept out of line: a mounted store has no unsaved snapshot almost always, and inline the empty slot would
    /// cost every idle store the size of a whole snapshot.
    private var unsavedBox: Boxed<Unsaved>?
    private var unsaved: Unsaved? {
        get { unsavedBox?.value }
        set { unsavedBox = newValue.map(Boxed.value) }
    }
    private var pendingEffects: [EffectID: Reducer.Effect] = [:]
    private var lastEffectID = 0
    /// The patches between the last few models, kept once a client asked for one (`patch(from:to:)`); out of
    /// line, as most stores never have a client that asks.
    private var patchesBox: Boxed<ModelPatches>?
    /// Each waiter's `afterVersion`.
    private var waiters: [WaiterID: Int64] = [:]
    private var lastWaiterID = 0

    /// The pause before a failed snapshot write is tried again.
    static var snapshotRetry: Backoff { .untilStored }

    /// `persists`: whether snapshots are written at all (a host without persistence wakes and runs at once).
    /// `dispatchIDs`: the keys of the last actions applied, from the snapshot a store is rebuilt from.
    public init(
        storeID: StoreID, kind: String, runtimeID: String, reducer: Reducer, state: Reducer.State, version: Int64,
        persists: Bool, dispatchIDs: [String] = []
    ) {
        self.dispatchIDs = dispatchIDs
        self.storeID = storeID
        self.kind = kind
        self.runtimeID = runtimeID
        self.persists = persists
        self.reducer = reducer
        self.reducerState = state
        self.current = VersionedModel(version: version, model: reducer.model(of: state))
    }

    /// The effects started and not finished, by id.
    public var unfinishedEffects: [EffectID: Reducer.Effect] { pendingEffects }

    public var waitingCount: Int { waiters.count }

    // MARK: Events

    public mutating func eventReceived(_ event: Reducer.Event) -> [Action] {
        received(InboxEntry(event: event))
    }

    /// A dispatched action, whose caller is answered once it is applied and stored: even one that changes only
    /// the state is stored. `dispatchID`: the client's key of the action, kept with the state.
    public mutating func actionDispatched(_ event: Reducer.Event, dispatchID: String? = nil) -> [Action] {
        received(InboxEntry(event: event, dispatchID: dispatchID, dispatched: true))
    }

    /// Applied at once, unless events are being applied or a snapshot written: then it waits behind them.
    private mutating func received(_ entry: InboxEntry) -> [Action] {
        guard !isClosed else {
            if let effect = entry.finishes { pendingEffects[effect] = nil }
            return []
        }
        inbox.append(entry)
        guard !isDraining else { return [] }
        isDraining = true
        return drain()
    }

    /// The store was made and its id is about to be handed out: its first snapshot is written now, so a worker
    /// killed before the store first changes leaves it adoptable. Nothing when a snapshot is being written or
    /// events are being applied (they write their own).
    public mutating func mounted() -> [Action] {
        guard persists, keepsSnapshots, !isDraining, unsavedBox == nil else { return [] }
        do {
            let snapshot = try makeSnapshot()
            unsaved = Unsaved(snapshot: snapshot, changedModel: false, effects: [], failures: 0)
            isDraining = true
            return [.saveSnapshot(snapshot)]
        } catch {
            return closeFailing(error)
        }
    }

    /// Whether an action sent under `dispatchID` was applied (among the last few) or waits to be.
    public func knows(dispatchID: String) -> Bool {
        dispatchIDs.contains(dispatchID) || inbox.contains { $0.dispatchID == dispatchID }
    }

    /// An effect answered with `events`. It is done once the last of them is applied: a snapshot made before
    /// (an event ahead of them in the inbox) still lists it, so the worker that adopts the store runs it again.
    public mutating func effectFinished(_ id: EffectID, events: [Reducer.Event]) -> [Action] {
        guard let last = events.indices.last else {
            pendingEffects[id] = nil
            return []
        }
        var actions: [Action] = []
        for index in events.indices {
            actions += received(InboxEntry(event: events[index], finishes: index == last ? id : nil))
        }
        return actions
    }

    /// Effects a snapshot recorded as unfinished, run again on the worker that adopted the store.
    public mutating func restored(pending effects: [Reducer.Effect]) -> [Action] {
        let started = register(effects)
        return started.isEmpty ? [] : [.runEffects(started)]
    }

    // MARK: Snapshots

    public mutating func snapshotSaved() -> [Action] {
        guard let saved = unsaved else { return [] }
        unsaved = nil
        // The store closed, or its runtime shut down, while this write was under way: the delete waited for it, as
        // a delete that went first could be undone by the write and leave the store adoptable.
        let deletion: [Action] = !keepsSnapshots && saved.writing ? [.deleteSnapshot] : []
        return deletion + settle(changedModel: saved.changedModel, effects: saved.effects) + drain()
    }

    public mutating func snapshotFailed() -> [Action] {
        guard var failed = unsaved else { return [] }
        guard keepsSnapshots else { return snapshotSaved() }
        failed.failures += 1
        failed.writing = false
        unsaved = failed
        return [.scheduleSnapshotRetry(after: Self.snapshotRetry.pause(afterFailures: failed.failures))]
    }

    /// The wait after a failed write is over: write again, unless the store closed or its runtime shut down
    /// meanwhile (then the event goes on without its snapshot, as such a store keeps none).
    public mutating func snapshotRetryDue() -> [Action] {
        guard var retry = unsaved else { return [] }
        guard keepsSnapshots else { return snapshotSaved() }
        retry.writing = true
        unsaved = retry
        return [.saveSnapshot(retry.snapshot)]
    }

    // MARK: Subscribers

    public mutating func nextRequested(afterVersion: Int64?) -> NextAnswer {
        guard !isClosed, !isRuntimeShutDown else { return .now(nil) }
        guard let afterVersion, current.version <= afterVersion else { return .now(current) }
        lastWaiterID += 1
        waiters[lastWaiterID] = afterVersion
        return .wait(lastWaiterID)
    }

    /// The JSON Patch from the model of version `base` to that of `version`; nil when it is not kept. The first
    /// ask starts keeping patches of the changes that follow (the answer to it is then nil, unless the
    /// versions are one).
    public mutating func patch(from base: Int64, to version: Int64) -> JSONPatch? {
        guard case .value(var patches)? = patchesBox else {
            keepPatches()
            return base == version ? JSONPatch([]) : nil
        }
        patchesBox = nil  // changed in place, not copied
        defer { patchesBox = .value(patches) }
        return patches.patch(from: base, to: version)
    }

    /// Diffs the model changes recorded since the last call (the host calls it once a change's snapshot is on its
    /// way, so the diff runs while PostgreSQL writes it); `patch(from:to:)` diffs what is still recorded anyway.
    public mutating func diffRecordedChanges() {
        guard case .value(var patches)? = patchesBox, patches.hasUndiffed else { return }
        patchesBox = nil  // changed in place, not copied
        patches.diffRecorded()
        patchesBox = .value(patches)
    }

    /// Keeps the patches of the changes that follow from now on (a client follows the store with deltas).
    public mutating func keepPatches() {
        if patchesBox == nil { patchesBox = .value(ModelPatches(version: current.version)) }
    }

    /// The caller's timeout passed: it gets the unchanged model (nil once closed or shut down).
    public mutating func waiterExpired(_ id: WaiterID) -> [Action] {
        guard waiters.removeValue(forKey: id) != nil else { return [] }
        return [.wakeWaiters([WakeUp(waiterID: id, model: isClosed || isRuntimeShutDown ? nil : current)])]
    }

    // MARK: Ending

    public mutating func closeRequested() -> [Action] {
        guard !isClosed else { return [] }
        let deletion = keepsSnapshots ? snapshotDeletion() : []
        isClosed = true
        dropInbox()
        return wakeEveryWaiterWithNil() + deletion + drainedIfIdle()
    }

    /// The store's events are still applied (the answers of its effects), but nothing adopts it any more.
    public mutating func runtimeShutDown() -> [Action] {
        let deletion = keepsSnapshots ? snapshotDeletion() : []
        isRuntimeShutDown = true
        return wakeEveryWaiterWithNil() + deletion
    }

    /// Until the store closes or its runtime shuts down, its snapshot is written and kept.
    private var keepsSnapshots: Bool { !isClosed && !isRuntimeShutDown }

    /// Deletes the snapshot now; when a write is under way, `snapshotSaved` deletes it once the write ends.
    private func snapshotDeletion() -> [Action] {
        unsaved?.writing == true ? [] : [.deleteSnapshot]
    }

    // MARK: Applying events

    private mutating func drain() -> [Action] {
        var actions: [Action] = []
        while unsavedBox == nil, !isClosed, !inbox.isEmpty {
            let next = inbox.removeFirst()
            if let effect = next.finishes { pendingEffects[effect] = nil }
            actions += apply(next.event, dispatchID: next.dispatchID, dispatched: next.dispatched)
        }
        return actions + drainedIfIdle()
    }

    private mutating func drainedIfIdle() -> [Action] {
        guard isDraining, unsavedBox == nil, inbox.isEmpty || isClosed else { return [] }
        isDraining = false
        return [.drained]
    }

    private mutating func apply(_ event: Reducer.Event, dispatchID: String?, dispatched: Bool) -> [Action] {
        if let dispatchID {
            dispatchIDs.append(dispatchID)
            if dispatchIDs.count > StoreDispatchIDs.kept { dispatchIDs.removeFirst() }
        }
        let before = reducerState
        let effects = reducer.reduce(&reducerState, event)
        // An event that leaves the state as it was leaves the model as it was: the model is not built again.
        var changedModel = false
        let changedState = reducerState != before
        if changedState {
            let model = reducer.model(of: reducerState)
            changedModel = model != current.model
            if changedModel {
                let previous = current
                current = VersionedModel(version: current.version + 1, model: model)
                if case .value(var patches)? = patchesBox {
                    patchesBox = nil  // changed in place, not copied
                    patches.record(from: previous.model, to: model, version: current.version)
                    patchesBox = .value(patches)
                }
            }
        }
        let started = register(effects)
        // An action sent with a key is stored with its key even when it changed nothing, so that sent again it is
        // known after an adoption too. A dispatched action that changed the state alone (a write queued behind
        // another) is stored too: its caller is answered once it is, and the worker that adopts the store must
        // find it. Other events that change the state alone are not: an effect's answer comes again when the
        // effect, still pending in the snapshot, runs again.
        guard persists, keepsSnapshots,
            changedModel || !started.isEmpty || dispatchID != nil || (dispatched && changedState)
        else {
            return settle(changedModel: changedModel, effects: started)
        }
        do {
            let snapshot = try makeSnapshot()
            unsaved = Unsaved(
                snapshot: snapshot, changedModel: changedModel, effects: started, failures: 0)
            return [.saveSnapshot(snapshot)]
        } catch {
            for effect in started { pendingEffects[effect.id] = nil }
            return closeFailing(error)
        }
    }

    private mutating func register(_ effects: [Reducer.Effect]) -> [StartedEffect] {
        var started: [StartedEffect] = []
        for effect in effects {
            lastEffectID += 1
            pendingEffects[lastEffectID] = effect
            started.append(StartedEffect(id: lastEffectID, effect: effect))
        }
        return started
    }

    /// After the event's snapshot is stored (or when none is written): waiters wake, then effects start.
    private mutating func settle(changedModel: Bool, effects: [StartedEffect]) -> [Action] {
        var actions: [Action] = []
        if changedModel {
            // The model is visible before its snapshot is stored, so a caller may already have seen it and wait
            // past it: that one keeps waiting for the next change.
            let due = waiters.filter { $0.value < current.version }.keys.sorted()
            for id in due { waiters[id] = nil }
            if !due.isEmpty { actions.append(.wakeWaiters(due.map { WakeUp(waiterID: $0, model: current) })) }
        }
        if !effects.isEmpty { actions.append(.runEffects(effects)) }
        return actions
    }

    private func makeSnapshot() throws(StoreError) -> StoreSnapshot {
        do {
            // Straight into a JSONValue: through JSONEncoder's text and back, this was a tenth of a VaultService's
            // CPU under a stream of writes.
            let encoder = JSONValueEncoder()
            let state = try (reducerState as? any SnapshotRepresentable)?.snapshot ?? encoder.encode(reducerState)
            let pending = try pendingEffects.keys.sorted().compactMap { id in
                try pendingEffects[id].map { try encoder.encode($0) }
            }
            return StoreSnapshot(
                storeID: storeID, kind: kind, runtimeID: runtimeID, version: current.version, state: state,
                pendingEffects: pending, dispatchIDs: dispatchIDs)
        } catch {
            throw .snapshotNotEncodable(String(describing: error))
        }
    }

    private mutating func closeFailing(_ error: StoreError) -> [Action] {
        failure = error
        isClosed = true
        dropInbox()
        return [.failed(error)] + wakeEveryWaiterWithNil() + drainedIfIdle()
    }

    /// A closed store applies nothing more: the effects whose answers were waiting are done.
    private mutating func dropInbox() {
        for entry in inbox { if let effect = entry.finishes { pendingEffects[effect] = nil } }
        inbox.removeAll()
    }

    private mutating func wakeEveryWaiterWithNil() -> [Action] {
        let ids = waiters.keys.sorted()
        waiters.removeAll()
        return ids.isEmpty ? [] : [.wakeWaiters(ids.map { WakeUp(waiterID: $0, model: nil) })]
    }
}

extension StoreHostStateMachine.StartedEffect: Sendable where Reducer.Effect: Sendable {}
extension StoreHostStateMachine.Action: Sendable where Reducer.Effect: Sendable {}

/// A value on the heap behind one pointer.
private indirect enum Boxed<Value> {
    case value(Value)

    var value: Value {
        switch self {
        case .value(let value): value
        }
    }
}
