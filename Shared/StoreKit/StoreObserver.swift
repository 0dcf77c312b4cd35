import Bus

/// Told what the stores of a process do, for its metrics (ServiceKit's `ServiceMetrics`): the registry, the
/// runtimes and the hosts call it, synchronously and cheaply; without one (nil, the default) they call nothing.
/// It also hears every call of the stores' own subjects (``RPCCallObserver``).
public protocol StoreObserver: AnyObject, RPCCallObserver {
    /// A store of this kind answers on its subject now (mounted or adopted).
    func storeMounted(kind: String)
    /// A store of this kind stopped answering as an open store: closed, its runtime shut down, or let go of.
    func storeUnmounted(kind: String)
    /// A store of this kind was adopted from its snapshot (its worker was gone).
    func storeAdopted(kind: String)
    /// The reducers of stores of this kind asked for `count` effects.
    func effectsStarted(kind: String, count: Int)
    /// The effects of stores of this kind asked for and not finished (waiting for their snapshot or running)
    /// went up or down by `delta`.
    func effectsPending(kind: String, delta: Int)
    /// A store of this kind began (`delta` 1) or stopped (-1) counting as open (``StoreReducer/countsAsOpen(_:)``).
    func storesOpen(kind: String, delta: Int)
    /// A queued action of a store of this kind met its runtime's full queue and was dropped.
    func actionDropped(kind: String)
}
