import Crypto
import FolioEmulator
import Lifecycle
import XCTest

final class ConfigurationTests: XCTestCase {
    func testTestModeDefaults() throws {
        let configuration = try EmulatorConfiguration(environment: Environment([:]))
        XCTAssertEqual(configuration.host, "127.0.0.1")
        XCTAssertEqual(configuration.port, 8090)
        XCTAssertEqual(configuration.fixturesPath, "Services/FolioEmulator/Fixtures")
        XCTAssertEqual(configuration.mode, .test)
        XCTAssertEqual(configuration.signingSeed, EmulatorConfiguration.defaultTestSigningSeed)
        XCTAssertEqual(configuration.apiKey, EmulatorConfiguration.defaultTestAPIKey)
        XCTAssertEqual(configuration.adminKey, EmulatorConfiguration.defaultTestAdminKey)
        XCTAssertEqual(configuration.clockStart, EmulatorClock.defaultTestInstant)
        XCTAssertEqual(configuration.logLevel, .info)
    }

    func testEveryVariableIsRead() throws {
        let seed = String(repeating: "ab", count: 32)
        let configuration = try EmulatorConfiguration(
            environment: Environment([
                "FOLIO_EMULATOR_HOST": "0.0.0.0", "FOLIO_EMULATOR_PORT": "9001",
                "FOLIO_EMULATOR_FIXTURES": "/srv/fixtures", "FOLIO_EMULATOR_MODE": "live",
                "FOLIO_EMULATOR_SIGNING_SEED": seed, "FOLIO_EMULATOR_API_KEY": "api",
                "FOLIO_EMULATOR_ADMIN_KEY": "admin", "FOLIO_EMULATOR_CLOCK_START": "2030-06-01T12:00:00Z",
                "FOLIO_EMULATOR_LOG_LEVEL": "warning",
            ]))
        XCTAssertEqual(configuration.host, "0.0.0.0")
        XCTAssertEqual(configuration.port, 9001)
        XCTAssertEqual(configuration.fixturesPath, "/srv/fixtures")
        XCTAssertEqual(configuration.mode, .live)
        XCTAssertEqual(configuration.signingSeed, try Hex.decode(seed))
        XCTAssertEqual(configuration.apiKey, "api")
        XCTAssertEqual(configuration.adminKey, "admin")
        XCTAssertEqual(configuration.clockStart, Date(timeIntervalSince1970: 1_906_545_600))
        XCTAssertEqual(configuration.logLevel, .warning)
    }

    func testLiveModeNeedsKeysAndDrawsARandomSeed() throws {
        XCTAssertThrowsError(
            try EmulatorConfiguration(environment: Environment(["FOLIO_EMULATOR_MODE": "live"]))
        ) { error in
            XCTAssertEqual(error as? EmulatorError, .invalidConfiguration)
            XCTAssertTrue("\(error)".contains("FOLIO_EMULATOR_API_KEY"))
        }
        let environment = Environment([
            "FOLIO_EMULATOR_MODE": "live", "FOLIO_EMULATOR_API_KEY": "a", "FOLIO_EMULATOR_ADMIN_KEY": "b",
        ])
        let first = try EmulatorConfiguration(environment: environment)
        let second = try EmulatorConfiguration(environment: environment)
        XCTAssertEqual(first.signingSeed.count, 32)
        XCTAssertNotEqual(first.signingSeed, second.signingSeed)
        XCTAssertNotEqual(first.signingSeed, EmulatorConfiguration.defaultTestSigningSeed)
    }

    func testTheTestClockStandsStillUnlessItIsSetToRun() throws {
        XCTAssertFalse(try EmulatorConfiguration(environment: Environment([:])).clockRuns)
        XCTAssertTrue(
            try EmulatorConfiguration(environment: Environment(["FOLIO_EMULATOR_CLOCK": "running"])).clockRuns)
    }

    func testInvalidValuesAreRejected() {
        let invalid: [[String: String]] = [
            ["FOLIO_EMULATOR_MODE": "staging"],
            ["FOLIO_EMULATOR_PORT": "70000"],
            ["FOLIO_EMULATOR_SIGNING_SEED": "abcd"],
            ["FOLIO_EMULATOR_SIGNING_SEED": String(repeating: "zz", count: 32)],
            ["FOLIO_EMULATOR_CLOCK_START": "next tuesday"],
            ["FOLIO_EMULATOR_CLOCK": "sometimes"],
            ["FOLIO_EMULATOR_LOG_LEVEL": "loud"],
            ["FOLIO_EMULATOR_API_KEY": "same", "FOLIO_EMULATOR_ADMIN_KEY": "same"],
        ]
        for values in invalid {
            XCTAssertThrowsError(try EmulatorConfiguration(environment: Environment(values)), "\(values)") {
                error in
                XCTAssertEqual(error as? EmulatorError, .invalidConfiguration)
            }
        }
    }
}
