import FolioClient
import FolioEmulator
import XCTest

final class IdempotencyTests: EmulatorTestCase {
    func testSameKeyAndBodyReplaysTheFirstAccount() async throws {
        let harness = try await startEmulator()
        let client = harness.client
        let signup = FolioAccountSignup(
            organizationId: "org_acme", email: "new.user@example.com", phone: "+14155550199")
        let first = try await client.createAccount(signup, idempotencyKey: "signup-1")
        XCTAssertEqual(first.email, "new.user@example.com")
        XCTAssertEqual(first.organizationId, "org_acme")
        let again = try await client.createAccount(signup, idempotencyKey: "signup-1")
        XCTAssertEqual(again, first)

        let fetched = try await client.account(id: first.id)
        XCTAssertEqual(fetched, first)
        let all = try await client.paginate { cursor throws(FolioClientError) in
            try await client.accounts(organizationId: "org_acme", cursor: cursor)
        }
        XCTAssertEqual(all.filter { $0.email == "new.user@example.com" }.count, 1)
        XCTAssertEqual(all.count, 3)  // two fixture accounts and this one
    }

    func testReplayIsMarkedAndKeyOrderDoesNotMatter() async throws {
        let harness = try await startEmulator()
        var headers = harness.apiAuth
        headers["Idempotency-Key"] = "raw-1"
        headers["Content-Type"] = "application/json"
        let first = try await harness.raw(
            "POST", "/v1/accounts", headers: headers,
            body: #"{"organizationId": "org_civic", "email": "raw@example.com"}"#)
        XCTAssertEqual(first.status, 201)
        XCTAssertNil(first.headers["idempotent-replayed"])
        let second = try await harness.raw(
            "POST", "/v1/accounts", headers: headers,
            body: #"{ "email":"raw@example.com","organizationId":"org_civic" }"#)
        XCTAssertEqual(second.status, 201)
        XCTAssertEqual(second.headers["idempotent-replayed"], "true")
        XCTAssertEqual(second.json, first.json)
    }

    func testSameKeyWithADifferentBodyIs422() async throws {
        let harness = try await startEmulator()
        let client = harness.client
        let created = try await client.createAccount(
            FolioAccountSignup(organizationId: "org_acme", email: "one@example.com"),
            idempotencyKey: "reused-key")
        let error = await folioError { () async throws(FolioClientError) in
            try await client.createAccount(
                FolioAccountSignup(organizationId: "org_acme", email: "two@example.com"),
                idempotencyKey: "reused-key")
        }
        XCTAssertEqual(error?.status, 422)
        XCTAssertEqual(error?.code, "IDEMPOTENCY_KEY_REUSED")
        XCTAssertEqual(error?.isRetryable, false)
        let accounts = try await client.accounts(organizationId: "org_acme").items
        XCTAssertFalse(accounts.contains { $0.email == "two@example.com" })
        XCTAssertTrue(accounts.contains { $0.id == created.id })
    }

    func testCreatingWithoutAKeyIsRejected() async throws {
        let harness = try await startEmulator()
        let error = await folioError { () async throws(FolioClientError) in
            try await harness.client.send(
                "POST", "/v1/accounts",
                body: FolioAccountSignup(organizationId: "org_acme", email: "nokey@example.com"),
                as: FolioAccount.self)
        }
        XCTAssertEqual(error?.status, 400)
        XCTAssertEqual(error?.code, "IDEMPOTENCY_KEY_REQUIRED")
    }

    func testValidationAndConflicts() async throws {
        let harness = try await startEmulator()
        let client = harness.client
        let taken = await folioError { () async throws(FolioClientError) in
            try await client.createAccount(
                FolioAccountSignup(organizationId: "org_acme", email: "ALICE@example.com"),
                idempotencyKey: "taken")
        }
        XCTAssertEqual(taken?.status, 409)
        XCTAssertEqual(taken?.code, "ACCOUNT_EXISTS")

        let unknownOrganization = await folioError { () async throws(FolioClientError) in
            try await client.createAccount(
                FolioAccountSignup(organizationId: "org_nope", email: "x@example.com"),
                idempotencyKey: "unknown-org")
        }
        XCTAssertEqual(unknownOrganization?.code, "ORGANIZATION_NOT_FOUND")

        for (key, signup) in [
            ("bad-email", FolioAccountSignup(organizationId: "org_acme", email: "not-an-email")),
            ("bad-phone", FolioAccountSignup(organizationId: "org_acme", email: "p@example.com", phone: "555")),
        ] {
            let error = await folioError { () async throws(FolioClientError) in
                try await client.createAccount(signup, idempotencyKey: key)
            }
            XCTAssertEqual(error?.code, "INVALID_REQUEST", key)
        }
    }

    func testIdsAreReproducibleInTestMode() async throws {
        let signup = FolioAccountSignup(organizationId: "org_bluebank", email: "same@example.com")
        var ids: [String] = []
        for _ in 0..<2 {
            let harness = try await startEmulator()
            ids.append(try await harness.client.createAccount(signup, idempotencyKey: "k").id)
        }
        XCTAssertEqual(ids[0], ids[1])
        XCTAssertEqual(ids[0], "acct_t000001")
    }

    func testAKeyIsKeptFor24HoursOfEmulatorTime() async throws {
        let harness = try await startEmulator()
        let client = harness.client
        let signup = FolioAccountSignup(organizationId: "org_civic", email: "kept@example.com")
        let first = try await client.createAccount(signup, idempotencyKey: "day-key")
        try await harness.admin.advanceClock(seconds: 86_399)
        let replayed = try await client.createAccount(signup, idempotencyKey: "day-key")
        XCTAssertEqual(replayed, first)
        try await harness.admin.advanceClock(seconds: 1)
        let ranAgain = await folioError { () async throws(FolioClientError) in
            try await client.createAccount(signup, idempotencyKey: "day-key")
        }
        XCTAssertEqual(ranAgain?.code, "ACCOUNT_EXISTS", "after 24 hours the key is new and the request runs again")
    }
}
