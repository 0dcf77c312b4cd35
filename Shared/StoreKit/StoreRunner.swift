import Bus
import FolioAPI
import FolioModel

/// Runs the stores of one kind on a service's bus: the mount method, the restorer for adoption, the effect
/// runner with the store's dependencies, and the bus events the store follows (docs/store-kit.md).
public struct StoreRunner<Store: HostedStore>: Sendable {
    public let dependencies: Store.Dependencies
    let transport: any BusTransport
    let registry: StoreRegistry
    let persistence: (any SnapshotPersistence)?

    public init(
        _ store: Store.Type, dependencies: Store.Dependencies, transport: any BusTransport, registry: StoreRegistry,
        persistence: (any SnapshotPersistence)?
    ) {
        self.dependencies = dependencies
        self.transport = transport
        self.registry = registry
        self.persistence = persistence
    }

    /// What a service lists to host the store: its mount method and its restorer.
    public var registration: StoreRegistration {
        StoreRegistration(kind: Store.kind, mountMethod: mountMethod, restorer: restorer)
    }

    /// `<kind>.mount`: builds the store for the calling runtime; the result is `{storeId}`.
    public var mountMethod: RPCMethod {
        let endpoint = StoreEndpoint(service: Store.service, transport: transport, registry: registry)
        return endpoint.mountMethod(Store.mountSpec) { call, runtime, id in
            let start = try await Store.start(StoreContext(id: id, runtime: runtime), call: call, dependencies)
            let store = StoreContext(id: id, runtime: runtime, local: start.local)
            let host = StoreHost(
                id: id, kind: Store.kind, runtime: runtime, reducer: start.reducer, initialState: start.state,
                persistence: persistence, runEffect: effects(of: store))
            await host.storeMounted()
            try await follow(host, in: store, restored: false)
            return host
        }
    }

    /// Rebuilds a store from its snapshot on the worker that adopts it and runs its unfinished effects again.
    public var restorer: StoreEndpoint.Restorer {
        { snapshot, runtime in
            let restart = try await Store.restart(StoreContext(id: snapshot.storeID, runtime: runtime), dependencies)
            let store = StoreContext(id: snapshot.storeID, runtime: runtime, local: restart.local)
            let host = try await StoreHost.restore(
                snapshot, runtime: runtime, reducer: restart.reducer, persistence: persistence,
                runEffect: effects(of: store))
            for event in Store.eventsAfterRestore { await host.send(event) }
            try await follow(host, in: store, restored: true)
            return host
        }
    }

    func effects(of store: StoreContext<Store.Local>) -> EffectRunner<Store.Reducer> {
        Store.effects(of: store, dependencies)
    }

    /// Subscribes the store to the events it follows (cancelled with it), then lets it read what changed before.
    public func follow(_ host: StoreHost<Store.Reducer>, in store: StoreContext<Store.Local>, restored: Bool)
        async throws
    {
        // What the store keeps beside its state may follow something of its own (the vault's change notices).
        if let subscription = store.local as? any BusSubscription {
            await registry.attach(subscription, to: host.id)
        }
        for follow in Store.follows(dependencies) {
            let subscription = try await follow.subscribe(transport, host, store)
            await registry.attach(subscription, to: host.id)
        }
        try await Store.started(host, in: store, restored: restored, dependencies)
    }
}

/// A kind of store that a service hosts: its mount method on the service's subject and its restorer.
public struct StoreRegistration: Sendable {
    public let kind: String
    public let mountMethod: RPCMethod
    public let restorer: StoreEndpoint.Restorer

    public init(kind: String, mountMethod: RPCMethod, restorer: @escaping StoreEndpoint.Restorer) {
        self.kind = kind
        self.mountMethod = mountMethod
        self.restorer = restorer
    }
}
