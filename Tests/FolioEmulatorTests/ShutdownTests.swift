import FolioClient
import FolioEmulator
import XCTest

final class ShutdownTests: EmulatorTestCase {
    func testShutdownLetsInFlightRequestsFinishThenStops() async throws {
        let harness = try await startEmulator()
        // A long delay keeps the request in flight; shutdown ends the delay and the request is answered.
        try await harness.admin.injectFault(EmulatorFault(route: "GET /healthz", count: 1, delayMs: 60_000))
        let client = harness.client
        let inFlight = Task { () throws(FolioClientError) -> FolioHealth in try await client.health() }
        // The fault is used up once the request has reached the emulator.
        while try await !harness.admin.faults().isEmpty {
            try await Task.sleep(for: .milliseconds(10))
        }
        await harness.server.shutdown()
        let health = try await inFlight.value
        XCTAssertEqual(health.status, "ok")
        XCTAssertEqual(harness.server.port, 0)

        let error = await folioError { () async throws(FolioClientError) in
            try await harness.client(http: .init()).health()
        }
        XCTAssertEqual(error, .unreachable)
        XCTAssertEqual(error?.isRetryable, true)
        // A second shutdown is harmless.
        await harness.server.shutdown()
    }

    func testServerCannotStartTwice() async throws {
        let harness = try await startEmulator()
        do {
            try await harness.server.start()
            XCTFail("started twice")
        } catch {
            XCTAssertEqual(error, .startFailed)
        }
    }

    func testBusyPortFailsTheStart() async throws {
        let harness = try await startEmulator()
        let port = harness.server.port
        do {
            _ = try await startEmulator { $0.port = port }
            XCTFail("bound a taken port")
        } catch let error as EmulatorError {
            XCTAssertEqual(error, .startFailed)
        }
    }
}
