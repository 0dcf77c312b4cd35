import Bus
import Crypto
import FolioAPI
import FolioModel
import Lifecycle
import Postgres
import ServiceKit
import Synchronization
import WireModel
import XCTest

@testable import AuthService

/// A sign-in whose runtime shut down before its session switched: the runtime is gone, so its session is left as
/// it was and nothing is announced for it.
final class SessionSwitchTests: AuthServiceOnBusTestCase {
    typealias F = AuthFixtures

    private let key = try! Ed25519.PrivateKey(seed: [UInt8](repeating: 7, count: 32))

    private func switcher(keyFetches: KeyFetches) -> SessionSwitch {
        let database = service.context.database
        let jwks = JWKSet(keys: [JWK(publicKey: key.publicKey, kid: "k1")])
        return SessionSwitch(
            verifier: SessionTokenVerifier(policy: SessionTokenPolicy()) {
                keyFetches.count.withLock { $0 += 1 }
                return jwks
            },
            sessions: RuntimeSessions(database: database),
            facts: { runtimeID in try await RuntimeFacts.read(runtimeID: runtimeID, database: database) },
            transport: bus, logger: Logger(service: "auth-switch-test", minimumLevel: .error))
    }

    private func sessionRow(_ runtimeID: String) async throws -> [String] {
        let rows = try await service.context.database.query(
            """
            SELECT identity::text AS identity, status, updated_at::text AS updated_at FROM runtime_sessions
            WHERE runtime_id = \(runtimeID)
            """)
        let row = try XCTUnwrap(rows.first)
        return [
            try row.decode(String.self, "identity"), try row.decode(String.self, "status"),
            try row.decode(String.self, "updated_at"),
        ]
    }

    func testTheSessionOfARuntimeThatShutDownIsNeitherSwitchedNorKeptNorAnnounced() async throws {
        let created = try await create()
        let runtimeID = try XCTUnwrap(created["runtimeId"]?.stringValue)
        _ = try await client.call(subject, "runtime.shutdown", ["runtimeId": .string(runtimeID)])
        let before = try await sessionRow(runtimeID)
        let announced = Mutex<[String]>([])
        let subscription = try await bus.subscribe(
            subject: SessionChanged.subjectBase + ".>", queueGroup: nil, delivery: .concurrent
        ) { message in
            announced.withLock { $0.append(message.subject) }
            return .now(nil)
        }
        let keyFetches = KeyFetches()

        // Signed with a key id: checking it would fetch Folio's keys.
        let token = try JWS.sign(
            payload: Array(#"{"typ":"folio-session"}"#.utf8),
            protectedHeader: #"{"alg":"EdDSA","kid":"k1","typ":"JWT"}"#, key: key)

        let switched = await switcher(keyFetches: keyFetches).switchTo(
            AuthCompletion(identity: F.identity, session: F.session, sessionToken: token), runtimeID: runtimeID)

        XCTAssertFalse(switched)
        XCTAssertEqual(keyFetches.count.withLock { $0 }, 0, "no token is checked for a runtime that is gone")
        XCTAssertEqual(announced.withLock { $0 }, [], "nothing is announced for a runtime that is gone")
        let after = try await sessionRow(runtimeID)
        XCTAssertEqual(after, before, "the session of a runtime that is gone stays as it was")
        await subscription.cancel()
    }

    func testARuntimeThatShutDownAfterItsFactsWereReadKeepsItsSessionAsItEnded() async throws {
        let created = try await create()
        let runtimeID = try XCTUnwrap(created["runtimeId"]?.stringValue)
        _ = try await client.call(subject, "runtime.shutdown", ["runtimeId": .string(runtimeID)])
        let before = try await sessionRow(runtimeID)
        let sessions = RuntimeSessions(database: service.context.database)

        let replaced = try await sessions.switchTo(
            SessionIdentity(folio: F.identity), folioSessionID: F.session.id, runtimeID: runtimeID)
        let kept = try await sessions.keepPrevious(runtimeID: runtimeID)

        XCTAssertNil(replaced, "no switch is recorded for a runtime that is gone")
        XCTAssertNil(kept, "no identity is kept again for a runtime that is gone")
        let after = try await sessionRow(runtimeID)
        XCTAssertEqual(after, before, "the session of a runtime that is gone stays as it was")
    }
}

/// How many times the verifier fetched Folio's keys.
private final class KeyFetches: Sendable {
    let count = Mutex(0)
}
