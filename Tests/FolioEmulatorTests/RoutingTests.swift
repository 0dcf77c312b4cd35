import FolioClient
import FolioEmulator
import XCTest

final class RoutingTests: EmulatorTestCase {
    func testHealthNeedsNoAuth() async throws {
        let harness = try await startEmulator()
        let health = try await harness.client(apiKey: "wrong").health()
        XCTAssertEqual(health.status, "ok")
    }

    func testV1RoutesRequireTheAPIKey() async throws {
        let harness = try await startEmulator()
        let missing = try await harness.raw("GET", "/v1/organizations")
        XCTAssertEqual(missing.status, 401)
        XCTAssertEqual(missing.json["error"]?["code"], "UNAUTHORIZED")
        XCTAssertNotNil(missing.json["error"]?["message"]?.stringValue)
        XCTAssertEqual(missing.headers["www-authenticate"], "Bearer")

        let wrongScheme = try await harness.raw(
            "GET", "/v1/organizations",
            headers: ["Authorization": "Basic \(harness.server.configuration.apiKey)"])
        XCTAssertEqual(wrongScheme.status, 401)

        let error = await folioError { () async throws(FolioClientError) in
            try await harness.client(apiKey: "not-the-key").organizations()
        }
        XCTAssertEqual(error?.status, 401)
        XCTAssertEqual(error?.code, "UNAUTHORIZED")
        XCTAssertEqual(error?.isRetryable, false)

        // The admin key is not an API key.
        let adminAsAPI = await folioError { () async throws(FolioClientError) in
            try await harness.client(apiKey: harness.server.configuration.adminKey).organization(
                id: "org_acme")
        }
        XCTAssertEqual(adminAsAPI?.status, 401)

        let page = try await harness.client.organizations()
        XCTAssertFalse(page.items.isEmpty)
    }

    func testUnknownRouteIs404WithErrorBody() async throws {
        let harness = try await startEmulator()
        let raw = try await harness.raw("GET", "/v1/nothing/here", headers: harness.apiAuth)
        XCTAssertEqual(raw.status, 404)
        XCTAssertEqual(raw.json["error"]?["code"], "NOT_FOUND")

        let error = await folioError { () async throws(FolioClientError) in
            try await harness.client.send("GET", "/v2/organizations", json: nil)
        }
        XCTAssertEqual(error, .api(status: 404, code: "NOT_FOUND", message: ""))
        XCTAssertEqual(error?.isRetryable, false)
    }

    func testUnknownResourceIs404WithItsOwnCode() async throws {
        let harness = try await startEmulator()
        let error = await folioError { () async throws(FolioClientError) in
            try await harness.client.organization(id: "org_missing")
        }
        XCTAssertEqual(error?.status, 404)
        XCTAssertEqual(error?.code, "ORGANIZATION_NOT_FOUND")
        let account = await folioError { () async throws(FolioClientError) in
            try await harness.client.account(id: "acct/../x")
        }
        XCTAssertEqual(account?.status, 404)
    }

    func testWrongMethodIs405WithAllowHeader() async throws {
        let harness = try await startEmulator()
        let raw = try await harness.raw("DELETE", "/v1/organizations", headers: harness.apiAuth)
        XCTAssertEqual(raw.status, 405)
        XCTAssertEqual(raw.headers["allow"], "GET")
        XCTAssertEqual(raw.json["error"]?["code"], "METHOD_NOT_ALLOWED")

        let error = await folioError { () async throws(FolioClientError) in
            try await harness.client.send("PUT", "/v1/accounts", json: ["email": "x@example.com"])
        }
        XCTAssertEqual(error?.status, 405)
        XCTAssertEqual(error?.code, "METHOD_NOT_ALLOWED")
    }

    func testBadBodiesAreClientErrors() async throws {
        let harness = try await startEmulator()
        var headers = harness.apiAuth
        headers["Idempotency-Key"] = "bad-body"
        headers["Content-Type"] = "application/json"
        let invalid = try await harness.raw("POST", "/v1/accounts", headers: headers, body: "{nope")
        XCTAssertEqual(invalid.status, 400)
        XCTAssertEqual(invalid.json["error"]?["code"], "INVALID_JSON")

        headers["Idempotency-Key"] = "missing-field"
        let missing = try await harness.raw(
            "POST", "/v1/accounts", headers: headers, body: #"{"email": "a@example.com"}"#)
        XCTAssertEqual(missing.status, 400)
        XCTAssertEqual(missing.json["error"]?["code"], "INVALID_REQUEST")
        XCTAssertTrue(
            missing.json["error"]?["message"]?.stringValue?.contains("organizationId") ?? false)

        headers["Idempotency-Key"] = "form"
        headers["Content-Type"] = "application/x-www-form-urlencoded"
        let form = try await harness.raw("POST", "/v1/accounts", headers: headers, body: "a=b")
        XCTAssertEqual(form.status, 415)
    }
}
