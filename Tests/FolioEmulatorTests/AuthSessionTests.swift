import Crypto
import FolioClient
import FolioEmulator
import FolioModel
import XCTest

final class AuthSessionTests: AuthTestCase {
    private func signedIn(_ harness: Harness) async throws -> FolioCeremonyCompletion {
        let done = try await signInWithPassword(harness, email: "chen.wei@example.net", password: Self.chenPassword)
        return try XCTUnwrap(done.completion, "\(done.step)")
    }

    func testSessionsAreCreatedReadAndEnded() async throws {
        let harness = try await startEmulator()
        let completion = try await signedIn(harness)
        let session = completion.session
        XCTAssertEqual(session.createdAt, EmulatorClock.defaultTestInstant)
        XCTAssertEqual(session.expiresAt, EmulatorClock.defaultTestInstant + 86_400)
        XCTAssertNil(session.endedAt)
        let read = try await harness.client.session(id: session.id)
        XCTAssertEqual(read, session)

        try await harness.admin.advanceClock(seconds: 60)
        let ended = try await harness.client.endSession(id: session.id)
        XCTAssertEqual(ended.status, .ended)
        XCTAssertEqual(ended.endedAt, EmulatorClock.defaultTestInstant + 60)
        let again = try await harness.client.endSession(id: session.id)
        XCTAssertEqual(again, ended)
        let stored = try await harness.client.session(id: session.id)
        XCTAssertEqual(stored, ended)

        let missing = await authError { () async throws(FolioAuthError) in
            try await harness.client.session(id: "ses_nope")
        }
        XCTAssertEqual(missing?.code, .sessionNotFound)
        XCTAssertEqual(missing?.status, 404)
    }

    func testFolioEndsSessionsByAdminAndByLifetime() async throws {
        let harness = try await startEmulator()
        let first = try await signedIn(harness).session
        let second = try await signedIn(harness).session
        let expired = try await harness.admin.expireSession(id: first.id)
        XCTAssertEqual(expired["status"], ["type": "EXPIRED"])
        let read = try await harness.client.session(id: first.id)
        XCTAssertEqual(read.status, .expired)

        try await harness.admin.advanceClock(seconds: 86_400)
        let lapsed = try await harness.client.session(id: second.id)
        XCTAssertEqual(lapsed.status, .expired)
        XCTAssertEqual(lapsed.endedAt, second.expiresAt)

        let changes = try await harness.client.sessionChanges()
        XCTAssertEqual(changes.items.map(\.session.id), [first.id, second.id])
        XCTAssertEqual(changes.items.map(\.sequence), [1, 2])
        let none = try await harness.client.sessionChanges(cursor: changes.nextCursor)
        XCTAssertEqual(none.items, [])
        XCTAssertEqual(none.nextCursor, changes.nextCursor)
        let paged = try await harness.client.sessionChanges(limit: 1)
        XCTAssertEqual(paged.items.map(\.session.id), [first.id])
        let rest = try await harness.client.sessionChanges(cursor: paged.nextCursor)
        XCTAssertEqual(rest.items.map(\.session.id), [second.id])

        let badCursor = await authError { () async throws(FolioAuthError) in
            try await harness.client.sessionChanges(cursor: "nope")
        }
        XCTAssertEqual(badCursor?.code, .other("INVALID_CURSOR"))
    }

    func testChangeFeedLongPollWakesOnSignOut() async throws {
        let harness = try await startEmulator()
        let session = try await signedIn(harness).session
        let start = try await harness.client.sessionChanges()
        XCTAssertEqual(start.items, [])
        let client = harness.client
        let watcher = Task { () throws(FolioAuthError) -> FolioSessionChanges in
            try await client.sessionChanges(cursor: start.nextCursor, waitSeconds: 10)
        }
        _ = try await harness.client.endSession(id: session.id)
        let woke = try await watcher.value
        XCTAssertEqual(woke.items.map(\.session.id), [session.id])
        XCTAssertEqual(woke.items.first?.session.status, .ended)
    }

    func testVerificationConfirmsThePersonWithoutANewSession() async throws {
        let harness = try await startEmulator()
        let signedIn = try await signedIn(harness)
        let operation = FolioVerificationOperation(
            operationType: .deleteAccount, binding: "sha256:abc", displayText: "Delete your account")
        let ceremony = try await start(harness, .verification(sessionId: signedIn.session.id, operation: operation))
        let step = try awaiting(ceremony)
        XCTAssertEqual(step.phase.method, .password)
        let otp = try await harness.client.selectAlternative(ceremonyId: ceremony.id, .otp, idempotencyKey: key())
        guard case .otp(let phase) = try awaiting(otp).phase else { return XCTFail() }
        XCTAssertFalse(phase.canResend)
        let code = try await harness.admin.lastCode(to: "chen.wei@example.net")
        let done = try await answer(harness, otp, .otp(code: code))
        let completion = try XCTUnwrap(done.completion, "\(done.step)")
        XCTAssertEqual(completion.identity, signedIn.identity)
        XCTAssertEqual(completion.session, signedIn.session)
        XCTAssertNil(completion.sessionToken)
        let verification = try XCTUnwrap(completion.verification)
        XCTAssertEqual(verification.operation, operation)
        let jwks = try await harness.client.jwks()
        let key = try XCTUnwrap(jwks.keys.first).publicKey()
        let claims = try JSONParser.parse(try JWS.verify(verification.token, publicKey: key).payload)
        XCTAssertEqual(claims["sid"]?.stringValue, signedIn.session.id)
        XCTAssertEqual(claims["op"]?["operationType"], ["type": "DELETE_ACCOUNT"])
        XCTAssertEqual(claims["op"]?["binding"], "sha256:abc")

        // An ended session cannot be verified.
        _ = try await harness.client.endSession(id: signedIn.session.id)
        let ended = await authError { () async throws(FolioAuthError) in
            try await harness.client.startCeremony(
                FolioCeremonyStart(
                    organizationId: "org_bluebank", kind: .verification(sessionId: signedIn.session.id, operation: nil),
                    device: Self.device, supportsPasskeys: false), idempotencyKey: self.key())
        }
        XCTAssertEqual(ended?.code, .sessionExpired)
    }

    func testGuestSignInIsTransient() async throws {
        let harness = try await startEmulator()
        let ceremony = try await start(harness, .signIn(identifier: nil), organization: "org_kiosk")
        let completion = try XCTUnwrap(ceremony.completion, "\(ceremony.step)")
        guard case .transient(let guestId) = completion.identity else { return XCTFail("\(completion.identity)") }
        XCTAssertTrue(guestId.hasPrefix("gst_"))
        XCTAssertEqual(completion.session.identity, completion.identity)
        XCTAssertNotNil(completion.sessionToken)
        let guest = await authError { () async throws(FolioAuthError) in
            try await harness.client.startCeremony(
                FolioCeremonyStart(
                    organizationId: "org_kiosk", kind: .verification(sessionId: completion.session.id, operation: nil),
                    device: Self.device, supportsPasskeys: false), idempotencyKey: self.key())
        }
        XCTAssertEqual(guest?.code, .unknownAccount)
    }

    func testCancelAndExpiryEndTheCeremony() async throws {
        let harness = try await startEmulator()
        let cancelled = try await signIn(harness, email: "chen.wei@example.net")
        let result = try await harness.client.cancelCeremony(ceremonyId: cancelled.id, idempotencyKey: key())
        XCTAssertEqual(result.failure?.code, .cancelled)
        let twice = await authError { () async throws(FolioAuthError) in
            try await harness.client.cancelCeremony(ceremonyId: cancelled.id, idempotencyKey: self.key())
        }
        XCTAssertEqual(twice?.code, .ceremonyEnded)

        let ceremony = try await signIn(harness, email: "chen.wei@example.net")
        let answer = try await passwordAnswer(Self.chenPassword, for: ceremony)
        try await harness.admin.advanceClock(seconds: 900)
        let expired = await authError { () async throws(FolioAuthError) in
            try await harness.client.answer(ceremonyId: ceremony.id, answer, idempotencyKey: self.key())
        }
        XCTAssertEqual(expired?.code, .ceremonyExpired)
        XCTAssertEqual(expired?.status, 410)
        let read = try await harness.client.ceremony(id: ceremony.id)
        XCTAssertEqual(read.failure?.code, .ceremonyExpired)
    }
}

/// The change feed reports a session that an operator expired.
final class AuthSessionFeedTests: AuthTestCase {
    func testAnAdminExpiredSessionAppearsInTheChangeFeed() async throws {
        let harness = try await startEmulator()
        let done = try await signInWithPassword(harness, email: "chen.wei@example.net", password: Self.chenPassword)
        let session = try XCTUnwrap(done.completion).session
        let start = try await harness.client.sessionChanges()
        _ = try await harness.admin.expireSession(id: session.id)
        let changes = try await harness.client.sessionChanges(cursor: start.nextCursor, waitSeconds: 2)
        XCTAssertEqual(changes.items.map(\.session.id), [session.id])
        XCTAssertEqual(changes.items.first?.session.status, .expired)
    }
}
