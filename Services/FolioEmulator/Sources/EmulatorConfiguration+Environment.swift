import Crypto
import Foundation
import Lifecycle

extension EmulatorConfiguration {
    /// Reads the configuration from `FOLIO_EMULATOR_*` variables.
    ///
    /// In live mode `FOLIO_EMULATOR_API_KEY` and `FOLIO_EMULATOR_ADMIN_KEY` are required and an unset
    /// `FOLIO_EMULATOR_SIGNING_SEED` means a random key; in test mode all three have documented defaults.
    public init(environment: Environment) throws(EmulatorError) {
        let modeText = environment.string("FOLIO_EMULATOR_MODE", default: "test").lowercased()
        guard let mode = EmulatorMode(rawValue: modeText) else {
            throw .invalidConfiguration("FOLIO_EMULATOR_MODE=\(modeText): expected test or live")
        }
        let port: UInt16
        do {
            port = try environment.port("FOLIO_EMULATOR_PORT", default: 8090)
        } catch {
            throw .invalidConfiguration("\(error)")
        }

        let seed: [UInt8]
        if let text = environment.optionalString("FOLIO_EMULATOR_SIGNING_SEED") {
            guard let bytes = try? Hex.decode(text), bytes.count == Ed25519.seedLength else {
                throw .invalidConfiguration("FOLIO_EMULATOR_SIGNING_SEED: expected 64 hex digits (32 bytes)")
            }
            seed = bytes
        } else {
            seed = mode == .test ? Self.defaultTestSigningSeed : Random.bytes(Ed25519.seedLength)
        }

        func key(_ name: String, testDefault: String) throws(EmulatorError) -> String {
            if let value = environment.optionalString(name) { return value }
            guard mode == .test else { throw .invalidConfiguration("\(name) is required in live mode") }
            return testDefault
        }
        let apiKey = try key("FOLIO_EMULATOR_API_KEY", testDefault: Self.defaultTestAPIKey)
        let adminKey = try key("FOLIO_EMULATOR_ADMIN_KEY", testDefault: Self.defaultTestAdminKey)
        guard apiKey != adminKey else {
            throw .invalidConfiguration("FOLIO_EMULATOR_API_KEY and FOLIO_EMULATOR_ADMIN_KEY must differ")
        }

        var clockStart = EmulatorClock.defaultTestInstant
        // `now`: the fixed clock starts at the wall clock's time, so services that check Folio's token times
        // against their own clock accept the emulator's tokens.
        if let text = environment.optionalString("FOLIO_EMULATOR_CLOCK_START") {
            if text == "now" {
                clockStart = Date(timeIntervalSince1970: Date().timeIntervalSince1970.rounded(.down))
            } else {
                guard let date = RFC3339.parse(text) else {
                    throw .invalidConfiguration("FOLIO_EMULATOR_CLOCK_START=\(text): expected an RFC 3339 time or now")
                }
                clockStart = date
            }
        }

        let clockText = environment.string("FOLIO_EMULATOR_CLOCK", default: "fixed").lowercased()
        guard clockText == "fixed" || clockText == "running" else {
            throw .invalidConfiguration("FOLIO_EMULATOR_CLOCK=\(clockText): expected fixed or running")
        }

        let levelText = environment.string("FOLIO_EMULATOR_LOG_LEVEL", default: "info").lowercased()
        guard let logLevel = Logger.Level(rawValue: levelText) else {
            throw .invalidConfiguration(
                "FOLIO_EMULATOR_LOG_LEVEL=\(levelText): expected debug, info, warning or error")
        }

        self.init(
            host: environment.string("FOLIO_EMULATOR_HOST", default: "127.0.0.1"), port: port,
            fixturesPath: environment.string("FOLIO_EMULATOR_FIXTURES", default: Self.defaultFixturesPath),
            mode: mode, signingSeed: seed, apiKey: apiKey, adminKey: adminKey, clockStart: clockStart,
            clockRuns: clockText == "running", logLevel: logLevel)
    }
}
