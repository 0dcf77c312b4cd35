import Bus
import Foundation
import Postgres
import StoreKit

/// What makes one service: its bus name, its migrations, and the methods it answers on its queue-group
/// subject. `main.swift` of each service only hands its definition to `ServiceMain.run`.
public struct ServiceDefinition: Sendable {
    public var name: String
    public var migrations: [Migration]
    public var methods: @Sendable (ServiceContext) async throws -> [RPCMethod]
    /// Methods for other services only, answered on `folio.<name>.internal` in the same queue group; nats-server
    /// lets only the services that need them publish there (docs/operations.md "Bus permissions").
    public var internalMethods: @Sendable (ServiceContext) async throws -> [RPCMethod]
    /// Background loops to start once the service is on the bus; cancelled when the service stops.
    public var background: @Sendable (ServiceContext) -> [Task<Void, Never>]
    /// The kinds of store this service hosts (`ServiceContext.hosting`): each one's mount method is answered
    /// with the methods, and its restorer rebuilds a store from its snapshot when a worker adopts a store whose
    /// worker is gone.
    public var stores: @Sendable (ServiceContext) -> [StoreRegistration]

    public init(
        name: String, migrations: [Migration] = [],
        stores: @escaping @Sendable (ServiceContext) -> [StoreRegistration] = { _ in [] },
        methods: @escaping @Sendable (ServiceContext) async throws -> [RPCMethod] = { _ in [] },
        internalMethods: @escaping @Sendable (ServiceContext) async throws -> [RPCMethod] = { _ in [] },
        background: @escaping @Sendable (ServiceContext) -> [Task<Void, Never>] = { _ in [] }
    ) {
        self.name = name
        self.migrations = migrations
        self.stores = stores
        self.methods = methods
        self.internalMethods = internalMethods
        self.background = background
    }
}

extension ServiceContext {
    /// Hosts the stores of one kind on this service with `dependencies`.
    public func hosting<Store: HostedStore>(_ store: Store.Type, _ dependencies: Store.Dependencies)
        -> StoreRegistration
    {
        runner(store, dependencies).registration
    }

    /// The runner of one kind of store on this service's bus, registry and snapshots.
    public func runner<Store: HostedStore>(_ store: Store.Type, _ dependencies: Store.Dependencies) -> StoreRunner<
        Store
    > {
        StoreRunner(store, dependencies: dependencies, transport: transport, registry: registry, persistence: snapshots)
    }
}

/// The shared migrations every service runs (store snapshots, worker registry).
public enum ServiceKitMigrations {
    public static func load() throws -> [Migration] {
        guard let directory = Bundle.module.url(forResource: "Migrations", withExtension: nil) else {
            throw MissingResource(name: "ServiceKit/Migrations")
        }
        return try Migration.load(directory: directory)
    }
}

public struct MissingResource: Error, CustomStringConvertible {
    public let name: String
    public var description: String { "resource \(name) is missing from the build" }

    public init(name: String) { self.name = name }
}
