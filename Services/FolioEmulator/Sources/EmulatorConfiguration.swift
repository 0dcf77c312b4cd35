import Foundation
import Lifecycle

/// Settings for an ``EmulatorServer``. ``init(environment:)`` reads them from `FOLIO_EMULATOR_*`
/// variables (documented in docs/folio-api.md, "Running the emulator").
public struct EmulatorConfiguration: Sendable {
    /// The IPv4 or IPv6 literal to bind to.
    public var host: String
    /// The port to bind to; 0 picks an ephemeral port.
    public var port: UInt16
    /// The folder whose `*.json` files (recursively) are the fixtures.
    public var fixturesPath: String
    /// Test (deterministic) or live mode.
    public var mode: EmulatorMode
    /// The 32-byte Ed25519 seed of the first signing key.
    public var signingSeed: [UInt8]
    /// The bearer token every `/v1` route requires.
    public var apiKey: String
    /// The bearer token every `/admin` route requires.
    public var adminKey: String
    /// Where the test-mode clock starts (ignored in live mode).
    public var clockStart: Date
    /// Test mode: the clock goes on with the wall clock from `clockStart` instead of standing still.
    public var clockRuns: Bool
    /// Lines below this level are not logged (each request logs one `info` line).
    public var logLevel: Logger.Level

    /// The signing seed used in test mode when `FOLIO_EMULATOR_SIGNING_SEED` is unset (bytes 0x00...0x1f).
    public static let defaultTestSigningSeedHex =
        "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f"
    /// The API key used in test mode when `FOLIO_EMULATOR_API_KEY` is unset.
    public static let defaultTestAPIKey = "folio-emulator-test-api-key"
    /// The admin key used in test mode when `FOLIO_EMULATOR_ADMIN_KEY` is unset.
    public static let defaultTestAdminKey = "folio-emulator-test-admin-key"
    /// The fixtures folder used when `FOLIO_EMULATOR_FIXTURES` is unset, relative to the working directory.
    public static let defaultFixturesPath = "Services/FolioEmulator/Fixtures"

    /// Creates a configuration; the defaults are those of test mode on port 8090.
    public init(
        host: String = "127.0.0.1", port: UInt16 = 8090,
        fixturesPath: String = EmulatorConfiguration.defaultFixturesPath, mode: EmulatorMode = .test,
        signingSeed: [UInt8] = EmulatorConfiguration.defaultTestSigningSeed,
        apiKey: String = EmulatorConfiguration.defaultTestAPIKey,
        adminKey: String = EmulatorConfiguration.defaultTestAdminKey,
        clockStart: Date = EmulatorClock.defaultTestInstant, clockRuns: Bool = false, logLevel: Logger.Level = .info
    ) {
        self.host = host
        self.port = port
        self.fixturesPath = fixturesPath
        self.mode = mode
        self.signingSeed = signingSeed
        self.apiKey = apiKey
        self.adminKey = adminKey
        self.clockStart = clockStart
        self.clockRuns = clockRuns
        self.logLevel = logLevel
    }

    /// The bytes of ``defaultTestSigningSeedHex``.
    public static var defaultTestSigningSeed: [UInt8] { (0..<32).map { UInt8($0) } }
}
