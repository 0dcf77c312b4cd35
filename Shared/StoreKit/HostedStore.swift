import Bus
import FolioAPI
import FolioModel

/// A store that a service hosts on the bus (docs/store-kit.md "Adding a store"). It declares its reducer, its
/// dependencies, how it starts, how it runs each effect and which bus events it follows; ``StoreRunner``
/// derives the rest: the mount method, the restore after adoption, idempotency keys and the subscriptions.
public protocol HostedStore {
    associatedtype Reducer: StoreReducer
    /// The store's outside world: a struct of closures with a live value and an unimplemented one.
    associatedtype Dependencies: Sendable

    /// The store's kind in its snapshots (`inquiry`, `auth`, `session`, `vault`).
    static var kind: String { get }
    /// The service that hosts it; its store ids carry the service's prefix.
    static var service: StoreService { get }
    /// The public mount method (`inquiry.mount`).
    static var mountSpec: RPCMethodSpec { get }

    /// What one mounted store keeps beside its state for its effects (facts of its runtime read once, a
    /// subscription it moves); `Void` for most stores.
    associatedtype Local: Sendable = Void

    /// The reducer, first state and local values of a store that `call` mounts. Throws
    /// `StoreError.runtimeShutDown` when the runtime is gone, a `JSONRPCError` for params it refuses.
    static func start(_ store: StoreContext<Void>, call: RPCCall, _ dependencies: Dependencies) async throws
        -> StoreStart<Self>

    /// The reducer and local values of a store rebuilt from its snapshot on the worker that adopts it.
    static func restart(_ store: StoreContext<Void>, _ dependencies: Dependencies) async throws -> StoreRestart<Self>

    /// Runs one effect and answers with the events it produced.
    static func run(_ effect: Reducer.Effect, in store: StoreContext<Local>, _ dependencies: Dependencies) async
        -> [Reducer.Event]

    /// Events a store adopted from its snapshot receives first, before it follows anything.
    static var eventsAfterRestore: [Reducer.Event] { get }

    /// The bus events the store follows while it is mounted.
    static func follows(_ dependencies: Dependencies) -> [EventFollow<Self>]

    /// Runs once the store answers on its subject and follows its events: reads again what may have changed
    /// in between (an event published before the subscription reached nobody). `restored`: adopted from its
    /// snapshot. Throws `StoreError.runtimeShutDown` when the runtime is gone.
    static func started(
        _ host: StoreHost<Reducer>, in store: StoreContext<Local>, restored: Bool, _ dependencies: Dependencies
    ) async throws
}

extension HostedStore {
    /// The effect runner of one mounted store.
    public static func effects(of store: StoreContext<Local>, _ dependencies: Dependencies) -> EffectRunner<Reducer> {
        { effect in await run(effect, in: store, dependencies) }
    }

    public static var eventsAfterRestore: [Reducer.Event] { [] }

    public static func follows(_ dependencies: Dependencies) -> [EventFollow<Self>] { [] }

    public static func started(
        _ host: StoreHost<Reducer>, in store: StoreContext<Local>, restored: Bool, _ dependencies: Dependencies
    ) async throws {}
}

/// How a mounted store begins.
public struct StoreStart<Store: HostedStore> {
    public var reducer: Store.Reducer
    public var state: Store.Reducer.State
    public var local: Store.Local

    public init(_ reducer: Store.Reducer, _ state: Store.Reducer.State, local: Store.Local) {
        self.reducer = reducer
        self.state = state
        self.local = local
    }
}

/// How a store adopted from its snapshot begins again.
public struct StoreRestart<Store: HostedStore> {
    public var reducer: Store.Reducer
    public var local: Store.Local

    public init(_ reducer: Store.Reducer, local: Store.Local) {
        self.reducer = reducer
        self.local = local
    }
}

extension StoreStart where Store.Local == Void {
    public init(_ reducer: Store.Reducer, _ state: Store.Reducer.State) { self.init(reducer, state, local: ()) }
}

extension StoreRestart where Store.Local == Void {
    public init(_ reducer: Store.Reducer) { self.init(reducer, local: ()) }
}

/// One mounted store as its effects see it.
public struct StoreContext<Local: Sendable>: Sendable {
    public let id: StoreID
    public let runtime: RuntimeContext
    /// What the store keeps beside its state (`HostedStore.Local`).
    public let local: Local

    public init(id: StoreID, runtime: RuntimeContext, local: Local) {
        self.id = id
        self.runtime = runtime
        self.local = local
    }

    public var runtimeID: String { runtime.id }

    /// The idempotency key of request `requestID` of this store: an effect run again after its worker died
    /// (its snapshot still lists it) sends the same key, so Folio creates nothing twice.
    public func idempotencyKey(_ requestID: UInt64) -> String { "\(id.rawValue)-\(requestID)" }
}

extension StoreContext where Local == Void {
    public init(id: StoreID, runtime: RuntimeContext) { self.init(id: id, runtime: runtime, local: ()) }
}

extension HostedStore {
    /// The store's contract under the name of its mount method, as the OpenRPC document publishes it; empty
    /// for a store that publishes none.
    public static var publishedContract: [String: StoreContract] {
        guard let contract = Reducer.contract else { return [:] }
        return [mountSpec.name: contract]
    }
}
