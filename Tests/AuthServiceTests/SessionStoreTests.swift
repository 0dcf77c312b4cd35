import AuthService
import Bus
import FolioModel
import Postgres
import ServiceKit
import Synchronization
import TestSupport
import XCTest

/// SessionStore mounted on a runtime, against a real PostgreSQL, on the in-process bus.
final class SessionStoreTests: XCTestCase {
    func testSignOutOfAGuestGivesANewGuestRecordedAndAnnounced() async throws {
        let bus = InProcessBus()
        let configuration = ServiceConfiguration(
            databaseURL: try TestEnvironment.databaseURL(), natsURL: "unused", logLevel: .warning, workerID: "auth-ss")
        let service = try await RunningService.start(
            try AuthService.definition(), configuration: configuration, transport: bus)
        let client = BusClient(transport: bus)
        let created = try await client.call(BusSubjects.rpc("auth"), "runtime.create", ["organizationId": "org-demo"])
        let runtimeID = try XCTUnwrap(created["runtimeId"]?.stringValue)
        let announced = Mutex<[JSONValue]>([])
        let events = try await bus.subscribe(
            subject: BusSubjects.sessionChanged(runtimeID: runtimeID), queueGroup: nil, delivery: .concurrent
        ) { message in
            if let model = try? JSONParser.parse(message.payload) { announced.withLock { $0.append(model) } }
            return .now(nil)
        }

        let mounted = try await client.call(BusSubjects.rpc("auth"), "session.mount", ["runtimeId": .string(runtimeID)])
        let id = try XCTUnwrap(mounted["storeId"]?.stringValue.flatMap(StoreID.init))
        let params: JSONObject = ["storeId": .string(id.rawValue), "runtimeId": .string(runtimeID)]
        let initial = try await client.call(BusSubjects.store(id), "store.state", .object(params))
        XCTAssertEqual(initial["model"]?["identity"]?["type"], "TRANSIENT")
        XCTAssertEqual(initial["model"]?["status"], ["type": "DEVICE"])
        let firstGuest = initial["model"]?["identity"]?["value"]?["accountId"]

        var dispatch = params
        dispatch["action"] = ["type": "SIGN_OUT"]
        _ = try await client.call(BusSubjects.store(id), "store.dispatch", .object(dispatch))
        var next = params
        next["afterVersion"] = 0
        next["timeoutMs"] = 5000
        let after = try JSONPatch.wholeModel(
            of: try await client.call(BusSubjects.store(id), "store.next", .object(next)), holding: initial)
        let secondGuest = after["model"]?["identity"]?["value"]?["accountId"]
        XCTAssertEqual(after["model"]?["identity"]?["type"], "TRANSIENT")
        XCTAssertNotEqual(secondGuest, firstGuest, "sign-out returns to a new transient identity")

        var recorded: JSONValue?
        for _ in 0..<50 {
            let rows = try await service.context.database.query(
                "SELECT identity FROM runtime_sessions WHERE runtime_id = \(runtimeID)")
            recorded = try rows.first.map { try JSONParser.parse(try $0.decode(PostgresJSON.self, "identity").text) }
            let heard = announced.withLock { $0.last?["identity"]?["value"]?["accountId"] }
            if recorded?["value"]?["accountId"] == secondGuest, heard == secondGuest { break }
            try await Task.sleep(for: .milliseconds(20))
        }
        XCTAssertEqual(recorded?["value"]?["accountId"], secondGuest, "the runtime's session is recorded")
        XCTAssertEqual(
            announced.withLock { $0.last?["identity"]?["value"]?["accountId"] }, secondGuest, "and announced")

        do {
            _ = try await client.call(
                BusSubjects.store(id), "store.dispatch",
                .object(params.merging(["action": ["type": "SIGN_IN"]]) { _, new in new }))
            XCTFail("an unknown action is invalid params")
        } catch let error as JSONRPCError {
            XCTAssertEqual(error.code, -32602)
        }
        await events.cancel()
        await service.stop()
    }
}
