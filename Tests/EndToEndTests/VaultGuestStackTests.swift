import FolioEmulator
import FolioModel
import Foundation
import Postgres
import TestSupport
import XCTest

/// Spec "Sync": a transient session pushes nothing but still fetches remote changes in the background. Folio
/// (the emulator's admin, standing in for a delivery before sign-in) puts a record into the guest vault of
/// the runtime's transient account; the mounted VaultStore shows it without any client action.
extension FoundationStackTests {
    /// The transient account of a runtime's session, as the AuthService named it.
    func guestID(runtimeID: String) async throws -> String {
        let database = PostgresPool(url: try TestEnvironment.databaseURL(), size: 1)
        defer { Task { await database.close() } }
        let rows = try await database.query("SELECT identity FROM runtime_sessions WHERE runtime_id = \(runtimeID)")
        let identity = try JSONParser.parse(try XCTUnwrap(rows.first).decode(PostgresJSON.self, "identity").text)
        XCTAssertEqual(identity["type"], "TRANSIENT")
        return try XCTUnwrap(identity["value"]?["accountId"]?.stringValue)
    }

    func testAGuestVaultShowsWhatFolioDeliversAndPushesNothing() async throws {
        let created = try await rpc("runtime.create", ["organizationId": "org_bluebank"])
        let token = try XCTUnwrap(created["result"]?["token"]?.stringValue)
        let guest = try await guestID(runtimeID: try XCTUnwrap(created["result"]?["runtimeId"]?.stringValue))
        let vault = try await mountVault(token: token)
        try await dispatch(vault, create("note", #"{"title":"Local only"}"#), token: token)
        _ = try await follow(vault, token: token) { self.records($0).count == 1 && $0["busy"] == false }

        // The session's first pass publishes the guest's box key, so a delivery can be sealed to it.
        var published = try await admin.guestVault(organizationId: "org_bluebank", guestId: guest)
        for _ in 0..<100 where published.boxPublicKey == nil {
            try await Task.sleep(for: .milliseconds(100))
            published = try await admin.guestVault(organizationId: "org_bluebank", guestId: guest)
        }
        XCTAssertNotNil(published.boxPublicKey, "the guest's key reached its guest vault")
        let delivered = try await admin.deliverGuestVaultRecord(
            organizationId: "org_bluebank", guestId: guest, schema: "org_bluebank:note",
            payload: #"{"title":"Welcome"}"#)
        let deliveredID = try XCTUnwrap(delivered["id"]?.stringValue)

        // No client action: the long poll on the guest vault wakes, the vault fetches, the store reads.
        let model = try await follow(vault, token: token) {
            self.records($0).contains { $0["payload"] == #"{"title":"Welcome"}"# }
        }
        let record = try XCTUnwrap(records(model).first { $0["payload"] == #"{"title":"Welcome"}"# })
        XCTAssertEqual(record["header"]?["id"]?.stringValue, deliveredID)
        XCTAssertEqual(record["header"]?["schema"], "note", "the app sees its own schema name")
        XCTAssertEqual(record["header"]?["permission"], "OWNER")
        XCTAssertEqual(record["header"]?["sync"]?["dirty"], false)
        let local = try XCTUnwrap(records(model).first { $0["payload"] == #"{"title":"Local only"}"# })
        XCTAssertEqual(local["header"]?["sync"]?["dirty"], true, "a guest's own write stays on the device")

        // The local write never reached Folio.
        let stats = try await admin.guestVault(organizationId: "org_bluebank", guestId: guest)
        XCTAssertEqual(stats.records, 1, "only the delivery is in the guest vault")
        let stored = try await admin.storedVaultRecord(id: deliveredID)
        let ciphertext = try XCTUnwrap(stored["ciphertext"]?.stringValue)
        XCTAssertFalse(
            String(decoding: (try? Base64URLDecoding.decode(ciphertext)) ?? [], as: UTF8.self).contains("Welcome"),
            "Folio keeps only ciphertext")

        // Sign-in: the copied transient vault includes the fetched record, and the account's vault pushes it.
        let before = try await admin.vaultAccount(id: "acct_chen")
        try await signInChen(token: token)
        let signedIn = try await follow(vault, token: token) { model in
            ["Welcome", "Local only"].allSatisfy { title in
                self.records(model).contains {
                    $0["payload"] == .string(#"{"title":"\#(title)"}"#) && $0["header"]?["sync"]?["dirty"] == false
                }
            }
        }
        XCTAssertEqual(records(signedIn).count, 2)
        let after = try await admin.vaultAccount(id: "acct_chen")
        XCTAssertEqual(after.records, before.records + 2, "both records pushed to the account's vault")
    }
}
