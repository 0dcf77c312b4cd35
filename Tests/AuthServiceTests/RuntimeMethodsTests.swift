import AuthService
import Bus
import FolioModel
import Postgres
import ServiceKit
import Synchronization
import TestSupport
import XCTest

/// runtime.create / verifyToken / shutdown against a real PostgreSQL, on the in-process bus.
final class RuntimeMethodsTests: AuthServiceOnBusTestCase {
    func testCreateReturnsRuntimeTokenAndDeviceCredential() async throws {
        let created = try await create([
            "organizationId": "org-demo", "locale": "de-CH", "capabilities": ["webAuthn": true],
        ])
        let runtimeID = try XCTUnwrap(created["runtimeId"]?.stringValue)
        let token = try XCTUnwrap(created["token"]?.stringValue)
        XCTAssertTrue(token.hasPrefix(runtimeID + "."))
        XCTAssertNotNil(created["deviceCredential"]?.stringValue)
        let verified = try await client.call(subject, "runtime.verifyToken", ["token": .string(token)])
        XCTAssertEqual(verified["runtimeId"]?.stringValue, runtimeID)
        XCTAssertEqual(verified["organizationId"], "org-demo")
    }

    func testTokensAreStoredOnlyAsHashes() async throws {
        let created = try await create()
        let token = try XCTUnwrap(created["token"]?.stringValue)
        let secret = String(token.split(separator: ".")[1])
        let rows = try await service.context.database.query(
            "SELECT token_hash FROM runtimes WHERE id = \(created["runtimeId"]?.stringValue ?? "")")
        let stored = try XCTUnwrap(rows.first).decode([UInt8].self, "token_hash")
        XCTAssertEqual(stored.count, 32)
        XCTAssertFalse(String(decoding: stored, as: UTF8.self).contains(secret))
    }

    func testAForgedOrUnknownTokenVerifiesToNull() async throws {
        let created = try await create()
        let token = try XCTUnwrap(created["token"]?.stringValue)
        let runtimeID = String(token.split(separator: ".")[0])
        let forged = runtimeID + "." + String(repeating: "A", count: 43)
        for candidate in [forged, "garbage", "", "rt_x.y", token + "x"] {
            let verified = try await client.call(subject, "runtime.verifyToken", ["token": .string(candidate)])
            XCTAssertEqual(verified, .null, candidate)
        }
    }

    func testAReturningDeviceIsTheSameDevice() async throws {
        let first = try await create()
        let credential = try XCTUnwrap(first["deviceCredential"])
        let second = try await create(["organizationId": "org-demo", "deviceCredential": credential])
        let firstIdentity = try await client.call(subject, "runtime.verifyToken", ["token": first["token"] ?? .null])
        let secondIdentity = try await client.call(subject, "runtime.verifyToken", ["token": second["token"] ?? .null])
        XCTAssertEqual(firstIdentity["deviceId"], secondIdentity["deviceId"])
        XCTAssertNotEqual(first["runtimeId"], second["runtimeId"])
    }

    func testAForeignDeviceCredentialIsInvalidParams() async throws {
        do {
            _ = try await create([
                "organizationId": "org-demo", "deviceCredential": "dev_aaaaaaaaaaaaaaaaaaaaaaaaaa.AAAA",
            ])
            XCTFail("expected invalid params")
        } catch let error as JSONRPCError {
            XCTAssertEqual(error.code, -32602)
        }
    }

    func testBadParamsAreInvalidParams() async throws {
        for params: JSONValue in [
            [:], ["organizationId": ""], ["organizationId": "org demo"], ["organizationId": "org", "locale": "en_US"],
            ["organizationId": "org", "capabilities": ["webAuthn": "yes"]],
            ["organizationId": "org", "capabilities": "webAuthn"],
            ["organizationId": "org", "capabilities": ["camera": true]],
            ["organizationId": "org", "capabilities": ["platform": "ios 17"]],
            ["organizationId": "org", "capabilities": ["platform": ""]],
            ["organizationId": "org", "capabilities": ["platform": 3]],
        ] {
            do {
                _ = try await create(params)
                XCTFail("accepted \(params)")
            } catch let error as JSONRPCError {
                XCTAssertEqual(error.code, -32602, "\(params)")
            }
        }
    }

    func testShutdownPublishesTheEventAndTheTokenThenVerifiesAsShutDown() async throws {
        let created = try await create()
        let runtimeID = try XCTUnwrap(created["runtimeId"]?.stringValue)
        let events = Mutex<[JSONValue]>([])
        let subscription = try await bus.subscribe(
            subject: BusSubjects.runtimeShutdown, queueGroup: nil, delivery: .concurrent
        ) { message in
            if let event = try? JSONParser.parse(message.payload) { events.withLock { $0.append(event) } }
            return .now(nil)
        }
        _ = try await client.call(subject, "runtime.shutdown", ["runtimeId": .string(runtimeID)])
        XCTAssertEqual(events.withLock { $0 }, [["runtimeId": .string(runtimeID)]])
        let verified = try await client.call(subject, "runtime.verifyToken", ["token": created["token"] ?? .null])
        XCTAssertEqual(verified["runtimeId"]?.stringValue, runtimeID)
        XCTAssertEqual(verified["shutDown"], true, "the token still names its runtime, marked shut down")
        let running = try await create()
        let other = try await client.call(subject, "runtime.verifyToken", ["token": running["token"] ?? .null])
        XCTAssertEqual(other["shutDown"], nil, "a running runtime's identity has no shutDown member")
        _ = try await client.call(subject, "runtime.shutdown", ["runtimeId": .string(runtimeID)])
        XCTAssertEqual(events.withLock { $0.count }, 1, "a second shutdown publishes nothing")
        await subscription.cancel()
    }
}

/// runtime.setLocale and runtime.foreground: recorded, validated, and announced on the bus.
final class RuntimeLocaleAndForegroundTests: XCTestCase {
    func testSetLocaleRecordsTheTagAndAnnouncesIt() async throws {
        let bus = InProcessBus()
        let configuration = ServiceConfiguration(
            databaseURL: try TestEnvironment.databaseURL(), natsURL: "unused", logLevel: .warning,
            workerID: "auth-locale")
        let service = try await RunningService.start(
            try AuthService.definition(), configuration: configuration, transport: bus)
        let client = BusClient(transport: bus)
        let subject = BusSubjects.rpc("auth")
        let created = try await client.call(subject, "runtime.create", ["organizationId": "org-demo"])
        let runtimeID = try XCTUnwrap(created["runtimeId"]?.stringValue)
        let events = Mutex<[JSONValue]>([])
        let subscriptions = [
            try await bus.subscribe(subject: BusSubjects.runtimeLocale, queueGroup: nil, delivery: .concurrent) {
                message in
                if let event = try? JSONParser.parse(message.payload) { events.withLock { $0.append(event) } }
                return .now(nil)
            },
            try await bus.subscribe(subject: BusSubjects.runtimeForeground, queueGroup: nil, delivery: .concurrent) {
                message in
                if let event = try? JSONParser.parse(message.payload) { events.withLock { $0.append(event) } }
                return .now(nil)
            },
        ]

        _ = try await client.call(subject, "runtime.setLocale", ["runtimeId": .string(runtimeID), "locale": "de-CH"])
        let rows = try await service.context.database.query("SELECT locale FROM runtimes WHERE id = \(runtimeID)")
        XCTAssertEqual(try rows.first?.decode(String.self, "locale"), "de-CH")
        _ = try await client.call(subject, "runtime.foreground", ["runtimeId": .string(runtimeID)])
        XCTAssertEqual(
            events.withLock { $0 },
            [["runtimeId": .string(runtimeID), "locale": "de-CH"], ["runtimeId": .string(runtimeID)]])

        do {
            _ = try await client.call(
                subject, "runtime.setLocale", ["runtimeId": .string(runtimeID), "locale": "de_CH"])
            XCTFail("a malformed tag must be refused")
        } catch let error as JSONRPCError {
            XCTAssertEqual(error.code, -32602)
        }
        _ = try await client.call(subject, "runtime.shutdown", ["runtimeId": .string(runtimeID)])
        do {
            _ = try await client.call(subject, "runtime.setLocale", ["runtimeId": .string(runtimeID), "locale": "en"])
            XCTFail("a shut-down runtime has no locale to set")
        } catch let error as JSONRPCError {
            XCTAssertEqual(error.folioCode, .runtimeShutDown)
        }
        for subscription in subscriptions { await subscription.cancel() }
        await service.stop()
    }
}

/// Every runtime starts with a session: a new guest on a new device, the last identity on a returning one.
final class RuntimeSessionTests: XCTestCase {
    func testANewDeviceStartsWithAGuestAndAReturningDeviceWithItsLastIdentity() async throws {
        let bus = InProcessBus()
        let configuration = ServiceConfiguration(
            databaseURL: try TestEnvironment.databaseURL(), natsURL: "unused", logLevel: .warning,
            workerID: "auth-session")
        let service = try await RunningService.start(
            try AuthService.definition(), configuration: configuration, transport: bus)
        let client = BusClient(transport: bus)
        let subject = BusSubjects.rpc("auth")
        let database = service.context.database

        let first = try await client.call(subject, "runtime.create", ["organizationId": "org-demo"])
        let firstID = try XCTUnwrap(first["runtimeId"]?.stringValue)
        var rows = try await database.query(
            "SELECT identity, status FROM runtime_sessions WHERE runtime_id = \(firstID)")
        let identity = try JSONParser.parse(try XCTUnwrap(rows.first).decode(PostgresJSON.self, "identity").text)
        XCTAssertEqual(identity["type"], "TRANSIENT")
        XCTAssertTrue(identity["value"]?["accountId"]?.stringValue?.hasPrefix("guest_") == true)
        XCTAssertEqual(try rows.first?.decode(String.self, "status"), "DEVICE")

        // The first runtime signs in (as the AuthStore will record it), then the device comes back.
        let signedIn = PostgresJSON(
            #"{"type":"AUTHENTICATED","value":{"userId":"acct_chen","email":"chen@example.com"}}"#)
        _ = try await database.execute(
            "UPDATE runtime_sessions SET identity = \(signedIn), status = 'ACTIVE', updated_at = now() WHERE runtime_id = \(firstID)"
        )
        let second = try await client.call(
            subject, "runtime.create",
            ["organizationId": "org-demo", "deviceCredential": first["deviceCredential"] ?? .null])
        let secondID = try XCTUnwrap(second["runtimeId"]?.stringValue)
        rows = try await database.query("SELECT identity, status FROM runtime_sessions WHERE runtime_id = \(secondID)")
        let restored = try JSONParser.parse(try XCTUnwrap(rows.first).decode(PostgresJSON.self, "identity").text)
        XCTAssertEqual(restored["value"]?["userId"], "acct_chen", "the identity restored on this device")
        XCTAssertEqual(try rows.first?.decode(String.self, "status"), "DEVICE")

        let other = try await client.call(subject, "runtime.create", ["organizationId": "org-demo"])
        let otherID = try XCTUnwrap(other["runtimeId"]?.stringValue)
        rows = try await database.query("SELECT identity FROM runtime_sessions WHERE runtime_id = \(otherID)")
        let otherIdentity = try JSONParser.parse(try XCTUnwrap(rows.first).decode(PostgresJSON.self, "identity").text)
        XCTAssertEqual(otherIdentity["type"], "TRANSIENT", "another device gets its own guest")
        XCTAssertNotEqual(otherIdentity, identity)
        await service.stop()
    }
}
