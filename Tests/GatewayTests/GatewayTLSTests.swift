import FolioModel
import Foundation
import GatewayService
import HTTP
import Lifecycle
import TestSupport
import XCTest

/// A certificate and key made for one test with Debian's `openssl`: self-signed, for 127.0.0.1, valid one day.
struct TestCertificate {
    let directory: URL
    var certificatePath: String { directory.appendingPathComponent("cert.pem").path }
    var keyPath: String { directory.appendingPathComponent("key.pem").path }

    init() throws {
        directory = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent(
            "folio-tls-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let result = try runTool(
            "/usr/bin/openssl",
            [
                "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes",
                "-keyout", keyPath, "-out", certificatePath, "-days", "1", "-subj", "/CN=127.0.0.1",
                "-addext", "subjectAltName=IP:127.0.0.1",
            ])
        guard result.status == 0 else { throw TLSTestError("openssl failed: \(result.output)") }
    }

    var identity: HTTPServer.TLSIdentity {
        get throws {
            HTTPServer.TLSIdentity(
                certificatePEM: try String(contentsOfFile: certificatePath, encoding: .utf8),
                privateKeyPEM: try String(contentsOfFile: keyPath, encoding: .utf8))
        }
    }

    func remove() { try? FileManager.default.removeItem(at: directory) }
}

struct TLSTestError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// Runs a program to its end; its exit status and what it wrote to standard output and error.
func runTool(_ path: String, _ arguments: [String]) throws -> (status: Int32, output: String) {
    let pipe = Pipe()
    let process = try ChildProcess(
        executable: path, arguments: arguments, environment: ProcessInfo.processInfo.environment,
        output: .descriptor(pipe.fileHandleForWriting.fileDescriptor))
    try pipe.fileHandleForWriting.close()
    let output = pipe.fileHandleForReading.readDataToEndOfFile()
    return (process.waitUntilExit(), String(decoding: output, as: UTF8.self))
}

/// The Gateway serving HTTPS itself (`FOLIO_GATEWAY_TLS_CERT_FILE`, `FOLIO_GATEWAY_TLS_KEY_FILE`).
final class GatewayTLSTests: XCTestCase {
    private var certificate: TestCertificate?

    override func setUpWithError() throws {
        try XCTSkipUnless(HTTPServer.supportsTLS, "this libmicrohttpd has no TLS")
        certificate = try TestCertificate()
    }

    override func tearDown() {
        certificate?.remove()
    }

    private func tlsHarness() async throws -> GatewayHarness {
        var configuration = GatewayHarness.testConfiguration()
        configuration.tls = try XCTUnwrap(certificate).identity
        return try await GatewayHarness(configuration: configuration)
    }

    private func curl(_ arguments: [String]) throws -> (status: Int32, output: String) {
        try runTool("/usr/bin/curl", ["-sS", "--max-time", "10"] + arguments)
    }

    func testHTTPSRequestVerifiedAgainstTheTestCertificateGetsTheRPCAnswer() async throws {
        let harness = try await tlsHarness()
        let body = #"{"jsonrpc":"2.0","id":7,"method":"inquiry.health"}"#
        let result = try curl([
            "--cacert", try XCTUnwrap(certificate).certificatePath, "-H", "Content-Type: application/json",
            "--data", body, "https://127.0.0.1:\(harness.gateway.port)/rpc",
        ])
        XCTAssertEqual(result.status, 0, result.output)
        let answer = try JSONParser.parse(Array(result.output.utf8))
        XCTAssertEqual(answer["id"], 7, result.output)
        XCTAssertNotNil(answer["result"], result.output)
    }

    func testPlainHTTPRequestToTheTLSPortGetsNoHTTPAnswer() async throws {
        let harness = try await tlsHarness()
        do {
            let response = try await harness.http.send(
                HTTPClientRequest(method: "GET", url: harness.url("/healthz")))
            XCTFail("plain HTTP was answered with status \(response.status)")
        } catch {}
        let result = try curl(["http://127.0.0.1:\(harness.gateway.port)/healthz"])
        XCTAssertNotEqual(result.status, 0, "curl over plain HTTP: \(result.output)")
    }

    func testHTTPSHealthzWithoutTrustingTheCertificateIsRefusedByTheClient() async throws {
        let harness = try await tlsHarness()
        let result = try curl(["https://127.0.0.1:\(harness.gateway.port)/healthz"])
        XCTAssertEqual(result.status, 60, "curl's certificate-verification failure: \(result.output)")
    }

    func testGatewayWithoutTLSStillServesPlainHTTP() async throws {
        let harness = try await GatewayHarness()
        let response = try await harness.http.send(HTTPClientRequest(method: "GET", url: harness.url("/healthz")))
        XCTAssertEqual(response.status, 200)
    }

    func testStartWithAKeyThatDoesNotMatchTheCertificateThrowsStartFailed() async throws {
        let other = try TestCertificate()
        defer { other.remove() }
        var configuration = GatewayHarness.testConfiguration()
        configuration.tls = HTTPServer.TLSIdentity(
            certificatePEM: try XCTUnwrap(certificate).identity.certificatePEM,
            privateKeyPEM: try other.identity.privateKeyPEM)
        do {
            _ = try await GatewayHarness(configuration: configuration)
            XCTFail("a key of another certificate started the Gateway")
        } catch let error as HTTPServerError {
            XCTAssertEqual(error, .startFailed)
            XCTAssertTrue(error.description.contains("TLS"), error.description)
        }
    }

    // MARK: configuration from the environment

    func testEnvironmentWithBothFilesReadsTheirPEMText() throws {
        let certificate = try XCTUnwrap(certificate)
        let configuration = try GatewayConfiguration(
            environment: Environment([
                "FOLIO_GATEWAY_TLS_CERT_FILE": certificate.certificatePath,
                "FOLIO_GATEWAY_TLS_KEY_FILE": certificate.keyPath,
            ]))
        XCTAssertEqual(configuration.tls, try certificate.identity)
    }

    func testEnvironmentWithNeitherFileServesPlainHTTP() throws {
        XCTAssertNil(try GatewayConfiguration(environment: Environment([:])).tls)
    }

    func testEnvironmentWithOnlyTheCertificateFileThrowsNamingTheKeyVariable() throws {
        let path = try XCTUnwrap(certificate).certificatePath
        XCTAssertThrowsError(try GatewayConfiguration(environment: Environment(["FOLIO_GATEWAY_TLS_CERT_FILE": path])))
        { error in
            XCTAssertTrue(String(describing: error).contains("FOLIO_GATEWAY_TLS_KEY_FILE"), "\(error)")
        }
    }

    func testEnvironmentWithOnlyTheKeyFileThrowsNamingTheCertificateVariable() throws {
        let path = try XCTUnwrap(certificate).keyPath
        XCTAssertThrowsError(try GatewayConfiguration(environment: Environment(["FOLIO_GATEWAY_TLS_KEY_FILE": path]))) {
            error in
            XCTAssertTrue(String(describing: error).contains("FOLIO_GATEWAY_TLS_CERT_FILE"), "\(error)")
        }
    }

    func testEnvironmentWithAMissingCertificateFileThrowsNamingThePath() throws {
        let missing = "/nonexistent/folio-cert.pem"
        XCTAssertThrowsError(
            try GatewayConfiguration(
                environment: Environment([
                    "FOLIO_GATEWAY_TLS_CERT_FILE": missing,
                    "FOLIO_GATEWAY_TLS_KEY_FILE": try XCTUnwrap(certificate).keyPath,
                ]))
        ) { error in
            XCTAssertTrue(String(describing: error).contains(missing), "\(error)")
        }
    }

    func testEnvironmentWithTheKeyFileInPlaceOfTheCertificateThrowsNoPEMCertificate() throws {
        let certificate = try XCTUnwrap(certificate)
        XCTAssertThrowsError(
            try GatewayConfiguration(
                environment: Environment([
                    "FOLIO_GATEWAY_TLS_CERT_FILE": certificate.keyPath,
                    "FOLIO_GATEWAY_TLS_KEY_FILE": certificate.keyPath,
                ]))
        ) { error in
            XCTAssertTrue(String(describing: error).contains("no PEM CERTIFICATE"), "\(error)")
        }
    }
}
