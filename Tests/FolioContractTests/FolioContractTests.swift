import Bus
import FolioAPI
import FolioContract
import FolioModel
import XCTest

final class FolioContractTests: XCTestCase {
    private let document = FolioContract.document()

    private var schemas: JSONObject { document["components"]?["schemas"]?.objectValue ?? [:] }

    private func method(_ name: String) -> JSONValue? {
        document["methods"]?.arrayValue?.first { $0["name"]?.stringValue == name }
    }

    /// The mount methods of every store (the example store is served by test processes only).
    private let mounts = [
        "example.mount", "auth.mount", "session.mount", "inquiry.mount", "vault.mount", "documents.mountList",
        "documents.mount",
    ]

    func testEveryStoresMountMethodNamesItsModelAndActionSchemas() throws {
        XCTAssertEqual(Set(FolioContract.stores.keys), Set(mounts))
        for mount in mounts {
            let store = try XCTUnwrap(method(mount)?["x-store"], "\(mount) names no x-store")
            let contract = try XCTUnwrap(FolioContract.stores[mount])
            XCTAssertEqual(store["model"], JSONSchema.ref(contract.modelName).json, mount)
            XCTAssertEqual(store["action"], JSONSchema.ref(contract.actionName).json, mount)
        }
    }

    func testEveryReferenceInTheDocumentResolvesToAComponentSchema() {
        for reference in OpenRPC.references(in: document) {
            let name = reference.replacingOccurrences(of: "#/components/schemas/", with: "")
            XCTAssertNotNil(schemas[name], "\(reference) does not resolve")
        }
    }

    func testNoTwoStoresPublishDifferentSchemasUnderOneName() {
        var seen: [String: (owner: String, schema: JSONSchema)] = FolioAPI.schemas.mapValues { ("FolioAPI", $0) }
        for (mount, contract) in FolioContract.stores.sorted(by: { $0.key < $1.key }) {
            for (name, schema) in contract.schemas {
                if let earlier = seen[name] {
                    XCTAssertEqual(
                        earlier.schema, schema, "\(name): \(earlier.owner) and \(mount) describe it differently")
                } else {
                    seen[name] = (mount, schema)
                }
            }
        }
    }

    func testDispatchTakesAnyStoresActionAndAVersionedModelHoldsAnyStoresModel() throws {
        let action = try XCTUnwrap(method("store.dispatch")?["params"]?.arrayValue?.first { $0["name"] == "action" })
        let actions = Set(action["schema"]?["anyOf"]?.arrayValue ?? [])
        let models = Set(schemas["VersionedModel"]?["properties"]?["model"]?["anyOf"]?.arrayValue ?? [])
        for contract in FolioContract.stores.values {
            XCTAssertTrue(actions.contains(JSONSchema.ref(contract.actionName).json), contract.actionName)
            XCTAssertTrue(models.contains(JSONSchema.ref(contract.modelName).json), contract.modelName)
        }
    }
}
