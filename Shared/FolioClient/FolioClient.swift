import HTTP

/// The client every service uses to call Folio (the FolioEmulator in development and tests).
///
/// Sends JSON with `Authorization: Bearer <apiKey>`, decodes JSON answers and turns failures into
/// ``FolioClientError``, whose ``FolioClientError/isRetryable`` tells callers whether to try again.
public struct FolioClient: Sendable {
    /// Settings for a ``FolioClient``.
    public struct Configuration: Sendable {
        /// Where Folio is, e.g. `http://127.0.0.1:8090` (routes start with `/v1`).
        public var baseURL: String
        /// The bearer token sent with every call.
        public var apiKey: String
        /// Limit for one call; a call that takes longer fails with ``FolioClientError/timeout``.
        public var timeout: Duration
        /// Largest accepted answer in bytes; larger ones fail with ``FolioClientError/malformedResponse``.
        public var maxResponseSize: Int

        /// Creates a configuration.
        public init(
            baseURL: String, apiKey: String, timeout: Duration = .seconds(10),
            maxResponseSize: Int = 4 << 20
        ) {
            self.baseURL = baseURL
            self.apiKey = apiKey
            self.timeout = timeout
            self.maxResponseSize = maxResponseSize
        }
    }

    /// The configuration the client was created with.
    public let configuration: Configuration
    let httpClient: HTTPClient
    let baseURL: String
    /// Told of every call, for the process's metrics (nil: nobody).
    public let observer: (any FolioCallObserver)?

    /// Creates a client that sends through `httpClient` (share one per process: it keeps connections).
    public init(configuration: Configuration, httpClient: HTTPClient, observer: (any FolioCallObserver)? = nil) {
        self.configuration = configuration
        self.httpClient = httpClient
        self.observer = observer
        var base = configuration.baseURL
        while base.hasSuffix("/") { base.removeLast() }
        baseURL = base
    }

    /// This client with calls that give up after `timeout`: the same connections and settings otherwise, so a
    /// caller that waits longer (a long poll) or shorter (a health probe) needs no client of its own.
    public func calling(timeout: Duration) -> FolioClient {
        var configuration = configuration
        configuration.timeout = timeout
        return FolioClient(configuration: configuration, httpClient: httpClient, observer: observer)
    }
}
