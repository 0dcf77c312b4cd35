import Bus
import Foundation
import XCTest

/// `NATSAccess.fromEnvironment`: the credential and TLS variables of docs/operations.md.
final class NATSAccessEnvironmentTests: XCTestCase {
    func testNoVariablesIsAnonymousWithoutTLS() throws {
        XCTAssertEqual(try NATSAccess.fromEnvironment([:]), .anonymous)
    }

    func testUserAndPasswordAreRead() throws {
        let access = try NATSAccess.fromEnvironment(["FOLIO_NATS_USER": "vault", "FOLIO_NATS_PASSWORD": "s3cret"])
        XCTAssertEqual(access, NATSAccess(user: "vault", password: "s3cret"))
    }

    func testThePasswordFileIsReadWithoutItsTrailingNewline() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("nats-\(UUID().uuidString)")
        try "from-a-file\n".write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        let access = try NATSAccess.fromEnvironment(["FOLIO_NATS_USER": "auth", "FOLIO_NATS_PASSWORD_FILE": file.path])
        XCTAssertEqual(access.password, "from-a-file")
    }

    func testAUserWithoutAPasswordThrowsNamingThePasswordVariable() {
        XCTAssertThrowsError(try NATSAccess.fromEnvironment(["FOLIO_NATS_USER": "auth"])) { error in
            XCTAssertEqual((error as? NATSAccessError)?.variable, "FOLIO_NATS_PASSWORD")
        }
    }

    func testBothPasswordVariablesThrow() {
        let environment = [
            "FOLIO_NATS_USER": "auth", "FOLIO_NATS_PASSWORD": "a", "FOLIO_NATS_PASSWORD_FILE": "/etc/hostname",
        ]
        XCTAssertThrowsError(try NATSAccess.fromEnvironment(environment))
    }

    func testAnUnreadablePasswordFileThrowsNamingTheFile() {
        let environment = ["FOLIO_NATS_USER": "auth", "FOLIO_NATS_PASSWORD_FILE": "/nonexistent/password"]
        XCTAssertThrowsError(try NATSAccess.fromEnvironment(environment)) { error in
            XCTAssertEqual((error as? NATSAccessError)?.variable, "FOLIO_NATS_PASSWORD_FILE")
            XCTAssertTrue("\(error)".contains("/nonexistent/password"))
        }
    }

    func testAUserNameThatIsNotOneSubjectTokenThrows() {
        XCTAssertThrowsError(try NATSAccess.fromEnvironment(["FOLIO_NATS_USER": "a.b", "FOLIO_NATS_PASSWORD": "x"]))
    }

    func testAPasswordWithoutAUserThrows() {
        XCTAssertThrowsError(try NATSAccess.fromEnvironment(["FOLIO_NATS_PASSWORD": "x"])) { error in
            XCTAssertEqual((error as? NATSAccessError)?.variable, "FOLIO_NATS_USER")
        }
    }

    func testTheTLSCAIsReadAndAClientCertificateNeedsItsKey() throws {
        let access = try NATSAccess.fromEnvironment(["FOLIO_NATS_TLS_CA": "/etc/hostname"])
        XCTAssertEqual(access.tls, NATSTLS(caFile: "/etc/hostname"))
        XCTAssertThrowsError(
            try NATSAccess.fromEnvironment([
                "FOLIO_NATS_TLS_CA": "/etc/hostname", "FOLIO_NATS_TLS_CERT": "/etc/hostname",
            ]))
    }
}
