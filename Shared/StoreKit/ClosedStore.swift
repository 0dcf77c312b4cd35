import FolioModel

/// What stays of a store once it is closed or its runtime shut down: its subject keeps answering as a closed
/// store (dispatch and state throw, next returns nil) while the store itself, its state and its followers are
/// gone.
struct ClosedStore: MountedStore {
    let id: StoreID
    let runtime: RuntimeContext

    func dispatch(json: JSONValue, dispatchID: String?) async throws { throw refusal }
    func state() async throws(StoreError) -> VersionedModel { throw refusal }
    func next(afterVersion: Int64?, timeout: Duration) async -> VersionedModel? { nil }
    func patch(from base: Int64, to version: Int64) async -> JSONPatch? { nil }
    func keepPatches() async {}
    func close() async {}
    func runtimeDidShutDown() async {}
    func flush() async {}

    private var refusal: StoreError { runtime.isShutDown ? .runtimeShutDown : .storeClosed }
}
