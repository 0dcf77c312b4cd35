import FolioClient
import FolioEmulator
import Synchronization
import XCTest

final class ClockTests: EmulatorTestCase {
    func testClockIsFixedInTestModeAndMovesThroughAdmin() async throws {
        let harness = try await startEmulator()
        let start = EmulatorClock.defaultTestInstant
        let now = try await harness.admin.now()
        XCTAssertEqual(now, start)
        let value1 = try await harness.admin.now()
        XCTAssertEqual(value1, start)

        let advanced = try await harness.admin.advanceClock(seconds: 90)
        XCTAssertEqual(advanced, start.addingTimeInterval(90))
        XCTAssertEqual(harness.server.clock.now(), start.addingTimeInterval(90))

        // Routes read time from the emulator clock.
        let account = try await harness.client.createAccount(
            FolioAccountSignup(organizationId: "org_kiosk", email: "clock@example.com"),
            idempotencyKey: "clock-1")
        XCTAssertEqual(account.createdAt, start.addingTimeInterval(90))

        let target = Date(timeIntervalSince1970: 1_800_000_000)
        let value2 = try await harness.admin.setClock(to: target)
        XCTAssertEqual(value2, target)
        let value3 = try await harness.admin.now()
        XCTAssertEqual(value3, target)
    }

    func testARunningTestClockGoesOnWithTheWallClockFromItsStartAndStillMoves() throws {
        let wall = Mutex(Date(timeIntervalSince1970: 1_900_000_000))
        let start = EmulatorClock.defaultTestInstant
        let clock = EmulatorClock(mode: .test, start: start, runs: true, wallClock: { wall.withLock { $0 } })
        XCTAssertFalse(clock.isFixed)
        XCTAssertEqual(clock.now(), start)
        wall.withLock { $0 = $0.addingTimeInterval(30) }
        XCTAssertEqual(clock.now(), start.addingTimeInterval(30), "30 s of wall clock later")
        XCTAssertEqual(try clock.advance(seconds: 600), start.addingTimeInterval(630))
        let target = Date(timeIntervalSince1970: 1_800_000_000)
        try clock.set(target)
        wall.withLock { $0 = $0.addingTimeInterval(5) }
        XCTAssertEqual(clock.now(), target.addingTimeInterval(5), "it goes on from where it was set")
    }

    func testBadClockRequestsAreRejected() async throws {
        let harness = try await startEmulator()
        var headers = ["Authorization": "Bearer \(harness.server.configuration.adminKey)"]
        headers["Content-Type"] = "application/json"
        for body in [
            #"{"advanceSeconds": -5}"#, #"{"set": "tomorrow"}"#, #"{}"#,
            #"{"advanceSeconds": 1, "set": "2025-01-01T00:00:00Z"}"#,
        ] {
            let response = try await harness.raw("POST", "/admin/clock", headers: headers, body: body)
            XCTAssertEqual(response.status, 400, body)
            XCTAssertEqual(response.json["error"]?["code"], "INVALID_REQUEST", body)
        }
        let value4 = try await harness.admin.now()
        XCTAssertEqual(value4, EmulatorClock.defaultTestInstant)
    }

    func testLiveModeClockCannotBeMoved() async throws {
        let harness = try await startEmulator {
            $0.mode = .live
            $0.apiKey = "live-api"
            $0.adminKey = "live-admin"
        }
        XCTAssertFalse(harness.server.clock.isFixed)
        let response = try await harness.raw(
            "POST", "/admin/clock",
            headers: ["Authorization": "Bearer live-admin", "Content-Type": "application/json"],
            body: #"{"advanceSeconds": 60}"#)
        XCTAssertEqual(response.status, 409)
        XCTAssertEqual(response.json["error"]?["code"], "CLOCK_NOT_ADJUSTABLE")
        do {
            try await harness.admin.advanceClock(seconds: 60)
            XCTFail("the live clock moved")
        } catch {
            XCTAssertEqual(error, .adminRequestFailed)
        }
        XCTAssertThrowsError(try harness.server.clock.advance(seconds: 1)) { error in
            XCTAssertEqual(error as? EmulatorError, .clockNotAdjustable)
        }
    }
}
