import FolioClient
import FolioEmulator
import FolioModel
import Foundation
import HTTP
import TestSupport
import XCTest

/// A running emulator with a FolioClient and an admin client pointed at it.
struct Harness: Sendable {
    let server: EmulatorServer
    let http: HTTPClient
    let client: FolioClient
    let admin: FolioEmulatorAdmin

    /// A client with another API key or timeout.
    func client(apiKey: String? = nil, timeout: Duration = .seconds(10), http: HTTPClient? = nil)
        -> FolioClient
    {
        FolioClient(
            configuration: .init(
                baseURL: server.baseURL, apiKey: apiKey ?? server.configuration.apiKey, timeout: timeout),
            httpClient: http ?? self.http)
    }

    /// A plain HTTP call, for checking status codes, headers and bodies as sent.
    func raw(
        _ method: String, _ path: String, headers: [String: String] = [:], body: String? = nil
    ) async throws -> (status: Int, headers: [String: String], json: JSONValue) {
        let response = try await http.send(
            HTTPClientRequest(
                method: method, url: server.baseURL + path, headers: headers,
                body: body.map { Array($0.utf8) }))
        let json = response.body.isEmpty ? JSONValue.null : try JSONParser.parse(response.body)
        return (response.status, response.headers, json)
    }

    var apiAuth: [String: String] { ["Authorization": "Bearer \(server.configuration.apiKey)"] }
}

/// Starts emulators on ephemeral ports and shuts them down after each test.
class EmulatorTestCase: XCTestCase {
    private var started: [EmulatorServer] = []

    static var repositoryFixtures: String {
        TestEnvironment.packageRoot().appendingPathComponent("Services/FolioEmulator/Fixtures").path
    }

    /// A test-mode configuration on port 0 with the repository fixtures and quiet logs.
    static func testConfiguration() -> EmulatorConfiguration {
        EmulatorConfiguration(port: 0, fixturesPath: repositoryFixtures, logLevel: .warning)
    }

    func startEmulator(_ configure: (inout EmulatorConfiguration) -> Void = { _ in }) async throws
        -> Harness
    {
        var configuration = Self.testConfiguration()
        configure(&configuration)
        let server = try EmulatorServer(configuration: configuration)
        started.append(server)
        let port = try await server.start()
        XCTAssertNotEqual(port, 0)
        let http = HTTPClient()
        let client = FolioClient(
            configuration: .init(baseURL: server.baseURL, apiKey: configuration.apiKey), httpClient: http)
        return Harness(server: server, http: http, client: client, admin: server.admin(httpClient: http))
    }

    override func tearDown() async throws {
        for server in started { await server.shutdown() }
        started = []
        try await super.tearDown()
    }

    /// The error `body` throws, failing the test if it succeeds.
    func folioError<T>(
        _ body: () async throws(FolioClientError) -> T, file: StaticString = #filePath, line: UInt = #line
    ) async -> FolioClientError? {
        do {
            let value = try await body()
            XCTFail("expected a FolioClientError, got \(value)", file: file, line: line)
            return nil
        } catch {
            return error
        }
    }
}

/// A temporary fixtures folder, removed on deinit.
final class TemporaryFixtures {
    let path: String

    init(_ files: [String: String]) throws {
        path =
            FileManager.default.temporaryDirectory
            .appendingPathComponent("folio-emulator-fixtures-\(UUID().uuidString)").path
        for (name, contents) in files {
            let file = (path as NSString).appendingPathComponent(name)
            try FileManager.default.createDirectory(
                atPath: (file as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try Data(contents.utf8).write(to: URL(fileURLWithPath: file))
        }
        if files.isEmpty {
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        }
    }

    deinit {
        try? FileManager.default.removeItem(atPath: path)
    }

    static let organizations = """
        {"organizations": [{"id": "org_a", "name": "A"}, {"id": "org_b", "name": "B"}]}
        """
}
