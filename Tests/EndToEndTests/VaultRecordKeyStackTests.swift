import FolioModel
import XCTest

/// A record's `key` through the whole stack: it is the id the record was first shown with, it stays when Folio's
/// id replaces `header.id`, and an action naming it finds the record (docs/vault-store.md, "Ids").
extension FoundationStackTests {
    func testARecordKeepsItsKeyAfterItReachedFolioAndAnActionNamingTheKeyFindsIt() async throws {
        let created = try await rpc("runtime.create", ["organizationId": "org_bluebank"])
        let token = try XCTUnwrap(created["result"]?["token"]?.stringValue)
        try await signInChen(token: token)
        let vault = try await mountVault(token: token)
        try await dispatch(vault, create("note", #"{"title":"Visa"}"#), token: token)
        let shown = try await follow(vault, token: token) { !self.records($0).isEmpty }
        let key = try XCTUnwrap(records(shown).first?["key"]?.stringValue, "\(shown)")
        XCTAssertTrue(key.hasPrefix("D_"), "the key is the local id the record was created with: \(key)")

        let pushed = try await follow(vault, token: token) {
            self.records($0).first?["header"]?["id"]?.stringValue?.hasPrefix("rec_") == true
                && self.records($0).first?["header"]?["sync"]?["dirty"] == false
        }
        XCTAssertEqual(records(pushed).count, 1, "\(pushed)")
        XCTAssertEqual(records(pushed).first?["key"]?.stringValue, key, "the key survives the push")

        let update = write([
            "type": "UPDATE",
            "value": [
                "id": .string(key), "record": ["schema": "note", "version": 2, "payload": #"{"title":"Pass"}"#],
            ],
        ])
        try await dispatch(vault, update, token: token)
        let updated = try await follow(vault, token: token) {
            self.records($0).first?["header"]?["version"] == 2 && $0["busy"] == false
        }
        XCTAssertNil(updated["error"], "\(updated)")
        XCTAssertEqual(records(updated).first?["payload"], #"{"title":"Pass"}"#)
        XCTAssertEqual(records(updated).first?["key"]?.stringValue, key)
        XCTAssertTrue(
            records(updated).first?["header"]?["id"]?.stringValue?.hasPrefix("rec_") == true,
            "header.id stays Folio's: \(updated)")
    }
}
