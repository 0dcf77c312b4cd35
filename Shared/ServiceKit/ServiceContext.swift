import Bus
import FolioClient
import Lifecycle
import Postgres
import StoreKit

/// What a running service hands to its methods: the bus, the database, its logger and the stores it hosts.
public struct ServiceContext: Sendable {
    public let name: String
    public let workerID: String
    public let transport: any BusTransport
    public let database: PostgresPool
    public let logger: Logger
    public let registry: StoreRegistry
    public let configuration: ServiceConfiguration
    /// The process's one client of the Folio API: every store and background task of the service calls Folio
    /// through it (see ``folioClient(timeoutSeconds:)``).
    public let folio: FolioClient
    /// The client of Folio's long polls (the vault's change feed): connections of its own, so polls that wait
    /// never hold up the calls that answer at once (see ``folioLongPollClient(timeoutSeconds:)``).
    public let folioLongPolls: FolioClient
    /// What the process counts, served on its metrics port (docs/operations.md "Metrics"); the routers, the
    /// store registry and the Folio clients report to it.
    public let metrics: ServiceMetrics

    public init(
        name: String, workerID: String, transport: any BusTransport, database: PostgresPool, logger: Logger,
        registry: StoreRegistry, configuration: ServiceConfiguration, metrics: ServiceMetrics? = nil
    ) {
        self.name = name
        self.workerID = workerID
        self.transport = transport
        self.database = database
        self.logger = logger
        self.registry = registry
        self.configuration = configuration
        let metrics = metrics ?? ServiceMetrics(service: name, worker: workerID)
        self.metrics = metrics
        folio = Self.makeFolioClient(configuration, observer: metrics)
        folioLongPolls = Self.makeFolioClient(
            configuration, connections: Self.folioLongPollConnections, observer: metrics)
    }

    public var bus: BusClient { BusClient(transport: transport, timeout: configuration.busTimeout) }

    /// Store snapshots of this service in PostgreSQL, owned by this worker, sealed with the secrets key.
    public var snapshots: PostgresSnapshots {
        PostgresSnapshots(database: database, service: name, worker: workerID, sealer: configuration.secrets)
    }
}
