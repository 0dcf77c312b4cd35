import FolioModel
import Foundation
import XCTest

/// What the Gateway answers for the same store on its different paths (docs/gateway.md).
extension FoundationStackTests {
    func testEventsOfAStoreThatNeverExistedAre404UnknownStoreAsStoreStateSays() async throws {
        let created = try await rpc("runtime.create", ["organizationId": "org_bluebank"])
        let token = try XCTUnwrap(created["result"]?["token"]?.stringValue)
        for service in [StoreService.inquiry, .vault, .documents] {
            let orphan = StoreID.generate(for: service).rawValue
            let state = try await rpc("store.state", ["storeId": .string(orphan)], token: token)
            XCTAssertEqual(state["error"]?["data"]?["type"], "UNKNOWN_STORE", "\(state)")
            let events = try await get("/events?storeId=\(orphan)&token=\(token)")
            XCTAssertEqual(events.status, 404, "\(service)")
            let body = try JSONParser.parse(events.body)
            XCTAssertEqual(body["error"]?["data"]?["type"], "UNKNOWN_STORE", "\(body)")
        }
    }
}
