import FolioClient
import HTTP

extension ServiceContext {
    /// The service's Folio client (FOLIO_API_URL, FOLIO_API_KEY) with calls that give up after `timeoutSeconds`.
    /// Every answer shares the one client of the process and its connections; only the timeout differs.
    public func folioClient(timeoutSeconds: Int = 10) -> FolioClient {
        folio.calling(timeout: .seconds(timeoutSeconds))
    }

    /// Long polls (the vault's change feed, up to `watchSeconds` + 10) take connections of this pool too, so
    /// it has room for them besides the calls that answer at once.
    static let folioConnections = 8
    /// curl's own limit; each call's shorter timeout ends it earlier.
    static let folioTransferLimit = Duration.seconds(120)

    static func makeFolioClient(_ configuration: ServiceConfiguration) -> FolioClient {
        FolioClient(
            configuration: .init(baseURL: configuration.folioAPIURL, apiKey: configuration.folioAPIKey),
            httpClient: HTTPClient(
                configuration: .init(timeout: folioTransferLimit, maxConnections: folioConnections)))
    }
}
