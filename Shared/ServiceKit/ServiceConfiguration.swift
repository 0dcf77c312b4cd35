import Bus
import Crypto
import Foundation
import Lifecycle

/// What every service process reads from its environment (docs/operations.md).
public struct ServiceConfiguration: Sendable {
    public var databaseURL: String
    public var natsURL: String
    /// This process's NATS user, password and TLS (`FOLIO_NATS_USER`, `FOLIO_NATS_PASSWORD[_FILE]`,
    /// `FOLIO_NATS_TLS_*`).
    public var natsAccess: NATSAccess
    public var databasePoolSize: Int
    public var logLevel: Logger.Level
    public var workerID: String
    public var busTimeout: Duration
    public var queueCapacity: Int
    /// Where Folio (the FolioEmulator in development) answers, and the key the services present.
    public var folioAPIURL: String
    public var folioAPIKey: String
    /// Folio's selfie proxy: the only liveness service a selfie capture may name.
    public var folioSelfieProxyURL: String
    /// Seals the secrets this service keeps at rest (`FOLIO_SECRETS_KEY`, `FOLIO_SECRETS_PREVIOUS_KEYS`).
    public var secrets: SecretSealer
    /// The issuer of Folio's session tokens (`FOLIO_SESSION_TOKEN_ISSUER`).
    public var sessionTokenIssuer: String
    /// The clock skew allowed on a session token's `iat` and `exp` (`FOLIO_SESSION_TOKEN_LEEWAY_SECONDS`).
    public var sessionTokenLeewaySeconds: Int64
    /// Where the process serves its own metrics and health (`FOLIO_METRICS_HOST`, `FOLIO_METRICS_PORT`): nil
    /// serves none, 0 picks a free port.
    public var metricsHost = "127.0.0.1"
    public var metricsPort: UInt16?

    public init(
        databaseURL: String, natsURL: String, databasePoolSize: Int = 4, logLevel: Logger.Level = .info,
        workerID: String = ServiceConfiguration.defaultWorkerID(), busTimeout: Duration = .seconds(10),
        queueCapacity: Int = 64, folioAPIURL: String = "http://127.0.0.1:8090", folioAPIKey: String = "",
        natsAccess: NATSAccess = .anonymous, secrets: SecretSealer = SecretsKeyConfiguration.publicTestSealer,
        sessionTokenIssuer: String = "folio-emulator", sessionTokenLeewaySeconds: Int64 = 60
    ) {
        self.databaseURL = databaseURL
        self.natsURL = natsURL
        self.natsAccess = natsAccess
        self.databasePoolSize = databasePoolSize
        self.logLevel = logLevel
        self.workerID = workerID
        self.busTimeout = busTimeout
        self.queueCapacity = queueCapacity
        self.folioAPIURL = folioAPIURL
        self.folioAPIKey = folioAPIKey
        folioSelfieProxyURL = folioAPIURL + "/v1/selfie-proxy"
        self.secrets = secrets
        self.sessionTokenIssuer = sessionTokenIssuer
        self.sessionTokenLeewaySeconds = sessionTokenLeewaySeconds
    }

    public static func fromEnvironment(_ environment: Environment = Environment()) throws -> ServiceConfiguration {
        let levelText = environment.string("FOLIO_LOG_LEVEL", default: "info")
        guard let level = Logger.Level(rawValue: levelText) else {
            throw Environment.Invalid(
                variable: "FOLIO_LOG_LEVEL", value: levelText, expected: "debug, info, warning or error")
        }
        let folioAPIURL = environment.string("FOLIO_API_URL", default: "http://127.0.0.1:8090")
        var configuration = ServiceConfiguration(
            databaseURL: environment.string(
                "FOLIO_DATABASE_URL", default: "postgresql://postgres@127.0.0.1:5432/postgres"),
            natsURL: environment.string("FOLIO_NATS_URL", default: "nats://127.0.0.1:4222"),
            databasePoolSize: try environment.int("FOLIO_DB_POOL_SIZE", default: 4),
            logLevel: level,
            workerID: environment.string("FOLIO_WORKER_ID", default: defaultWorkerID()),
            busTimeout: .milliseconds(try environment.int("FOLIO_BUS_TIMEOUT_MS", default: 10_000)),
            queueCapacity: try environment.int("FOLIO_RUNTIME_QUEUE_CAPACITY", default: 64),
            folioAPIURL: folioAPIURL,
            folioAPIKey: environment.string("FOLIO_API_KEY", default: ""),
            natsAccess: try NATSAccess.fromEnvironment(environment.values),
            secrets: try SecretsKeyConfiguration.sealer(environment),
            sessionTokenIssuer: environment.string("FOLIO_SESSION_TOKEN_ISSUER", default: "folio-emulator"),
            sessionTokenLeewaySeconds: Int64(try leeway(environment)))
        configuration.folioSelfieProxyURL = environment.string(
            "FOLIO_SELFIE_PROXY_URL", default: configuration.folioSelfieProxyURL)
        configuration.metricsHost = environment.string("FOLIO_METRICS_HOST", default: configuration.metricsHost)
        if environment.optionalString("FOLIO_METRICS_PORT") != nil {
            configuration.metricsPort = try environment.port("FOLIO_METRICS_PORT", default: 0)
        }
        return configuration
    }

    private static func leeway(_ environment: Environment) throws -> Int {
        let seconds = try environment.int("FOLIO_SESSION_TOKEN_LEEWAY_SECONDS", default: 60)
        guard (0...600).contains(seconds) else {
            throw Environment.Invalid(
                variable: "FOLIO_SESSION_TOKEN_LEEWAY_SECONDS", value: String(seconds), expected: "0 to 600 seconds")
        }
        return seconds
    }

    public static func defaultWorkerID() -> String {
        "\(ProcessInfo.processInfo.hostName)-\(ProcessInfo.processInfo.processIdentifier)"
    }
}
