import HTTP
import Lifecycle

/// Everything the Gateway reads from its environment (docs/gateway.md lists each variable).
public struct GatewayConfiguration: Sendable {
    /// The address to bind (`FOLIO_GATEWAY_HOST`).
    public var host: String
    /// The port to bind, 0 for an ephemeral one (`FOLIO_GATEWAY_PORT`).
    public var port: UInt16
    /// The NATS server (`FOLIO_NATS_URL`).
    public var natsURL: String
    /// The largest `POST /rpc` body (`FOLIO_GATEWAY_MAX_BODY_BYTES`). The default fits a 32 MiB image in
    /// base64 (about 43 MiB) with its JSON-RPC envelope.
    public var maxBodyBytes: Int
    /// The deepest nesting of arrays and objects a request may have (`FOLIO_GATEWAY_MAX_JSON_DEPTH`).
    public var maxJSONDepth: Int
    /// The most requests one batch may hold (`FOLIO_GATEWAY_MAX_BATCH`).
    public var maxBatchSize: Int
    /// Requests per second per client, refilled continuously; 0 turns rate limiting off
    /// (`FOLIO_GATEWAY_RATE_LIMIT`).
    public var rateLimit: Double
    /// How many requests a client may send at once before the rate applies (`FOLIO_GATEWAY_RATE_BURST`).
    public var rateBurst: Int
    /// How long a forwarded call waits for its service (`FOLIO_GATEWAY_BUS_TIMEOUT_MS`).
    public var busTimeout: Duration
    /// How long a verified token is trusted without asking the AuthService again; 0 turns the cache off
    /// (`FOLIO_GATEWAY_TOKEN_CACHE_SECONDS`).
    public var tokenCacheTTL: Duration
    /// The most tokens the cache holds.
    public var tokenCacheCapacity: Int
    /// How long an SSE stream waits for a change before it writes a keepalive comment
    /// (`FOLIO_GATEWAY_SSE_KEEPALIVE_MS`).
    public var sseKeepalive: Duration
    /// A folder whose files are served for GET requests outside the API routes, or nil
    /// (`FOLIO_GATEWAY_STATIC_ROOT`).
    public var staticRoot: String?
    /// How long shutdown waits for in-flight requests (`FOLIO_GATEWAY_SHUTDOWN_GRACE_MS`).
    public var shutdownGracePeriod: Duration
    /// The lowest log level written (`FOLIO_LOG_LEVEL`).
    public var logLevel: Logger.Level
    /// The certificate and key the Gateway serves HTTPS with, nil for plain HTTP
    /// (`FOLIO_GATEWAY_TLS_CERT_FILE`, `FOLIO_GATEWAY_TLS_KEY_FILE`).
    public var tls: HTTPServer.TLSIdentity?

    /// How much longer than its wait a `store.next` call may take on the bus.
    public static let nextTimeoutMargin: Duration = .seconds(5)

    /// Creates a configuration; every default is the one documented for the environment variable.
    public init(
        host: String = "127.0.0.1", port: UInt16 = 8080, natsURL: String = "nats://127.0.0.1:4222",
        maxBodyBytes: Int = 48 << 20, maxJSONDepth: Int = 64, maxBatchSize: Int = 100,
        rateLimit: Double = 50, rateBurst: Int = 100, busTimeout: Duration = .seconds(10),
        tokenCacheTTL: Duration = .seconds(30), tokenCacheCapacity: Int = 10_000,
        sseKeepalive: Duration = .seconds(15), staticRoot: String? = nil,
        shutdownGracePeriod: Duration = .seconds(10), logLevel: Logger.Level = .info,
        tls: HTTPServer.TLSIdentity? = nil
    ) {
        self.host = host
        self.port = port
        self.natsURL = natsURL
        self.maxBodyBytes = maxBodyBytes
        self.maxJSONDepth = maxJSONDepth
        self.maxBatchSize = maxBatchSize
        self.rateLimit = rateLimit
        self.rateBurst = rateBurst
        self.busTimeout = busTimeout
        self.tokenCacheTTL = tokenCacheTTL
        self.tokenCacheCapacity = tokenCacheCapacity
        self.sseKeepalive = sseKeepalive
        self.staticRoot = staticRoot
        self.shutdownGracePeriod = shutdownGracePeriod
        self.logLevel = logLevel
        self.tls = tls
    }
}
