import Bus
import FolioAPI
import FolioModel

/// The store members on the bus: a mount method on the service's queue-group subject, and one owned
/// subject per mounted store (`folio.<service>.store.<id>`) answered by the worker that hosts it, with
/// serial delivery so dispatches keep their order while `store.next` waits beside them.
public struct StoreEndpoint: Sendable {
    public let service: StoreService
    public let transport: any BusTransport
    public let registry: StoreRegistry
    /// One router answers the subjects of every store this endpoint serves: it finds the store by id.
    private let router: RPCRouter

    public init(service: StoreService, transport: any BusTransport, registry: StoreRegistry) {
        self.service = service
        self.transport = transport
        self.registry = registry
        self.router = Self.storeRouter(registry: registry)
    }

    /// The mount method for `spec`: `make` builds the store for the calling runtime; the result is
    /// `{storeId}`.
    public func mountMethod(
        _ spec: RPCMethodSpec,
        make: @escaping @Sendable (RPCCall, RuntimeContext, StoreID) async throws -> any MountedStore
    ) -> RPCMethod {
        spec.handled { call in
            let runtimeID = try call.string("runtimeId")
            let runtime = await registry.runtime(runtimeID)
            if runtime.isShutDown { throw StoreError.runtimeShutDown }
            let id = StoreID.generate(for: service)
            do {
                let store = try await make(call, runtime, id)
                try await serve(store)
            } catch {
                // What the store began to follow while it was made goes with it.
                await registry.remove(id)
                throw error
            }
            return ["storeId": .string(id.rawValue)]
        }
    }

    /// Rebuilds a store of one kind from its snapshot, on the worker that adopts it.
    public typealias Restorer = @Sendable (StoreSnapshot, RuntimeContext) async throws -> any MountedStore

    /// `store.adopt`: takes over a store whose worker is gone, from its snapshot; `UNKNOWN_STORE` when there
    /// is no snapshot or no restorer for its kind. A store that answers on its subject (its worker is alive, or
    /// another worker took it first) is left where it is, and so is one that another worker took over from the
    /// same owner in the meantime: the adoption then probes for that worker's answer, ten times 100 ms apart.
    public static func adoptMethod(
        transport: any BusTransport, registry: StoreRegistry, persistence: any SnapshotPersistence,
        restorers: [String: Restorer]
    ) -> RPCMethod {
        StoreMethods.adopt.handled { call in
            guard let id = StoreID(try call.string("storeId")) else { throw StoreError.unknownStore }
            @Sendable func answered() async -> Bool {
                (try? await transport.request(subject: BusSubjects.store(id), payload: [], timeout: .milliseconds(200)))
                    != nil
            }
            try await registry.adoptOnce(id) {
                if await registry.hosts(id) { return }
                // Read before the probe: the adoption takes the store only from this owner.
                guard let owner = try await persistence.owner(of: id) else { throw StoreError.unknownStore }
                // A store whose worker answers again (a slow worker, or an adoption elsewhere) stays where it is.
                if await answered() { return }
                guard let snapshot = try await persistence.adopt(id, from: owner) else {
                    guard try await persistence.owner(of: id) != nil else { throw StoreError.unknownStore }
                    for _ in 0..<10 {
                        if await answered() { break }
                        try await Task.sleep(for: .milliseconds(100))
                    }
                    return
                }
                guard let restore = restorers[snapshot.kind] else { throw StoreError.unknownStore }
                let endpoint = StoreEndpoint(service: id.service, transport: transport, registry: registry)
                do {
                    let store = try await restore(snapshot, await registry.runtime(snapshot.runtimeID))
                    try await endpoint.serve(store)
                } catch {
                    // What the rebuilt store began to follow goes with it; the next adoption starts afresh.
                    await registry.remove(id)
                    throw error
                }
                registry.observer?.storeAdopted(kind: snapshot.kind)
            }
            return ["adopted": true]
        }
    }

    /// Starts answering the store's own subject and registers it.
    public func serve(_ store: any MountedStore) async throws {
        let subscription = try await transport.serve(router, subject: BusSubjects.store(store.id), delivery: .serial)
        await registry.register(store, subscription: subscription)
    }

    /// The store members, looked up by id and checked against the calling runtime.
    static func storeRouter(registry: StoreRegistry) -> RPCRouter {
        @Sendable func lookup(_ call: RPCCall) async throws -> any MountedStore {
            guard let id = StoreID(try call.string("storeId")) else { throw StoreError.unknownStore }
            return try await registry.store(id, runtimeID: try call.optionalString("runtimeId"))
        }
        return RPCRouter([
            StoreMethods.dispatch.handled { call in
                let dispatchID = try call.optionalString("dispatchId")
                if let dispatchID, dispatchID.isEmpty || dispatchID.utf8.count > StoreDispatchIDs.maxLength {
                    throw JSONRPCError.invalidParams(
                        "dispatchId must be 1 to \(StoreDispatchIDs.maxLength) bytes")
                }
                try await lookup(call).dispatch(json: call.params["action"] ?? .null, dispatchID: dispatchID)
                return .null
            },
            StoreMethods.state.handled { call in
                try await lookup(call).state().json
            },
            StoreMethods.next.handled { call in
                let store = try await lookup(call)
                let after = call.value("afterVersion")?.intValue
                let requested = call.value("timeoutMs")?.intValue ?? StoreMethods.defaultNextTimeoutMs
                let timeout = Duration.milliseconds(min(max(requested, 0), StoreMethods.maxNextTimeoutMs))
                // Deltas are the default; `delta: false` asks for the whole model.
                let delta = call.value("delta")?.boolValue ?? true
                // Kept from before the wait, the patch of the change that ends the wait is there too.
                if delta, after != nil { await store.keepPatches() }
                guard let model = await store.next(afterVersion: after, timeout: timeout) else { return .null }
                // A client that holds version `after` gets the patch from it, when it is kept.
                if delta, let after, let patch = await store.patch(from: after, to: model.version) {
                    return ModelDelta(version: model.version, baseVersion: after, patch: patch).json
                }
                return model.json
            },
            StoreMethods.close.handled { call in
                await registry.close(try await lookup(call).id)
                return .null
            },
        ]).observed(by: registry.observer)
    }
}
