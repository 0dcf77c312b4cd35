extension HTTPServer {
    /// Settings for an ``HTTPServer``.
    public struct Configuration: Sendable {
        /// The IPv4 or IPv6 literal to bind to.
        public var host: String
        /// The port to bind to; 0 picks an ephemeral port (read it back from ``HTTPServer/port``).
        public var port: UInt16
        /// Largest accepted request body in bytes; larger requests get 413.
        public var maxBodySize: Int
        /// Most simultaneous TCP connections.
        public var connectionLimit: Int
        /// Idle connections are closed after this long (suspended requests never time out).
        public var connectionTimeout: Duration
        /// Per-connection memory pool for headers and I/O buffers.
        public var connectionMemoryLimit: Int
        /// Number of libmicrohttpd polling threads.
        public var threadCount: Int
        /// How long ``HTTPServer/shutdown()`` waits for in-flight requests before closing them.
        public var shutdownGracePeriod: Duration
        /// What a request whose body is over ``maxBodySize`` gets (the connection is closed after it).
        public var payloadTooLargeResponse: HTTPResponse
        /// Paths (exact, as in ``HTTPRequest/path``) whose bodies have a limit of their own instead of
        /// ``maxBodySize`` and ``payloadTooLargeResponse``.
        public var bodyLimits: [String: BodyLimit]
        /// The certificate and key to serve HTTPS with; nil serves plain HTTP.
        public var tls: TLSIdentity?
        /// Paths (exact) whose handler runs on the thread that wakes it instead of a thread of the cooperative
        /// pool: it starts on the polling thread and, after each wait, goes on where the wait ended. For short
        /// handlers that mostly wait on I/O; it saves two thread wake-ups a request. A handler that computes for
        /// long holds up the polling thread, so such paths stay off this list.
        public var inlinePaths: Set<String>

        /// Creates a configuration.
        public init(
            host: String = "127.0.0.1", port: UInt16 = 0, maxBodySize: Int = 1 << 20,
            connectionLimit: Int = 1024, connectionTimeout: Duration = .seconds(60),
            connectionMemoryLimit: Int = 32 << 10, threadCount: Int = 1,
            shutdownGracePeriod: Duration = .seconds(10),
            payloadTooLargeResponse: HTTPResponse = HTTPResponse(
                status: 413, headers: [("Content-Type", "text/plain")], text: "payload too large"),
            bodyLimits: [String: BodyLimit] = [:], tls: TLSIdentity? = nil, inlinePaths: Set<String> = []
        ) {
            self.host = host
            self.port = port
            self.maxBodySize = maxBodySize
            self.connectionLimit = connectionLimit
            self.connectionTimeout = connectionTimeout
            self.connectionMemoryLimit = connectionMemoryLimit
            self.threadCount = threadCount
            self.shutdownGracePeriod = shutdownGracePeriod
            self.payloadTooLargeResponse = payloadTooLargeResponse
            self.bodyLimits = bodyLimits
            self.tls = tls
            self.inlinePaths = inlinePaths
        }

        /// The limit that applies to a body sent to `path`.
        func bodyLimit(for path: String) -> BodyLimit {
            bodyLimits[path] ?? BodyLimit(maxBodySize: maxBodySize, payloadTooLargeResponse: payloadTooLargeResponse)
        }
    }

    /// The largest body one path accepts, and what a larger one gets (the connection is closed after it).
    public struct BodyLimit: Sendable {
        public var maxBodySize: Int
        public var payloadTooLargeResponse: HTTPResponse

        public init(maxBodySize: Int, payloadTooLargeResponse: HTTPResponse) {
            self.maxBodySize = maxBodySize
            self.payloadTooLargeResponse = payloadTooLargeResponse
        }
    }
}
