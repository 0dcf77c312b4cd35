import FolioClient
import HTTP

extension ServiceContext {
    /// The service's Folio client (FOLIO_API_URL, FOLIO_API_KEY) with calls that give up after `timeoutSeconds`.
    /// Every call shares the one client of the process and its connections (long polls excepted); only the
    /// timeout differs.
    public func folioClient(timeoutSeconds: Int = 10) -> FolioClient {
        folio.calling(timeout: .seconds(timeoutSeconds))
    }

    /// A long poll of Folio (the vault's change feed) on the long polls' own connections, giving up after
    /// `timeoutSeconds`.
    public func folioLongPollClient(timeoutSeconds: Int) -> FolioClient {
        folioLongPolls.calling(timeout: .seconds(timeoutSeconds))
    }

    /// The calls that answer at once.
    static let folioConnections = 8
    /// Long polls, one per watched account while it waits; each holds one connection (and its worker thread,
    /// started on demand) for up to the watch's wait. Watches beyond it wait for a free connection, never the
    /// calls above.
    static let folioLongPollConnections = 256
    /// curl's own limit; each call's shorter timeout ends it earlier.
    static let folioTransferLimit = Duration.seconds(120)

    static func makeFolioClient(
        _ configuration: ServiceConfiguration, connections: Int = folioConnections,
        observer: (any FolioCallObserver)? = nil
    ) -> FolioClient {
        FolioClient(
            configuration: .init(baseURL: configuration.folioAPIURL, apiKey: configuration.folioAPIKey),
            httpClient: HTTPClient(configuration: .init(timeout: folioTransferLimit, maxConnections: connections)),
            observer: observer)
    }
}
