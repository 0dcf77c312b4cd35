import AuthService
import Bus
import FolioModel
import ServiceKit
import TestSupport
import XCTest

/// A running AuthService for each test, against the test PostgreSQL, on an in-process bus.
class AuthServiceOnBusTestCase: XCTestCase {
    var bus: InProcessBus!
    var service: RunningService!
    var client: BusClient { BusClient(transport: bus) }
    let subject = BusSubjects.rpc("auth")

    override func setUp() async throws {
        bus = InProcessBus()
        let configuration = ServiceConfiguration(
            databaseURL: try TestEnvironment.databaseURL(), natsURL: "unused", logLevel: .warning, workerID: "auth-test"
        )
        service = try await RunningService.start(
            try AuthService.definition(), configuration: configuration, transport: bus)
    }

    override func tearDown() async throws { await service.stop() }

    func create(_ params: JSONValue = ["organizationId": "org-demo"]) async throws -> JSONValue {
        try await client.call(subject, "runtime.create", params)
    }
}
