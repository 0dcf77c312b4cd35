import Crypto
import Lifecycle

/// What the VaultService reads from its environment besides the common settings (docs/operations.md).
public struct VaultSettings: Sendable {
    /// `FOLIO_VAULT_KEK` or `FOLIO_VAULT_KEK_FILE`.
    public var keyEncryptionKey: VaultKeyEncryptionKey
    /// `FOLIO_VAULT_NETWORK_PROBE_SECONDS` (default 5): how often Folio's reachability is probed.
    public var networkProbeSeconds: Double
    /// `FOLIO_VAULT_WATCH_SECONDS` (default 20, 1–30): how long a change-feed long poll waits at Folio.
    public var watchSeconds: Int
    /// `FOLIO_VAULT_RETRY_SCALE` (default 1): multiplies the waits of the sync retry schedule; tests shorten
    /// them with it instead of sleeping through them.
    public var retryScale: Double

    public init(
        keyEncryptionKey: VaultKeyEncryptionKey, networkProbeSeconds: Double = 5, watchSeconds: Int = 20,
        retryScale: Double = 1
    ) {
        self.keyEncryptionKey = keyEncryptionKey
        self.networkProbeSeconds = networkProbeSeconds
        self.watchSeconds = watchSeconds
        self.retryScale = retryScale
    }

    public static func fromEnvironment(_ environment: Lifecycle.Environment = Lifecycle.Environment()) throws
        -> VaultSettings
    {
        let probe = Double(environment.string("FOLIO_VAULT_NETWORK_PROBE_SECONDS", default: "5")) ?? -1
        let watch = try environment.int("FOLIO_VAULT_WATCH_SECONDS", default: 20)
        let scale = Double(environment.string("FOLIO_VAULT_RETRY_SCALE", default: "1")) ?? -1
        guard probe > 0, (1...30).contains(watch), scale > 0 else {
            throw VaultKeyError(
                "FOLIO_VAULT_NETWORK_PROBE_SECONDS and FOLIO_VAULT_RETRY_SCALE must be positive numbers, FOLIO_VAULT_WATCH_SECONDS 1-30"
            )
        }
        return VaultSettings(
            keyEncryptionKey: try VaultKeyEncryptionKey.load(environment), networkProbeSeconds: probe,
            watchSeconds: watch, retryScale: scale)
    }
}
