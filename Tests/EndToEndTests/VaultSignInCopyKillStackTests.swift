import FolioModel
import Foundation
import Postgres
import TestSupport
import XCTest

/// docs/vault-store.md "Transient vault on sign-in": the copy is one transaction, so a VaultService that dies
/// in the middle of it leaves both vaults as they were, and the copy runs again.
extension FoundationStackTests {
    func testASignInCopyCutShortBySIGKILLRunsAgainOnTheWorkerThatAdoptsTheStoreAndLosesNothing() async throws {
        let created = try await rpc("runtime.create", ["organizationId": "org_bluebank"])
        let token = try XCTUnwrap(created["result"]?["token"]?.stringValue)
        let guest = try await guestID(runtimeID: try XCTUnwrap(created["result"]?["runtimeId"]?.stringValue))
        let vault = try await mountVault(token: token)
        for index in 0..<3 {
            try await dispatch(vault, create("note", #"{"guest":\#(index)}"#), token: token)
        }
        _ = try await follow(vault, token: token) { self.records($0).count == 3 && $0["busy"] == false }

        // The test holds the guest's write lock, so the copy the sign-in starts waits inside its transaction.
        let database = PostgresPool(url: try TestEnvironment.databaseURL(), size: 1)
        defer { Task { await database.close() } }
        let lock = "folio-vault:\(guest)"
        _ = try await database.query("SELECT pg_advisory_lock(hashtext(\(lock)))")
        try await signInChen(token: token)
        try await waitUntil("the copy waits inside its transaction") {
            let rows = try await database.query(
                "SELECT count(*) AS waiting FROM pg_locks WHERE locktype = 'advisory' AND NOT granted")
            return try (rows.first?.decode(Int64.self, "waiting") ?? 0) > 0
        }
        let index = try XCTUnwrap(processes.firstIndex { $0.name == "folio-vault" })
        kill(processes[index].process.processIdentifier, SIGKILL)
        processes[index].process.waitUntilExit()
        processes.remove(at: index)
        _ = try await database.query("SELECT pg_advisory_unlock(hashtext(\(lock)))")
        let left = try await database.query("SELECT count(*) AS n FROM vault_entries WHERE account_id = \(guest)")
        XCTAssertEqual(try left.first?.decode(Int64.self, "n"), 3, "the cut copy left the guest's vault as it was")
        processes.append(try StackProcess("folio-vault", environment: serviceEnvironment, logDirectory: logDirectory))
        try await waitUntil("the new VaultService answers") {
            try await self.rpc("vault.health")["result"]?["database"] == "ok"
        }

        // The worker that adopts the store copies the guest's vault before it follows the account's, which pushes.
        let done = try await follow(vault, token: token) { model in
            (0..<3).allSatisfy { index in
                self.records(model).contains {
                    $0["payload"] == .string(#"{"guest":\#(index)}"#) && $0["header"]?["sync"]?["dirty"] == false
                }
            }
        }
        XCTAssertEqual(records(done).count, 3, "nothing lost, nothing copied twice")
        let account = try await admin.vaultAccount(id: "acct_chen")
        XCTAssertEqual(account.records, 3, "each guest record reached the account's vault at Folio once")
        let guestRows = try await database.query(
            "SELECT count(*) AS n FROM vault_entries WHERE account_id = \(guest)")
        XCTAssertEqual(try guestRows.first?.decode(Int64.self, "n"), 0, "the guest's vault is gone once copied")
    }
}
