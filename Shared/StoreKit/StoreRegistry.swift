import Bus
import FolioAPI
import FolioModel

/// The stores and runtimes one process hosts. A store id of another runtime is reported exactly like an
/// unknown one, so ids cannot be probed across runtimes.
public actor StoreRegistry {
    private struct Entry {
        let store: any MountedStore
        let subscription: (any BusSubscription)?
        /// When a retired store was retired.
        var retiredAt: ContinuousClock.Instant?
    }

    private var stores: [StoreID: Entry] = [:]
    /// Stores closed, or of a runtime that shut down: only their subject is left, answering as closed, for
    /// `closedStoresKept`.
    private var retired: [StoreID: Entry] = [:]
    /// The retired stores in the order they were retired, from `retiredHead` on: the oldest go first.
    private var retiredOrder: [(id: StoreID, at: ContinuousClock.Instant)] = []
    private var retiredHead = 0
    private let now: @Sendable () -> ContinuousClock.Instant
    /// Subscriptions a store keeps besides its own subject (events it follows), cancelled with it.
    private var attached: [StoreID: [any BusSubscription]] = [:]
    /// The runtimes this process knows, with when each was last asked for: those with a store here (open or
    /// retired), and for `closedStoresKept` after their last use the others (a runtime that shut down is
    /// remembered as shut down that long).
    private var runtimes: [String: (context: RuntimeContext, used: ContinuousClock.Instant)] = [:]
    private var runtimesLookedOver: ContinuousClock.Instant?
    /// Adoptions under way in this process, by store.
    private var adoptions: [StoreID: Task<Void, any Error>] = [:]
    public let queueCapacity: Int
    /// Told what the stores of this process do (mounted, unmounted, adopted, their effects): the metrics.
    public nonisolated let observer: (any StoreObserver)?

    /// How long a closed store's subject answers as closed (a client still polling it learns it closed); after
    /// that the process lets go of it, and a call to it finds no store.
    public static let closedStoresKept = Duration.seconds(600)

    /// `now`: the clock the retired stores are timed with.
    public init(
        queueCapacity: Int = RuntimeActionQueue.defaultCapacity, observer: (any StoreObserver)? = nil,
        now: @escaping @Sendable () -> ContinuousClock.Instant = { .now }
    ) {
        self.queueCapacity = queueCapacity
        self.observer = observer
        self.now = now
    }

    /// The runtime's context in this process, created on first use.
    public func runtime(_ id: String) -> RuntimeContext {
        let now = now()
        forgetIdleRuntimes(now)
        let context =
            runtimes[id]?.context ?? RuntimeContext(id: id, queueCapacity: queueCapacity, observer: observer)
        runtimes[id] = (context, now)
        return context
    }

    /// Once a minute at most: forgets the runtimes unused for `closedStoresKept` that have no store here.
    private func forgetIdleRuntimes(_ now: ContinuousClock.Instant) {
        if let last = runtimesLookedOver, now - last < .seconds(60) { return }
        runtimesLookedOver = now
        let limit = now - Self.closedStoresKept
        let idle = runtimes.filter { $0.value.used <= limit }.keys
        guard !idle.isEmpty else { return }
        let withStores = Set((stores.values.map(\.store) + retired.values.map(\.store)).map(\.runtime.id))
        for id in idle where !withStores.contains(id) { runtimes[id] = nil }
    }

    public func register(_ store: any MountedStore, subscription: (any BusSubscription)?) async {
        if runtimes[store.runtime.id] == nil { runtimes[store.runtime.id] = (store.runtime, now()) }
        if stores.updateValue(Entry(store: store, subscription: subscription), forKey: store.id) == nil {
            observer?.storeMounted(kind: store.kind)
        }
        // A runtime that shut down while the store was being made: nothing must stay behind for it.
        if store.runtime.isShutDown {
            await store.runtimeDidShutDown()
            await retire(store.id)
        }
    }

    /// Runs `adopt` for the store `id` once at a time in this process: an adoption of the same store that
    /// arrives while one runs (two calls of a client that found no worker at once) waits for it and shares its
    /// outcome, instead of finding the snapshot this worker just took and reporting the store unknown.
    public func adoptOnce(_ id: StoreID, _ adopt: @escaping @Sendable () async throws -> Void) async throws {
        if let running = adoptions[id] { return try await running.value }
        let task = Task { try await adopt() }
        adoptions[id] = task
        defer { adoptions[id] = nil }
        try await task.value
    }

    /// Keeps a subscription that belongs to a store (before or after it is registered) and cancels it when the
    /// store is closed or removed.
    public func attach(_ subscription: any BusSubscription, to id: StoreID) async {
        if retired[id] != nil {
            await subscription.cancel()
            return
        }
        attached[id, default: []].append(subscription)
    }

    /// The store with this id if `runtimeID` owns it; a closed one answers as closed.
    public func store(_ id: StoreID, runtimeID: String?) throws(StoreError) -> any MountedStore {
        guard let entry = stores[id] ?? retired[id], entry.store.runtime.id == runtimeID else { throw .unknownStore }
        return entry.store
    }

    /// The stores open in this process (closed ones are not counted).
    public var count: Int { stores.count }

    /// Closes a store and lets go of it at once: what it follows (events, watches) is cancelled and the store
    /// is dropped; its subject keeps answering as a closed store until the process stops.
    public func close(_ id: StoreID) async {
        guard let entry = stores[id] else { return }
        await entry.store.close()
        await retire(id)
    }

    private func retire(_ id: StoreID) async {
        for subscription in attached.removeValue(forKey: id) ?? [] { await subscription.cancel() }
        guard let entry = stores.removeValue(forKey: id) else { return }
        observer?.storeUnmounted(kind: entry.store.kind)
        let at = now()
        retired[id] = Entry(
            store: ClosedStore(id: id, runtime: entry.store.runtime), subscription: entry.subscription, retiredAt: at)
        retiredOrder.append((id, at))
        for expired in takeExpiredRetirees() { await expired.subscription?.cancel() }
    }

    /// The retired stores kept `closedStoresKept` already, forgotten here; their subscriptions are the caller's to
    /// cancel.
    private func takeExpiredRetirees() -> [Entry] {
        let limit = now() - Self.closedStoresKept
        var expired: [Entry] = []
        while retiredHead < retiredOrder.count, retiredOrder[retiredHead].at <= limit {
            let (id, at) = retiredOrder[retiredHead]
            retiredHead += 1
            // Removed meanwhile, or retired again later (adopted back, closed again): not this retirement's.
            if let entry = retired[id], entry.retiredAt == at {
                retired[id] = nil
                expired.append(entry)
            }
        }
        if retiredHead * 2 >= retiredOrder.count {
            retiredOrder.removeFirst(retiredHead)
            retiredHead = 0
        }
        return expired
    }

    /// The stores of one runtime that this process hosts.
    public func stores(ofRuntime id: String) -> [any MountedStore] {
        stores.values.filter { $0.store.runtime.id == id }.map(\.store)
    }

    /// Whether this process answers for the store (for any runtime), closed or not.
    public func hosts(_ id: StoreID) -> Bool { stores[id] != nil || retired[id] != nil }

    /// Shuts a runtime down: every store of it closes its subscribers, dispatch throws RuntimeShutDown, and the
    /// stores are let go of at once as by `close`.
    public func shutDownRuntime(_ id: String) async {
        let context = runtime(id)
        await context.shutDownNow()
        let ended = stores.values.filter { $0.store.runtime.id == id }.map(\.store)
        for store in ended {
            await store.runtimeDidShutDown()
            await retire(store.id)
        }
    }

    /// Forgets a store and stops answering for it (process shutdown, or handing it to another worker).
    public func remove(_ id: StoreID) async {
        for subscription in attached.removeValue(forKey: id) ?? [] { await subscription.cancel() }
        if let open = stores.removeValue(forKey: id) {
            observer?.storeUnmounted(kind: open.store.kind)
            await open.subscription?.cancel()
        } else if let closed = retired.removeValue(forKey: id) {
            await closed.subscription?.cancel()
        }
    }

    /// Forgets every store once its snapshot is stored, so another worker can adopt it as it last was.
    public func removeAll() async {
        for entry in stores.values { await entry.store.flush() }
        for id in Array(stores.keys) + Array(retired.keys) { await remove(id) }
    }
}
