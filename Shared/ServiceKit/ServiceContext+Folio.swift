import FolioClient
import HTTP

extension ServiceContext {
    /// A client of the Folio API this service is configured for (FOLIO_API_URL, FOLIO_API_KEY), whose calls give
    /// up after `timeoutSeconds`.
    public func folioClient(timeoutSeconds: Int = 10) -> FolioClient {
        FolioClient(
            configuration: .init(baseURL: configuration.folioAPIURL, apiKey: configuration.folioAPIKey),
            httpClient: HTTPClient(configuration: .init(timeout: .seconds(timeoutSeconds))))
    }
}
