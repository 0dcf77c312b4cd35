import FolioModel
import Foundation
import HTTP
import XCTest

/// The API contract a client can rely on (docs/wire-api.md), through the whole stack.
extension FoundationStackTests {
    func testRuntimeCreateRefusesAnOrganizationFolioDoesNotKnowNamingOrganizationId() async throws {
        let refused = try await rpc("runtime.create", ["organizationId": "org_nobody_knows"])
        XCTAssertEqual(refused["error"]?["code"], -32602, "\(refused)")
        let detail = try XCTUnwrap(refused["error"]?["data"]?.stringValue, "\(refused)")
        XCTAssertTrue(detail.contains("organizationId"), detail)
        let accepted = try await rpc("runtime.create", ["organizationId": "org_bluebank"])
        XCTAssertNotNil(accepted["result"]?["token"]?.stringValue, "\(accepted)")
    }

    func testATopLevelParamAMethodDoesNotDeclareIsRefusedNamingIt() async throws {
        let refused = try await rpc("runtime.create", ["organizationId": "org-demo", "organisationId": "org-demo"])
        XCTAssertEqual(refused["error"]?["code"], -32602, "\(refused)")
        XCTAssertTrue(refused["error"]?["data"]?.stringValue?.contains("organisationId") == true, "\(refused)")
        let created = try await rpc("runtime.create", ["organizationId": "org-demo"])
        let token = try XCTUnwrap(created["result"]?["token"]?.stringValue, "\(created)")
        let mounted = try await rpc("vault.mount", ["folder": "x"], token: token)
        XCTAssertEqual(mounted["error"]?["code"], -32602, "\(mounted)")
        XCTAssertTrue(mounted["error"]?["data"]?.stringValue?.contains("folder") == true, "\(mounted)")
    }

    func testStoreNextOfAShutDownRuntimeAnswersNullLaterAsWhileWaiting() async throws {
        let created = try await rpc("runtime.create", ["organizationId": "org-demo"])
        let token = try XCTUnwrap(created["result"]?["token"]?.stringValue, "\(created)")
        let mounted = try await rpc("session.mount", [:], token: token)
        let storeID = try XCTUnwrap(mounted["result"]?["storeId"], "\(mounted)")
        let current = try await version(storeID.stringValue ?? "", token: token)
        let request: JSONValue = [
            "jsonrpc": "2.0", "id": 1, "method": "store.next",
            "params": ["storeId": storeID, "afterVersion": .int(current), "timeoutMs": 15000],
        ]
        let (http, url) = (self.http, "http://127.0.0.1:\(gatewayPort)/rpc")
        let headers = ["content-type": "application/json", "authorization": "Bearer \(token)"]
        let waiting = Task {
            let response = try await http.send(
                HTTPClientRequest(method: "POST", url: url, headers: headers, body: request.serialized()))
            return try JSONParser.parse(response.body)
        }
        try await Task.sleep(for: .milliseconds(500))
        let shutdown = try await rpc("runtime.shutdown", token: token)
        XCTAssertEqual(shutdown["result"], .null, "\(shutdown)")
        let answered = try await waiting.value
        XCTAssertEqual(answered["result"], .null, "a poll waiting at the shutdown: \(answered)")
        XCTAssertNil(answered["error"], "\(answered)")
        try await waitUntil("the gateway stops accepting the token for other calls") {
            try await self.rpc("store.state", ["storeId": storeID], token: token)["error"]?["code"] == -32004
        }
        for afterVersion: JSONValue in [.int(current), .int(-1), .null] {
            let later = try await rpc(
                "store.next", ["storeId": storeID, "afterVersion": afterVersion, "timeoutMs": 15000], token: token)
            XCTAssertNil(later["error"], "a later poll: \(later)")
            XCTAssertEqual(later["result"], .null, "a later poll: \(later)")
        }
        let dispatch = try await rpc(
            "store.dispatch", ["storeId": storeID, "action": ["type": "SIGN_OUT"]], token: token)
        XCTAssertEqual(dispatch["error"]?["code"], -32004, "every other call is UNAUTHORIZED: \(dispatch)")
    }
}
