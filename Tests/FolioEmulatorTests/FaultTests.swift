import FolioClient
import FolioEmulator
import HTTP
import XCTest

final class FaultTests: EmulatorTestCase {
    private let organizationRoute = "GET /v1/organizations/{organizationId}"

    func testStatusFaultAppliesToExactlyNCalls() async throws {
        let harness = try await startEmulator()
        let fault = try await harness.admin.injectFault(
            EmulatorFault(route: organizationRoute, count: 3, status: 503, retryAfterSeconds: 2))
        XCTAssertEqual(fault.remaining, 3)
        XCTAssertNotNil(fault.id)

        for call in 1...3 {
            let error = await folioError { () async throws(FolioClientError) in
                try await harness.client.organization(id: "org_acme")
            }
            XCTAssertEqual(error, .api(status: 503, code: "UNAVAILABLE", message: ""), "call \(call)")
            XCTAssertEqual(error?.isRetryable, true)
            XCTAssertEqual(error?.retryAfterSeconds, 2)
        }
        let organization = try await harness.client.organization(id: "org_acme")
        XCTAssertEqual(organization.id, "org_acme")
        let value1 = try await harness.admin.faults()
        XCTAssertEqual(value1, [])
    }

    func testFaultsOnlyHitTheirRoute() async throws {
        let harness = try await startEmulator()
        try await harness.admin.injectFault(
            EmulatorFault(route: organizationRoute, count: 1, status: 429, code: "SLOW_DOWN"))
        // Another route is untouched and does not use up the fault.
        _ = try await harness.client.organizations()
        let pending = try await harness.admin.faults()
        XCTAssertEqual(pending.map(\.remaining), [1])

        let error = await folioError { () async throws(FolioClientError) in
            try await harness.client.organization(id: "org_civic")
        }
        XCTAssertEqual(error?.status, 429)
        XCTAssertEqual(error?.code, "SLOW_DOWN")
        XCTAssertEqual(error?.isRetryable, true)
        let value2 = try await harness.admin.clearFaults()
        XCTAssertEqual(value2, 0)
    }

    func testClearFaultsRemovesPendingFaults() async throws {
        let harness = try await startEmulator()
        try await harness.admin.injectFault(EmulatorFault(route: "GET /healthz", count: 5, status: 500))
        try await harness.admin.injectFault(EmulatorFault(route: "GET /v1/organizations", count: 1, drop: true))
        let value3 = try await harness.admin.faults().count
        XCTAssertEqual(value3, 2)
        let value4 = try await harness.admin.clearFaults()
        XCTAssertEqual(value4, 2)
        let value5 = try await harness.client.health().status
        XCTAssertEqual(value5, "ok")
    }

    func testDelayLongerThanTheTimeoutIsATimeout() async throws {
        let harness = try await startEmulator()
        try await harness.admin.injectFault(
            EmulatorFault(route: organizationRoute, count: 1, delayMs: 5_000))
        let impatient = harness.client(timeout: .milliseconds(300))
        let error = await folioError { () async throws(FolioClientError) in
            try await impatient.organization(id: "org_acme")
        }
        XCTAssertEqual(error, .timeout)
        XCTAssertEqual(error?.isRetryable, true)
        let organization = try await impatient.organization(id: "org_acme")
        XCTAssertEqual(organization.id, "org_acme")
    }

    func testShortDelayThenNormalAnswer() async throws {
        let harness = try await startEmulator()
        try await harness.admin.injectFault(EmulatorFault(route: "GET /healthz", count: 1, delayMs: 50))
        let value6 = try await harness.client.health().status
        XCTAssertEqual(value6, "ok")
        let value7 = try await harness.admin.faults()
        XCTAssertEqual(value7, [])
    }

    func testDropClosesTheConnectionWithoutAnAnswer() async throws {
        let harness = try await startEmulator()
        try await harness.admin.injectFault(EmulatorFault(route: organizationRoute, count: 1, drop: true))
        // A fresh HTTP client, so the call opens a new connection (libcurl silently retries a request
        // once when a reused connection closes without an answer).
        let client = harness.client(http: HTTPClient())
        let error = await folioError { () async throws(FolioClientError) in
            try await client.organization(id: "org_acme")
        }
        XCTAssertEqual(error, .connectionDropped)
        XCTAssertEqual(error?.isRetryable, true)
        let organization = try await client.organization(id: "org_acme")
        XCTAssertEqual(organization.id, "org_acme")
    }

    func testDroppedCreateCanBeRetriedWithTheSameKey() async throws {
        let harness = try await startEmulator()
        try await harness.admin.injectFault(EmulatorFault(route: "POST /v1/accounts", count: 2, drop: true))
        let client = harness.client(http: HTTPClient())
        let signup = FolioAccountSignup(organizationId: "org_acme", email: "retry@example.com")
        var failures: [FolioClientError] = []
        let created = try await retrying(record: &failures) { () async throws(FolioClientError) in
            try await client.createAccount(signup, idempotencyKey: "retry-key")
        }
        XCTAssertEqual(failures, [.connectionDropped, .connectionDropped])
        let accounts = try await client.accounts(organizationId: "org_acme").items
        XCTAssertEqual(accounts.filter { $0.email == "retry@example.com" }.map(\.id), [created.id])
    }

    func testAnswerLostAfterTheCreateIsReplayedOnRetry() async throws {
        let harness = try await startEmulator()
        try await harness.admin.injectFault(
            EmulatorFault(route: "POST /v1/accounts", count: 1, drop: true, afterHandler: true))
        let client = harness.client(http: HTTPClient())
        let signup = FolioAccountSignup(organizationId: "org_civic", email: "lost@example.com")
        let error = await folioError { () async throws(FolioClientError) in
            try await client.createAccount(signup, idempotencyKey: "lost-answer")
        }
        XCTAssertEqual(error, .connectionDropped)
        // The account was created although the caller never heard of it; the retry gets it back.
        let before = try await client.accounts(organizationId: "org_civic").items
        XCTAssertEqual(before.filter { $0.email == "lost@example.com" }.count, 1)
        let replayed = try await client.createAccount(signup, idempotencyKey: "lost-answer")
        XCTAssertEqual(replayed.email, "lost@example.com")
        let after = try await client.accounts(organizationId: "org_civic").items
        XCTAssertEqual(after.filter { $0.email == "lost@example.com" }.map(\.id), [replayed.id])
    }

    func testInvalidFaultsAreRejected() async throws {
        let harness = try await startEmulator()
        let invalid: [EmulatorFault] = [
            EmulatorFault(route: "GET /v1/unknown", count: 1, status: 500),
            EmulatorFault(route: "POST /admin/faults", count: 1, status: 500),
            EmulatorFault(route: organizationRoute, count: 0, status: 500),
            EmulatorFault(route: organizationRoute, count: 1, status: 200),
            EmulatorFault(route: organizationRoute, count: 1, status: 500, drop: true),
            EmulatorFault(route: organizationRoute, count: 1),
            EmulatorFault(route: organizationRoute, count: 1, status: 500, code: "lower"),
        ]
        for fault in invalid {
            do {
                try await harness.admin.injectFault(fault)
                XCTFail("accepted \(fault)")
            } catch {
                XCTAssertEqual(error, .adminRequestFailed)
                XCTAssertTrue(error.detail.contains(" 4"), error.description)
            }
        }
        let value8 = try await harness.admin.faults()
        XCTAssertEqual(value8, [])
    }

    func testAdminRoutesRejectAWrongAdminKey() async throws {
        let harness = try await startEmulator()
        let wrong = FolioEmulatorAdmin(
            baseURL: harness.server.baseURL, adminKey: "wrong", httpClient: harness.http)
        do {
            try await wrong.injectFault(EmulatorFault(route: "GET /healthz", count: 1, status: 500))
            XCTFail("a wrong admin key was accepted")
        } catch {
            XCTAssertEqual(error, .adminRequestFailed)
            XCTAssertTrue(error.detail.contains("401"), error.description)
        }
        for (method, path) in [
            ("GET", "/admin/faults"), ("DELETE", "/admin/faults"), ("GET", "/admin/clock"),
            ("POST", "/admin/keys/rotate"),
        ] {
            // The API key is not an admin key either.
            let response = try await harness.raw(method, path, headers: harness.apiAuth)
            XCTAssertEqual(response.status, 401, "\(method) \(path)")
            XCTAssertEqual(response.json["error"]?["code"], "UNAUTHORIZED")
        }
        let value9 = try await harness.admin.faults()
        XCTAssertEqual(value9, [])
        let value10 = try await harness.client.jwks().keys.count
        XCTAssertEqual(value10, 1)
    }

    /// Calls `body` until it succeeds or fails with an error that is not retryable (at most 5 times),
    /// recording the retryable failures.
    private func retrying<T>(
        record failures: inout [FolioClientError], _ body: () async throws(FolioClientError) -> T
    ) async throws -> T {
        for _ in 1..<5 {
            let result: Result<T, FolioClientError>
            do {
                result = .success(try await body())
            } catch {
                result = .failure(error)
            }
            switch result {
            case .success(let value): return value
            case .failure(let error) where error.isRetryable: failures.append(error)
            case .failure(let error): throw error
            }
        }
        return try await body()
    }
}
