import Bus
import FolioAPI
import FolioModel
import XCTest

final class OpenRPCTests: XCTestCase {
    /// The document of the method specs alone (the stores' contracts are tested in FolioContractTests).
    private let document = OpenRPC.document(stores: [:])

    private var methods: [JSONValue] { document["methods"]?.arrayValue ?? [] }

    private func method(_ name: String) -> JSONValue? {
        methods.first { $0["name"]?.stringValue == name }
    }

    func testHeaderNamesTheSpecificationAndTheAPI() {
        XCTAssertEqual(document["openrpc"], "1.2.6")
        XCTAssertEqual(document["info"]?["title"], "FolioHost")
        XCTAssertEqual(document["info"]?["version"], .string(FolioAPI.version))
        XCTAssertNotNil(document["components"]?["schemas"]?.objectValue)
    }

    func testEveryMethodAppearsOnceWithItsParamsInOrder() throws {
        let names = methods.compactMap { $0["name"]?.stringValue }
        XCTAssertEqual(names.count, methods.count, "every method has a name")
        for spec in FolioAPI.methods {
            XCTAssertEqual(names.filter { $0 == spec.name }.count, 1, spec.name)
            let published = try XCTUnwrap(method(spec.name))
            let params = try XCTUnwrap(published["params"]?.arrayValue, spec.name)
            XCTAssertEqual(params.compactMap { $0["name"]?.stringValue }, spec.params.map(\.name), spec.name)
            XCTAssertEqual(params.compactMap { $0["required"]?.boolValue }, spec.params.map(\.required), spec.name)
            XCTAssertEqual(params.compactMap { $0["schema"] }, spec.params.map(\.schema.json), spec.name)
            XCTAssertEqual(published["result"]?["schema"], spec.result.schema.json, spec.name)
            XCTAssertEqual(published["summary"], .string(spec.summary), spec.name)
        }
        XCTAssertEqual(Set(names), Set(FolioAPI.methods.map(\.name) + ["rpc.discover"]))
    }

    func testInternalMethodsAreNotPublished() {
        XCTAssertNil(method(RuntimeMethods.verifyToken.name))
    }

    func testDiscoverIsIncludedOnce() throws {
        let discover = try XCTUnwrap(method("rpc.discover"))
        XCTAssertEqual(discover["params"], [])
        let twice = OpenRPC.document(methods: FolioAPI.methods + [OpenRPC.discover])
        XCTAssertEqual(
            twice["methods"]?.arrayValue?.filter { $0["name"] == "rpc.discover" }.count, 1)
    }

    func testEveryReferenceResolvesToAComponentSchema() throws {
        let schemas = try XCTUnwrap(document["components"]?["schemas"]?.objectValue)
        let references = OpenRPC.references(in: document)
        XCTAssertFalse(references.isEmpty)
        for reference in references {
            XCTAssertTrue(reference.hasPrefix("#/components/schemas/"), reference)
            let name = String(reference.dropFirst("#/components/schemas/".count))
            XCTAssertNotNil(schemas[name], "\(reference) does not resolve")
        }
    }

    func testReferencesFindsAMissingSchema() {
        let spec = RPCMethodSpec(
            "demo.call", summary: "demo", params: [RPCParam("thing", .ref("Missing"))],
            result: RPCResultDescriptor("none", .null))
        let references = OpenRPC.references(
            in: OpenRPC.document(methods: [spec], schemas: [:], events: [], stores: [:]))
        XCTAssertEqual(references, ["#/components/schemas/Missing"])
    }

    func testParamNamesAreUniquePerMethod() {
        for published in methods {
            let names = published["params"]?.arrayValue?.compactMap { $0["name"]?.stringValue } ?? []
            XCTAssertEqual(Set(names).count, names.count, published["name"]?.stringValue ?? "?")
        }
    }

    func testDocumentRoundTripsThroughTheParser() throws {
        let bytes = document.serialized()
        let parsed = try JSONParser.parse(bytes, maxDepth: JSONParser.defaultMaxDepth)
        XCTAssertEqual(parsed, document)
        XCTAssertEqual(parsed.serialized(), bytes)
    }

    func testServerErrorsCarryTheFolioCodesAndNames() throws {
        var checked = 0
        for published in methods {
            for error in published["errors"]?.arrayValue ?? [] {
                let code = try XCTUnwrap(error["code"]?.intValue)
                XCTAssertNotNil(error["message"]?.stringValue)
                guard (-32099)...(-32000) ~= code else { continue }
                let folio = try XCTUnwrap(FolioErrorCode(rawValue: Int(code)), "unknown server error \(code)")
                XCTAssertEqual(error["message"], .string(folio.message))
                XCTAssertEqual(error["data"]?["type"], .string(folio.typeName))
                checked += 1
            }
            let codes = published["errors"]?.arrayValue?.compactMap { $0["code"]?.intValue } ?? []
            XCTAssertEqual(Set(codes).count, codes.count, "errors are listed once")
        }
        XCTAssertGreaterThan(checked, 0)
    }

    func testProtectedMethodsListUnauthorizedAndPublicOnesDoNot() throws {
        let unauthorized = Int64(FolioErrorCode.unauthorized.rawValue)
        for spec in FolioAPI.methods {
            let codes = try XCTUnwrap(method(spec.name)?["errors"]?.arrayValue).compactMap { $0["code"]?.intValue }
            XCTAssertEqual(codes.contains(unauthorized), !FolioAPI.publicMethods.contains(spec.name), spec.name)
            XCTAssertTrue(codes.contains(Int64(FolioErrorCode.serviceUnavailable.rawValue)), spec.name)
        }
        let storeState = try XCTUnwrap(method(StoreMethods.state.name)?["errors"]?.arrayValue)
        XCTAssertTrue(storeState.contains { $0["code"]?.intValue == Int64(FolioErrorCode.unknownStore.rawValue) })
    }
}
