import FolioModel

/// A mounted store of any kind, as the bus endpoint and the registry see it.
public protocol MountedStore: Sendable {
    nonisolated var id: StoreID { get }
    nonisolated var runtime: RuntimeContext { get }
    /// The store's kind (`inquiry`, `vault`), for the process's metrics.
    nonisolated var kind: String { get }
    /// `dispatchID`: the client's key of the action (`StoreDispatchIDs`).
    func dispatch(json: JSONValue, dispatchID: String?) async throws
    func state() async throws(StoreError) -> VersionedModel
    func next(afterVersion: Int64?, timeout: Duration) async -> VersionedModel?
    /// The JSON Patch from the model of version `base` to that of `version`; nil when the store does not keep it.
    func patch(from base: Int64, to version: Int64) async -> JSONPatch?
    /// Keeps the patches of the changes that follow from now on: a client follows the store with deltas.
    func keepPatches() async
    func close() async
    func runtimeDidShutDown() async
    /// Waits until every event received so far is applied and its snapshot stored (a worker that stops hands
    /// its stores to others through those snapshots).
    func flush() async
}

extension StoreHost: MountedStore {}

extension MountedStore {
    /// Stores that do not say their kind.
    public var kind: String { "" }
}
