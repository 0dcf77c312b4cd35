import Lifecycle

extension GatewayConfiguration {
    /// Reads the configuration from environment variables; an unset variable keeps its default, a
    /// malformed or out-of-range one throws.
    public init(environment: Environment) throws {
        let defaults = GatewayConfiguration()
        let rate = try environment.int("FOLIO_GATEWAY_RATE_LIMIT", default: Int(defaults.rateLimit))
        self.init(
            host: environment.string("FOLIO_GATEWAY_HOST", default: defaults.host),
            port: try environment.port("FOLIO_GATEWAY_PORT", default: defaults.port),
            natsURL: environment.string("FOLIO_NATS_URL", default: defaults.natsURL),
            maxBodyBytes: try Self.positive(environment, "FOLIO_GATEWAY_MAX_BODY_BYTES", defaults.maxBodyBytes),
            maxJSONDepth: try Self.positive(environment, "FOLIO_GATEWAY_MAX_JSON_DEPTH", defaults.maxJSONDepth),
            maxBatchSize: try Self.positive(environment, "FOLIO_GATEWAY_MAX_BATCH", defaults.maxBatchSize),
            rateLimit: Double(try Self.atLeastZero("FOLIO_GATEWAY_RATE_LIMIT", rate)),
            rateBurst: try Self.positive(environment, "FOLIO_GATEWAY_RATE_BURST", max(1, rate * 2)),
            busTimeout: .milliseconds(try Self.positive(environment, "FOLIO_GATEWAY_BUS_TIMEOUT_MS", 10_000)),
            tokenCacheTTL: .seconds(
                try Self.atLeastZero(
                    "FOLIO_GATEWAY_TOKEN_CACHE_SECONDS",
                    try environment.int("FOLIO_GATEWAY_TOKEN_CACHE_SECONDS", default: 30))),
            sseKeepalive: .milliseconds(try Self.positive(environment, "FOLIO_GATEWAY_SSE_KEEPALIVE_MS", 15_000)),
            staticRoot: environment.optionalString("FOLIO_GATEWAY_STATIC_ROOT"),
            shutdownGracePeriod: .milliseconds(
                try Self.atLeastZero(
                    "FOLIO_GATEWAY_SHUTDOWN_GRACE_MS",
                    try environment.int("FOLIO_GATEWAY_SHUTDOWN_GRACE_MS", default: 10_000))),
            logLevel: try Self.level(environment.string("FOLIO_LOG_LEVEL", default: "info")),
            tls: try Self.tls(environment))
    }

    private static func positive(_ environment: Environment, _ name: String, _ fallback: Int) throws -> Int {
        let value = try environment.int(name, default: fallback)
        guard value > 0 else { throw GatewayError.invalidConfiguration(name, "must be greater than 0, got \(value)") }
        return value
    }

    private static func atLeastZero(_ name: String, _ value: Int) throws -> Int {
        guard value >= 0 else { throw GatewayError.invalidConfiguration(name, "must not be negative, got \(value)") }
        return value
    }

    private static func level(_ text: String) throws -> Logger.Level {
        guard let level = Logger.Level(rawValue: text.lowercased()) else {
            throw GatewayError.invalidConfiguration(
                "FOLIO_LOG_LEVEL", "expected debug, info, warning or error, got \(text)")
        }
        return level
    }
}
