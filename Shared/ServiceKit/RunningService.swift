import Bus
import FolioAPI
import FolioModel
import Foundation
import Lifecycle
import Postgres
import StoreKit

/// A service process on its way up or down: PostgreSQL reached and migrated, the bus joined, its methods
/// answered on `folio.<name>.rpc` in the service's queue group, runtime shutdowns followed.
public final class RunningService: Sendable {
    public let context: ServiceContext
    private let subscriptions: [any BusSubscription]
    private let background: [Task<Void, Never>]
    /// The metrics port (`FOLIO_METRICS_PORT`), when the process serves one.
    public let metricsServer: MetricsServer?

    private init(
        context: ServiceContext, subscriptions: [any BusSubscription], background: [Task<Void, Never>],
        metricsServer: MetricsServer?
    ) {
        self.context = context
        self.subscriptions = subscriptions
        self.background = background
        self.metricsServer = metricsServer
    }

    /// Starts the service. `transport` replaces the NATS connection in tests.
    public static func start(
        _ definition: ServiceDefinition, configuration: ServiceConfiguration, transport: (any BusTransport)? = nil
    ) async throws -> RunningService {
        let logger = Logger(
            service: definition.name, minimumLevel: configuration.logLevel, metadata: ["worker": configuration.workerID]
        )
        let metrics = ServiceMetrics(service: definition.name, worker: configuration.workerID)
        // Bound first, so a port that is taken stops the start at once; /healthz says `starting` until the end.
        let metricsServer = try configuration.metricsPort.map { port in
            try MetricsServer(host: configuration.metricsHost, port: port, registry: metrics.registry)
        }
        if let metricsServer {
            logger.info(
                "metrics listening", ["host": configuration.metricsHost, "port": String(metricsServer.port)])
        }
        let database = PostgresPool(url: configuration.databaseURL, size: configuration.databasePoolSize)
        logger.info("waiting for PostgreSQL")
        try await database.waitUntilReady(timeout: .seconds(60))
        let common = try await Migrator.apply(
            try ServiceKitMigrations.load(), on: database, schemaTable: "servicekit_schema_migrations",
            lockKey: advisoryLockKey("servicekit"))
        let own = try await Migrator.apply(
            definition.migrations, on: database, schemaTable: "\(definition.name)_schema_migrations",
            lockKey: advisoryLockKey(definition.name))
        logger.info(
            "migrations applied",
            [
                "shared": common.map(String.init).joined(separator: ","),
                "own": own.map(String.init).joined(separator: ","),
            ])

        let bus: any BusTransport
        if let transport {
            bus = transport
        } else {
            logger.info(
                "connecting to NATS",
                [
                    "url": configuration.natsURL, "user": configuration.natsAccess.user ?? "(none)",
                    "tls": configuration.natsAccess.tls == nil ? "off" : "on",
                ])
            bus = try await NATSBus.connect(
                .init(
                    url: configuration.natsURL, name: "\(definition.name)-\(configuration.workerID)",
                    connectTimeout: .seconds(60), access: configuration.natsAccess))
        }
        let registry = StoreRegistry(queueCapacity: configuration.queueCapacity, observer: metrics)
        let context = ServiceContext(
            name: definition.name, workerID: configuration.workerID, transport: bus, database: database, logger: logger,
            registry: registry, configuration: configuration, metrics: metrics)
        _ = try await database.execute(
            """
            INSERT INTO service_workers (service, worker_id) VALUES (\(definition.name), \(configuration.workerID))
            ON CONFLICT (service, worker_id) DO UPDATE SET started_at = now(), last_seen_at = now()
            """)

        let stores = definition.stores(context)
        metrics.hosting(kinds: stores.map(\.kind))
        let adopt = StoreEndpoint.adoptMethod(
            transport: bus, registry: registry, persistence: context.snapshots,
            restorers: Dictionary(stores.map { ($0.kind, $0.restorer) }, uniquingKeysWith: { first, _ in first }))
        let router = RPCRouter(stores.map(\.mountMethod) + (try await definition.methods(context)) + [adopt])
            .observed(by: metrics)
        var subscriptions: [any BusSubscription] = []
        subscriptions.append(
            try await bus.serve(
                router, subject: BusSubjects.rpc(definition.name), queueGroup: BusSubjects.queueGroup(definition.name)))
        let internalMethods = try await definition.internalMethods(context)
        if !internalMethods.isEmpty {
            subscriptions.append(
                try await bus.serve(
                    RPCRouter(internalMethods).observed(by: metrics), subject: BusSubjects.internalRPC(definition.name),
                    queueGroup: BusSubjects.queueGroup(definition.name)))
        }
        subscriptions.append(
            try await bus.subscribe(RuntimeShutDown.self, delivery: .concurrent) { event in
                await registry.shutDownRuntime(event.runtimeID)
                // Nothing adopts a store of a runtime that shut down: its snapshot would only stay. The stores
                // hosted here delete theirs after any write under way; this takes those no worker hosts.
                do {
                    try await context.snapshots.deleteAll(runtimeID: event.runtimeID)
                } catch {
                    logger.warning(
                        "snapshots of a runtime that shut down not deleted",
                        ["runtime": event.runtimeID, "error": String(describing: error)])
                }
            })
        let background = definition.background(context) + [resealSnapshots(context)]
        logger.info("service started", ["subject": BusSubjects.rpc(definition.name)])
        metricsServer?.enter(.running)
        return RunningService(
            context: context, subscriptions: subscriptions, background: background, metricsServer: metricsServer)
    }

    /// Seals the snapshots stored in clear (before sealing existed) or with a previous secrets key.
    private static func resealSnapshots(_ context: ServiceContext) -> Task<Void, Never> {
        Task {
            context.logger.info("secrets key", ["key_id": context.configuration.secrets.currentKeyID])
            do {
                let count = try await context.snapshots.resealAll()
                if count > 0 { context.logger.info("snapshots sealed again", ["count": String(count)]) }
            } catch {
                context.logger.warning("snapshots not sealed again", ["error": String(describing: error)])
            }
        }
    }

    /// Returns once the background work started with the service (its definition's, and the snapshots' reseal)
    /// has ended; work that loops ends only with ``stop()``.
    public func backgroundWorkEnded() async {
        for task in background { await task.value }
    }

    /// Stops answering, lets in-flight work end with its stores, and closes the database pool.
    public func stop() async {
        metricsServer?.enter(.stopping)
        for task in background { task.cancel() }
        for task in background { await task.value }
        for subscription in subscriptions { await subscription.cancel() }
        await context.registry.removeAll()
        await context.database.close()
        await metricsServer?.shutdown()
        context.logger.info("service stopped")
    }
}

/// A stable 64-bit advisory-lock key for a name (FNV-1a), so every process derives the same one.
public func advisoryLockKey(_ name: String) -> Int64 {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in name.utf8 {
        hash ^= UInt64(byte)
        hash = hash &* 0x0000_0100_0000_01b3
    }
    return Int64(bitPattern: hash)
}

/// The whole life of a service process, for its `main.swift`.
public enum ServiceMain {
    /// Ends the process once the service has stopped. Detached worker threads (libcurl transfers such as a long
    /// poll, libnats delivery) may still be running then, and libc's exit handlers tearing down global state under
    /// them crashed a stopped worker now and then ("double free or corruption"), so the process leaves with
    /// `_exit` after flushing its output: everything that needed an orderly end was closed by `stop()`.
    public static func exit(_ status: Int32) -> Never {
        fflush(nil)
        _exit(status)
    }

    public static func run(_ definition: ServiceDefinition) async -> Int32 {
        ShutdownSignal.ignoreBrokenPipes()
        let bootLogger = Logger(service: definition.name)
        if !MemoryRelease.fixAllocatorThresholds() {
            bootLogger.warning("malloc thresholds left dynamic: glibc refused them")
        }
        do {
            let configuration = try ServiceConfiguration.fromEnvironment()
            let service = try await RunningService.start(definition, configuration: configuration)
            let signal = await ShutdownSignal.wait()
            service.context.logger.info("shutting down", ["signal": signal])
            await service.stop()
            return 0
        } catch {
            bootLogger.error("service failed to start", ["error": String(describing: error)])
            return 1
        }
    }
}
