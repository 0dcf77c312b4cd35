import FolioClient
import FolioEmulator
import FolioModel
import XCTest

/// Every vault route acts for an active session of an authenticated account.
final class VaultSessionTests: VaultTestCase {
    func testAVaultCallWithoutSessionHeaderIsRefused() async throws {
        let harness = try await startEmulator()
        let answer = try await harness.raw("GET", "/v1/vault/records", headers: harness.apiAuth)
        XCTAssertEqual(answer.status, 400)
        XCTAssertEqual(answer.json["error"]?["code"], "SESSION_REQUIRED")
    }

    func testUnknownEndedExpiredAndGuestSessionsAreRefused() async throws {
        let harness = try await startEmulator()
        let unknown = await vaultError { () async throws(FolioVaultError) in
            try await harness.client.vault(sessionId: "ses_nope").records()
        }
        XCTAssertEqual(unknown?.code, .sessionNotFound)
        XCTAssertEqual(unknown?.status, 404)

        let ended = try await user(harness, Self.chen)
        _ = try await harness.client.endSession(id: ended.sessionId)
        let signedOut = await vaultError { () async throws(FolioVaultError) in try await ended.vault.records() }
        XCTAssertEqual(signedOut?.code, .sessionExpired)
        XCTAssertEqual(signedOut?.status, 410)

        let expired = try await user(harness, Self.chen)
        try await harness.admin.expireSession(id: expired.sessionId)
        let byFolio = await vaultError { () async throws(FolioVaultError) in try await expired.vault.changes() }
        XCTAssertEqual(byFolio?.code, .sessionExpired)

        let lapsed = try await user(harness, Self.dana)
        try await harness.admin.advanceClock(seconds: 86_400)
        let byLifetime = await vaultError { () async throws(FolioVaultError) in try await lapsed.vault.records() }
        XCTAssertEqual(byLifetime?.code, .sessionExpired)

        let guestStart = try await harness.client.startCeremony(
            FolioCeremonyStart(
                organizationId: "org_kiosk", kind: .signIn(identifier: nil), device: AuthTestCase.device,
                supportsPasskeys: false), idempotencyKey: key())
        let guestSession = try XCTUnwrap(guestStart.completion).session
        let guest = await vaultError { () async throws(FolioVaultError) in
            try await harness.client.vault(sessionId: guestSession.id).records()
        }
        XCTAssertEqual(guest?.code, .guestSession)
        XCTAssertEqual(guest?.status, 422)
        XCTAssertEqual(guest?.isRetryable, false)
    }

    func testAdminSessionIsAnActiveAuthenticatedSession() async throws {
        let harness = try await startEmulator()
        let session = try await harness.admin.createSession(accountId: "acct_chen", deviceId: "dev_bench")
        XCTAssertEqual(session.organizationId, "org_bluebank")
        XCTAssertEqual(session.expiresAt, EmulatorClock.defaultTestInstant + 86_400)
        let read = try await harness.client.session(id: session.id)
        XCTAssertEqual(read.status, .active)
        XCTAssertEqual(read.identity, .authenticated(userId: "acct_chen", email: "chen.wei@example.net"))
        XCTAssertEqual(read.deviceId, "dev_bench")
        do throws(EmulatorError) {
            _ = try await harness.admin.createSession(accountId: "acct_nobody")
            XCTFail("an unknown account got a session")
        } catch {
            XCTAssertTrue(error.detail.contains("ACCOUNT_NOT_FOUND"), error.detail)
        }
    }

    func testChangingCallsNeedAnIdempotencyKeyScopedToTheAccount() async throws {
        let harness = try await startEmulator()
        let chen = try await user(harness, Self.chen)
        let dana = try await user(harness, Self.dana)
        let body = #"{"kind": {"type": "RECORD"}, "schema": "note", "version": 1, "ciphertext": "AAEC"}"#
        var headers = harness.apiAuth
        headers["Folio-Session-Id"] = chen.sessionId
        headers["Content-Type"] = "application/json"
        let missing = try await harness.raw("POST", "/v1/vault/records", headers: headers, body: body)
        XCTAssertEqual(missing.status, 400)
        XCTAssertEqual(missing.json["error"]?["code"], "IDEMPOTENCY_KEY_REQUIRED")
        let noKeyPut = try await harness.raw("PUT", "/v1/vault/folders/fld_x/members/rec_y", headers: headers)
        XCTAssertEqual(noKeyPut.json["error"]?["code"], "IDEMPOTENCY_KEY_REQUIRED")

        headers["Idempotency-Key"] = "shared-key"
        let first = try await harness.raw("POST", "/v1/vault/records", headers: headers, body: body)
        XCTAssertEqual(first.status, 201)
        headers["Folio-Session-Id"] = dana.sessionId
        let other = try await harness.raw("POST", "/v1/vault/records", headers: headers, body: body)
        XCTAssertEqual(other.status, 422)
        XCTAssertEqual(other.json["error"]?["code"], "IDEMPOTENCY_KEY_REUSED")
        let danaVault = try await harness.admin.vaultAccount(id: dana.accountId)
        XCTAssertEqual(danaVault.records, 0)
    }

    func testAPushRepeatedFromANewSessionOfTheSameAccountReplays() async throws {
        let harness = try await startEmulator()
        let before = try await user(harness, Self.chen)
        let create = FolioVaultRecordCreate(schema: "note", version: 1, ciphertext: try Self.seal("x"))
        let first = try await before.vault.createRecord(create, idempotencyKey: "push-after-crash")
        let after = try await user(harness, Self.chen)
        let again = try await after.vault.createRecord(create, idempotencyKey: "push-after-crash")
        XCTAssertEqual(again, first)
        let stored = try await harness.admin.vaultAccount(id: "acct_chen")
        XCTAssertEqual(stored.records, 1)
    }
}
