import FolioModel
import Foundation
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
}
