extension HTTPClient {
    /// Settings for an ``HTTPClient``.
    public struct Configuration: Sendable {
        /// Limit for a whole request, connect included.
        public var timeout: Duration
        /// Limit for establishing the TCP (and TLS) connection.
        public var connectTimeout: Duration
        /// Largest accepted response body in bytes; larger ones fail with ``HTTPClientError/responseTooLarge``.
        public var maxResponseSize: Int
        /// Number of worker threads, each with its own libcurl handle and connection cache.
        public var maxConnections: Int

        /// Creates a configuration.
        public init(
            timeout: Duration = .seconds(30), connectTimeout: Duration = .seconds(10),
            maxResponseSize: Int = 16 << 20, maxConnections: Int = 4
        ) {
            self.timeout = timeout
            self.connectTimeout = connectTimeout
            self.maxResponseSize = maxResponseSize
            self.maxConnections = maxConnections
        }
    }
}
