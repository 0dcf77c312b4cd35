import Bus
import FolioModel

/// The stores and runtimes one process hosts. A store id of another runtime is reported exactly like an
/// unknown one, so ids cannot be probed across runtimes.
public actor StoreRegistry {
    private struct Entry {
        let store: any MountedStore
        let subscription: (any BusSubscription)?
    }

    private var stores: [StoreID: Entry] = [:]
    /// Subscriptions a store keeps besides its own subject (events it follows), cancelled with it.
    private var attached: [StoreID: [any BusSubscription]] = [:]
    private var runtimes: [String: RuntimeContext] = [:]
    public let queueCapacity: Int

    public init(queueCapacity: Int = RuntimeActionQueue.defaultCapacity) { self.queueCapacity = queueCapacity }

    /// The runtime's context in this process, created on first use.
    public func runtime(_ id: String) -> RuntimeContext {
        if let existing = runtimes[id] { return existing }
        let context = RuntimeContext(id: id, queueCapacity: queueCapacity)
        runtimes[id] = context
        return context
    }

    public func register(_ store: any MountedStore, subscription: (any BusSubscription)?) {
        stores[store.id] = Entry(store: store, subscription: subscription)
    }

    /// Keeps a subscription that belongs to a store (before or after it is registered) and cancels it when the
    /// store is removed.
    public func attach(_ subscription: any BusSubscription, to id: StoreID) {
        attached[id, default: []].append(subscription)
    }

    /// The store with this id if `runtimeID` owns it.
    public func store(_ id: StoreID, runtimeID: String?) throws(StoreError) -> any MountedStore {
        guard let entry = stores[id], entry.store.runtime.id == runtimeID else { throw .unknownStore }
        return entry.store
    }

    public var count: Int { stores.count }

    /// The stores of one runtime that this process hosts.
    public func stores(ofRuntime id: String) -> [any MountedStore] {
        stores.values.filter { $0.store.runtime.id == id }.map(\.store)
    }

    /// Whether this process hosts the store (for any runtime).
    public func hosts(_ id: StoreID) -> Bool { stores[id] != nil }

    /// Shuts a runtime down: every store of it closes its subscribers, dispatch throws RuntimeShutDown.
    public func shutDownRuntime(_ id: String) async {
        let context = runtime(id)
        await context.shutDownNow()
        for entry in stores.values where entry.store.runtime.id == id {
            await entry.store.runtimeDidShutDown()
        }
    }

    /// Forgets a store and stops answering for it (process shutdown, or handing it to another worker).
    public func remove(_ id: StoreID) async {
        for subscription in attached.removeValue(forKey: id) ?? [] { await subscription.cancel() }
        guard let entry = stores.removeValue(forKey: id) else { return }
        await entry.subscription?.cancel()
    }

    /// Forgets every store once its snapshot is stored, so another worker can adopt it as it last was.
    public func removeAll() async {
        for entry in stores.values { await entry.store.flush() }
        for id in Array(stores.keys) { await remove(id) }
    }
}
