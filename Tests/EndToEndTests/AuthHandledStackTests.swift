import FolioModel
import XCTest

extension FoundationStackTests {
    /// An AuthStore's models just before `actions` and once the store has handled them. `store.dispatch` only
    /// queues an action, so a model read right after it may come before the action was handled. AuthStore
    /// applies actions in the order dispatched, so `SELECT_DATA_REGION` follows them as a marker: its model is
    /// the first one after them, one version on, if they changed nothing. Both models leave `dataRegion` and `dataRegions` (which marks the selected one) out.
    func modelsAroundHandled(_ auth: String, _ actions: [JSONValue], token: String, line: UInt = #line)
        async throws -> (before: JSONValue, after: JSONValue)
    {
        let state = try await rpc("store.state", ["storeId": .string(auth)], token: token)
        let before = try XCTUnwrap(state["result"], "\(state)")
        let version = try XCTUnwrap(before["version"]?.intValue, "\(before)")
        let region: JSONValue = before["model"]?["dataRegion"]?["type"] == "EU" ? "US" : "EU"
        for action in actions { try await dispatch(auth, action, token: token) }
        try await dispatch(auth, ["type": "SELECT_DATA_REGION", "value": ["region": ["type": region]]], token: token)
        var handled: JSONValue = .null
        for _ in 0..<20 {
            let next = try await rpc(
                "store.next", ["storeId": .string(auth), "afterVersion": .int(version), "timeoutMs": 2000],
                token: token)
            handled = try JSONPatch.wholeModel(of: try XCTUnwrap(next["result"], "\(next)"), holding: before)
            if handled["model"]?["dataRegion"]?["type"] == region { break }
        }
        XCTAssertEqual(handled["model"]?["dataRegion"]?["type"], region, "the marker was handled", line: line)
        XCTAssertEqual(
            handled["version"]?.intValue, version + 1, "the actions before the marker made no version", line: line)
        return (withoutDataRegions(before["model"]), withoutDataRegions(handled["model"]))
    }

    private func withoutDataRegions(_ model: JSONValue?) -> JSONValue {
        var members = model?.objectValue ?? [:]
        members["dataRegion"] = nil
        members["dataRegions"] = nil
        return .object(members)
    }
}
