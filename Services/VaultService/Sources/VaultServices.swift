import FolioClient
import ServiceKit

/// The parts of the VaultService that every VaultStore and method of one process shares (the network monitor,
/// the Folio watches), made once from the service's context.
struct VaultServices: Sendable {
    let context: ServiceContext
    let repository: VaultRepository
    let sync: VaultSync
    let transfer: VaultTransfer
    let watchers: VaultWatchers
    let network: NetworkMonitor
    /// Seconds of a retry wait are multiplied by this (1 in production; tests shorten it).
    let retryScale: Double

    static func live(_ context: ServiceContext, settings: VaultSettings) -> VaultServices {
        let database = VaultDatabase(pool: context.database, keyEncryptionKey: settings.keyEncryptionKey)
        let sync = VaultSync(database: database, folio: context.folio, logger: context.logger)
        return VaultServices(
            context: context,
            repository: VaultRepository(database: database),
            sync: sync, transfer: VaultTransfer(database: database),
            watchers: VaultWatchers(
                sync: sync, longPoll: context.folioLongPollClient(timeoutSeconds: settings.watchSeconds + 10),
                transport: context.transport, waitSeconds: settings.watchSeconds),
            network: NetworkMonitor(folio: context.folioClient(timeoutSeconds: 3)), retryScale: settings.retryScale)
    }
}
