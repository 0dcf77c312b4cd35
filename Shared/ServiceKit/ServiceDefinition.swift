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
    /// How to rebuild each kind of store this service hosts from its snapshot, when a worker adopts a
    /// store whose worker is gone.
    public var restorers: @Sendable (ServiceContext) -> [String: StoreEndpoint.Restorer]

    public init(
        name: String, migrations: [Migration] = [],
        methods: @escaping @Sendable (ServiceContext) async throws -> [RPCMethod],
        internalMethods: @escaping @Sendable (ServiceContext) async throws -> [RPCMethod] = { _ in [] },
        restorers: @escaping @Sendable (ServiceContext) -> [String: StoreEndpoint.Restorer] = { _ in [:] },
        background: @escaping @Sendable (ServiceContext) -> [Task<Void, Never>] = { _ in [] }
    ) {
        self.name = name
        self.migrations = migrations
        self.methods = methods
        self.internalMethods = internalMethods
        self.restorers = restorers
        self.background = background
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
