import AuthService
import Bus
import FolioModel
import ServiceKit
import TestSupport
import XCTest

/// The data region titles are in the SDK locale (spec "Data region"), which `runtime.setLocale` changes
/// while AuthStore is mounted: against a real PostgreSQL, on the in-process bus.
final class AuthStoreLocaleTests: XCTestCase {
    func testDataRegionTitlesFollowSetLocale() async throws {
        let bus = InProcessBus()
        let configuration = ServiceConfiguration(
            databaseURL: try TestEnvironment.databaseURL(), natsURL: "unused", logLevel: .warning,
            workerID: "auth-store-locale")
        let service = try await RunningService.start(
            try AuthService.definition(), configuration: configuration, transport: bus)
        let client = BusClient(transport: bus)
        let subject = BusSubjects.rpc("auth")
        let created = try await client.call(subject, "runtime.create", ["organizationId": "org-demo", "locale": "en"])
        let runtimeID = try XCTUnwrap(created["runtimeId"]?.stringValue)
        let mounted = try await client.call(subject, "auth.mount", ["runtimeId": .string(runtimeID)])
        let id = try XCTUnwrap(mounted["storeId"]?.stringValue.flatMap(StoreID.init))
        let params: JSONObject = ["storeId": .string(id.rawValue), "runtimeId": .string(runtimeID)]
        func titles(_ model: JSONValue?) -> [JSONValue?]? { model?["dataRegions"]?.arrayValue?.map { $0["title"] } }

        let initial = try await client.call(BusSubjects.store(id), "store.state", .object(params))
        XCTAssertEqual(titles(initial["model"]), ["European Union", "United States"])
        let version = try XCTUnwrap(initial["version"])

        _ = try await client.call(subject, "runtime.setLocale", ["runtimeId": .string(runtimeID), "locale": "de-CH"])
        var next = params
        next["afterVersion"] = version
        next["timeoutMs"] = 5000
        let after = try JSONPatch.wholeModel(
            of: try await client.call(BusSubjects.store(id), "store.next", .object(next)), holding: initial)
        XCTAssertEqual(titles(after["model"]), ["Europäische Union", "Vereinigte Staaten"])

        _ = try await client.call(subject, "runtime.shutdown", ["runtimeId": .string(runtimeID)])
        await service.stop()
    }
}
