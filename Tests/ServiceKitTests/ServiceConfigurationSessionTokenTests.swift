import Lifecycle
import ServiceKit
import XCTest

/// `FOLIO_SESSION_TOKEN_ISSUER` and `FOLIO_SESSION_TOKEN_LEEWAY_SECONDS`.
final class ServiceConfigurationSessionTokenTests: XCTestCase {
    private let keyText = "AQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQE"  // 32 bytes of 0x01

    func testSessionTokenIssuerAndLeewayDefaultToTheEmulatorAndSixtySeconds() throws {
        let configuration = try ServiceConfiguration.fromEnvironment(Environment(["FOLIO_SECRETS_KEY": keyText]))
        XCTAssertEqual(configuration.sessionTokenIssuer, "folio-emulator")
        XCTAssertEqual(configuration.sessionTokenLeewaySeconds, 60)
    }

    func testSessionTokenLeewayOutsideZeroToSixHundredSecondsFailsToStart() {
        for value in ["-1", "601"] {
            XCTAssertThrowsError(
                try ServiceConfiguration.fromEnvironment(
                    Environment(["FOLIO_SECRETS_KEY": keyText, "FOLIO_SESSION_TOKEN_LEEWAY_SECONDS": value])), value)
        }
    }

    func testSessionTokenIssuerAndLeewayComeFromTheEnvironment() throws {
        let configuration = try ServiceConfiguration.fromEnvironment(
            Environment([
                "FOLIO_SECRETS_KEY": keyText, "FOLIO_SESSION_TOKEN_ISSUER": "https://folio.example",
                "FOLIO_SESSION_TOKEN_LEEWAY_SECONDS": "30",
            ]))
        XCTAssertEqual(configuration.sessionTokenIssuer, "https://folio.example")
        XCTAssertEqual(configuration.sessionTokenLeewaySeconds, 30)
    }
}
