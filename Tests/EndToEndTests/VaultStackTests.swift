import Bus
import FolioEmulator
import FolioModel
import Foundation
import Postgres
import TestSupport
import XCTest

/// VaultStore through the whole stack: Gateway → VaultService → PostgreSQL and Folio (the emulator).
extension FoundationStackTests {
    /// Each test's emulator starts empty, so the fixture accounts' vaults from earlier tests are cleared, their
    /// data keys too (another test target may have sealed them with a key-encryption key of its own), and their
    /// deliveries of issued documents (a new emulator hands out the same invite ids again), as the table owner,
    /// which row-level security does not restrict.
    func clearVaults(_ accounts: [String] = ["acct_chen", "acct_omar"]) async throws {
        let pool = PostgresPool(url: try TestEnvironment.databaseURL(), size: 1)
        defer { Task { await pool.close() } }
        for table in [
            "vault_entries", "vault_memberships", "vault_settings", "vault_attachments", "vault_sync",
            "vault_account_keys", "vault_shares", "vault_moves", "vault_keys", "document_deliveries",
        ] {
            for account in accounts {
                _ = try await pool.execute("DELETE FROM \(unescaped: table) WHERE account_id = \(account)")
            }
        }
    }

    func mountVault(token: String) async throws -> String {
        let mounted = try await rpc("vault.mount", token: token)
        return try XCTUnwrap(mounted["result"]?["storeId"]?.stringValue, "\(mounted)")
    }

    func write(_ write: JSONValue) -> JSONValue { ["type": "WRITE", "value": ["value": write]] }

    func create(_ schema: String, _ payload: String) -> JSONValue {
        write([
            "type": "CREATE",
            "value": ["record": ["schema": .string(schema), "version": 1, "payload": .string(payload)]],
        ])
    }

    /// Signs the runtime in as chen with the password, on an AuthStore of its own.
    func signInChen(token: String) async throws {
        try await clearVaults()
        let mounted = try await rpc("auth.mount", token: token)
        let auth = try XCTUnwrap(mounted["result"]?["storeId"]?.stringValue)
        try await dispatch(auth, signIn(email: "chen.wei@example.net"), token: token)
        _ = try await follow(auth, token: token) { $0["flow"]?["value"]?["phase"]?["type"] == "PASSWORD" }
        let before = try await version(auth, token: token)
        try await dispatch(auth, answer("PASSWORD", "chen-Password-1"), token: token)
        let done = try await follow(auth, token: token, afterVersion: before) {
            $0["flow"]?["type"] == "AUTHENTICATED" || $0["flow"]?["type"] == "FAILED"
        }
        XCTAssertEqual(done["flow"]?["type"], "AUTHENTICATED", "\(done)")
        // AuthStore shows Authenticated at once and the session switches right after it (docs/auth-store.md
        // "The switch"): what the test does next is for chen, so it waits until the runtime's session is chen's.
        let session = try await rpc("session.mount", token: token)
        let sessionStore = try XCTUnwrap(session["result"]?["storeId"]?.stringValue, "\(session)")
        _ = try await follow(sessionStore, token: token) { $0["identity"]?["value"]?["userId"] == "acct_chen" }
        _ = try await rpc("store.close", ["storeId": .string(sessionStore)], token: token)
    }

    func records(_ model: JSONValue) -> [JSONValue] { model["records"]?.arrayValue ?? [] }

    func testAGuestVaultCreatesUpdatesDeletesRestoresAndPurges() async throws {
        let created = try await rpc("runtime.create", ["organizationId": "org_bluebank"])
        let token = try XCTUnwrap(created["result"]?["token"]?.stringValue)
        let vault = try await mountVault(token: token)
        try await dispatch(vault, create("note", #"{"title":"Visa"}"#), token: token)
        var model = try await follow(vault, token: token) { self.records($0).count == 1 && $0["busy"] == false }
        let id = try XCTUnwrap(records(model).first?["header"]?["id"]?.stringValue)
        XCTAssertTrue(id.hasPrefix("D_"), id)
        XCTAssertEqual(records(model).first?["header"]?["sync"]?["dirty"], true, "a guest vault pushes nothing")

        let update = write([
            "type": "UPDATE",
            "value": ["id": .string(id), "record": ["schema": "note", "version": 2, "payload": #"{"title":"Pass"}"#]],
        ])
        try await dispatch(vault, update, token: token)
        model = try await follow(vault, token: token) { self.records($0).first?["header"]?["version"] == 2 }
        XCTAssertEqual(records(model).first?["payload"], #"{"title":"Pass"}"#)

        try await dispatch(vault, write(["type": "DELETE", "value": ["id": .string(id)]]), token: token)
        model = try await follow(vault, token: token) {
            self.records($0).first?["header"]?["state"] == "DELETED"
        }
        try await dispatch(
            vault, write(["type": "UPDATE", "value": update["value"]?["value"]?["value"] ?? nil]), token: token)
        model = try await follow(vault, token: token) { $0["error"] != nil }
        XCTAssertEqual(model["error"]?["details"]?["type"], "PERMISSION_DENIED", "an update of a deleted record")
        try await dispatch(vault, ["type": "DISMISS_ERROR"], token: token)
        try await dispatch(vault, write(["type": "RESTORE", "value": ["id": .string(id)]]), token: token)
        model = try await follow(vault, token: token) {
            self.records($0).first?["header"]?["state"] == "ACTIVE"
        }
        XCTAssertNil(model["error"], "DismissError cleared it, the restore succeeded")
        try await dispatch(vault, write(["type": "DELETE", "value": ["id": .string(id)]]), token: token)
        try await dispatch(vault, write(["type": "PERMANENTLY_DELETE", "value": ["id": .string(id)]]), token: token)
        model = try await follow(vault, token: token) { self.records($0).isEmpty && $0["busy"] == false }
        XCTAssertNil(model["error"], "\(model)")

        // Bad input: a bad schema, a payload that is not JSON, an unknown id; nothing stored changes.
        try await dispatch(vault, create("digital", "{}"), token: token)
        model = try await follow(vault, token: token) { $0["error"] != nil }
        XCTAssertEqual(model["error"]?["details"]?["type"], "UNKNOWN_SCHEMA")
        try await dispatch(vault, create("note", "{not json"), token: token)
        model = try await follow(vault, token: token) { $0["error"]?["details"]?["type"] == "CODEC" }
        try await dispatch(vault, write(["type": "DELETE", "value": ["id": "D_UNKNOWN"]]), token: token)
        model = try await follow(vault, token: token) { $0["error"]?["details"]?["type"] == "NOT_FOUND" }
        XCTAssertTrue(records(model).isEmpty)
    }

    func testASignInCopiesTheTransientVaultAndPushesItToFolioAsCiphertext() async throws {
        let created = try await rpc("runtime.create", ["organizationId": "org_bluebank"])
        let token = try XCTUnwrap(created["result"]?["token"]?.stringValue)
        let vault = try await mountVault(token: token)
        try await dispatch(vault, create("note", #"{"title":"Guest note"}"#), token: token)
        _ = try await follow(vault, token: token) { self.records($0).count == 1 }
        let before = try await admin.vaultAccount(id: "acct_chen")

        try await signInChen(token: token)
        let model = try await follow(vault, token: token) {
            self.records($0).contains {
                $0["payload"] == #"{"title":"Guest note"}"# && $0["header"]?["sync"]?["dirty"] == false
            }
        }
        let record = try XCTUnwrap(records(model).first { $0["payload"] == #"{"title":"Guest note"}"# })
        let folioID = try XCTUnwrap(record["header"]?["id"]?.stringValue)
        XCTAssertTrue(folioID.hasPrefix("rec_"), "Folio's id replaces the local id: \(folioID)")
        let after = try await admin.vaultAccount(id: "acct_chen")
        XCTAssertEqual(after.records, before.records + 1, "pushed once")
        let stored = try await admin.storedVaultRecord(id: folioID)
        XCTAssertEqual(stored["schema"], "org_bluebank:note", "Folio holds the schema qualified with the organization")
        XCTAssertEqual(record["header"]?["schema"], "note", "the app sees its own name")
        let ciphertext = try XCTUnwrap(stored["ciphertext"]?.stringValue)
        XCTAssertFalse(
            String(decoding: (try? Base64URLDecoding.decode(ciphertext)) ?? [], as: UTF8.self).contains("Guest"))

        // The write again through a new runtime of the same account creates nothing twice at Folio.
        try await dispatch(vault, ["type": "SYNC"], token: token)
        _ = try await follow(vault, token: token) { $0["busy"] == false && $0["sync"]?["phase"] == ["type": "IDLE"] }
        let again = try await admin.vaultAccount(id: "acct_chen")
        XCTAssertEqual(again.records, after.records, "a second sync creates nothing")
    }

    func testFoldersAndSettingsInASignedInVault() async throws {
        let created = try await rpc("runtime.create", ["organizationId": "org_bluebank"])
        let token = try XCTUnwrap(created["result"]?["token"]?.stringValue)
        try await signInChen(token: token)
        let vault = try await mountVault(token: token)
        try await dispatch(vault, create("note", #"{"title":"Folder member"}"#), token: token)
        try await dispatch(
            vault,
            write([
                "type": "CREATE_FOLDER",
                "value": ["folder": ["schema": "folder", "version": 1, "payload": #"{"name":"Travel"}"#]],
            ]),
            token: token)
        let synced = try await follow(vault, token: token) {
            ($0["folders"]?.arrayValue?.first?["header"]?["id"]?.stringValue?.hasPrefix("fld_") ?? false)
                && self.records($0).contains {
                    $0["payload"] == #"{"title":"Folder member"}"# && $0["header"]?["sync"]?["dirty"] == false
                }
        }
        let folder = try XCTUnwrap(synced["folders"]?.arrayValue?.first?["header"]?["id"]?.stringValue)
        let record = try XCTUnwrap(
            records(synced).first { $0["payload"] == #"{"title":"Folder member"}"# }?["header"]?["id"]?.stringValue)
        try await dispatch(
            vault,
            write(["type": "ADD_TO_FOLDER", "value": ["folderId": .string(folder), "recordId": .string(record)]]),
            token: token)
        try await dispatch(
            vault,
            write([
                "type": "SET_SETTINGS",
                "value": ["id": .string(record), "settings": ["favorite": true, "label": "mine"]],
            ]),
            token: token)
        let model = try await follow(vault, token: token) {
            let member = self.records($0).first { $0["header"]?["id"]?.stringValue == record }
            return member?["metadata"]?["folders"] == [.string(folder)]
                && member?["metadata"]?["settings"]?["favorite"] == true
                && $0["sync"]?["pending"] == 0
        }
        XCTAssertEqual(model["folders"]?.arrayValue?.first?["metadata"]?["records"], [.string(record)])
        let stored = try await admin.storedVaultRecord(id: folder)
        XCTAssertEqual(stored["members"], [.string(record)], "the membership reached Folio: \(stored)")
    }

    func testAConflictFromASecondWriterIsShownAndResolved() async throws {
        let created = try await rpc("runtime.create", ["organizationId": "org_bluebank"])
        let token = try XCTUnwrap(created["result"]?["token"]?.stringValue)
        try await signInChen(token: token)
        let vault = try await mountVault(token: token)
        try await dispatch(vault, create("note", #"{"v":1}"#), token: token)
        let pushed = try await follow(vault, token: token) {
            self.records($0).contains { $0["payload"] == #"{"v":1}"# && $0["header"]?["sync"]?["dirty"] == false }
        }
        let id = try XCTUnwrap(records(pushed).first { $0["payload"] == #"{"v":1}"# }?["header"]?["id"]?.stringValue)
        // This side changes the record while Folio refuses its pushes; meanwhile another writer moves Folio's
        // copy on (its revision goes up), and the vault learns of it from Folio's change feed.
        _ = try await admin.injectFault(
            EmulatorFault(route: "PUT /v1/vault/records/{recordId}", count: 1000, status: 503))
        try await dispatch(
            vault,
            write([
                "type": "UPDATE",
                "value": ["id": .string(id), "record": ["schema": "note", "version": 1, "payload": #"{"v":2}"#]],
            ]),
            token: token)
        _ = try await follow(vault, token: token) { self.records($0).contains { $0["payload"] == #"{"v":2}"# } }
        try await admin.writeVaultRecord(id: id, version: 1)
        let conflicted = try await follow(vault, token: token) { ($0["sync"]?["conflictCount"]?.intValue ?? 0) > 0 }
        _ = try await admin.clearFaults()
        let record = try XCTUnwrap(records(conflicted).first { $0["header"]?["id"]?.stringValue == id })
        XCTAssertEqual(record["header"]?["sync"]?["conflict"], ["type": "REMOTE_CHANGED"], "\(record)")
        try await dispatch(
            vault,
            write(["type": "RESOLVE_CONFLICT", "value": ["id": .string(id), "resolution": ["type": "KEEP_LOCAL"]]]),
            token: token)
        let resolved = try await follow(vault, token: token) {
            $0["sync"]?["conflictCount"] == 0 && $0["sync"]?["pending"] == 0 && $0["busy"] == false
        }
        XCTAssertEqual(records(resolved).first { $0["header"]?["id"]?.stringValue == id }?["payload"], #"{"v":2}"#)
        let stored = try await admin.storedVaultRecord(id: id)
        XCTAssertEqual(stored["revision"], 3, "the local version went over Folio's: \(stored)")
    }

    func testASharedRecordIsAcceptedByASecondAccount() async throws {
        let ownerRuntime = try await rpc("runtime.create", ["organizationId": "org_bluebank"])
        let owner = try XCTUnwrap(ownerRuntime["result"]?["token"]?.stringValue)
        try await signInChen(token: owner)
        let ownerVault = try await mountVault(token: owner)
        try await dispatch(ownerVault, create("note", #"{"shared":true}"#), token: owner)
        let pushed = try await follow(ownerVault, token: owner) {
            self.records($0).contains {
                $0["payload"] == #"{"shared":true}"# && $0["header"]?["sync"]?["dirty"] == false
            }
        }
        let id = try XCTUnwrap(
            records(pushed).first { $0["payload"] == #"{"shared":true}"# }?["header"]?["id"]?.stringValue)

        // The recipient signs in with a one-time code, approving the new device when asked; once signed in, its
        // vault's first pass publishes its sharing keys.
        let (recipient, recipientVault) = try await omarsVault()

        try await dispatch(
            ownerVault,
            [
                "type": "SHARE",
                "value": [
                    "value": [
                        "type": "INVITE",
                        "value": [
                            "recordId": .string(id), "email": "omar@example.org", "permission": "VIEW",
                        ],
                    ]
                ],
            ],
            token: owner)
        let invited = try await follow(ownerVault, token: owner) {
            ($0["sharing"]?["outgoing"]?.arrayValue?.count ?? 0) > 0 && $0["busy"] == false
        }
        XCTAssertNil(invited["error"], "\(invited)")

        try await dispatch(recipientVault, ["type": "SYNC"], token: recipient)
        let incoming = try await follow(recipientVault, token: recipient) {
            ($0["sharing"]?["incoming"]?.arrayValue?.count ?? 0) > 0
        }
        let invite = try XCTUnwrap(incoming["sharing"]?["incoming"]?.arrayValue?.first)
        XCTAssertEqual(invite["status"], "PENDING", "an invite waits until it is accepted")
        try await dispatch(
            recipientVault,
            ["type": "SHARE", "value": ["value": ["type": "ACCEPT", "value": ["inviteId": invite["id"] ?? nil]]]],
            token: recipient)
        try await dispatch(recipientVault, ["type": "SYNC"], token: recipient)
        let shared = try await follow(recipientVault, token: recipient) {
            self.records($0).contains { $0["payload"] == #"{"shared":true}"# }
        }
        let record = try XCTUnwrap(records(shared).first { $0["payload"] == #"{"shared":true}"# })
        XCTAssertEqual(record["header"]?["permission"], "VIEW")
        try await dispatch(
            recipientVault, write(["type": "DELETE", "value": ["id": record["header"]?["id"] ?? nil]]), token: recipient
        )
        let refused = try await follow(recipientVault, token: recipient) {
            $0["error"]?["details"]?["type"] == "PERMISSION_DENIED"
        }
        XCTAssertNotNil(refused["error"])
    }
}

extension FoundationStackTests {
    func signedInVault() async throws -> (token: String, vault: String) {
        let created = try await rpc("runtime.create", ["organizationId": "org_bluebank"])
        let token = try XCTUnwrap(created["result"]?["token"]?.stringValue)
        try await signInChen(token: token)
        return (token, try await mountVault(token: token))
    }

    func testFolioFailuresAreRetriedInTheBackgroundUntilThePushGoesThrough() async throws {
        let (token, vault) = try await signedInVault()
        _ = try await follow(vault, token: token) { $0["sync"]?["phase"] == ["type": "IDLE"] }
        // Three creates answered with 500, then two dropped connections: the background push tries again
        // (2 s, 4 s, 8 s... scaled down by FOLIO_VAULT_RETRY_SCALE) until Folio takes it.
        _ = try await admin.injectFault(EmulatorFault(route: "POST /v1/vault/records", count: 3, status: 500))
        _ = try await admin.injectFault(EmulatorFault(route: "POST /v1/vault/records", count: 2, drop: true))
        try await dispatch(vault, create("note", #"{"retried":true}"#), token: token)
        let pushed = try await follow(vault, token: token) {
            self.records($0).contains {
                $0["payload"] == #"{"retried":true}"# && $0["header"]?["sync"]?["dirty"] == false
            }
        }
        XCTAssertEqual(pushed["sync"]?["phase"], ["type": "IDLE"])
        XCTAssertNil(pushed["error"], "a background failure is not an action's error")
        let remaining = try await admin.faults()
        XCTAssertTrue(remaining.isEmpty, "every injected failure was met by a retry: \(remaining)")
        let account = try await admin.vaultAccount(id: "acct_chen")
        XCTAssertEqual(account.records, 1, "retries create nothing twice")
    }

    func testAVaultServiceKilledInTheMiddleOfAPushLosesAndDuplicatesNothing() async throws {
        let (token, vault) = try await signedInVault()
        _ = try await follow(vault, token: token) { $0["sync"]?["phase"] == ["type": "IDLE"] }
        // Folio answers slowly, so the push is still going when the process dies.
        _ = try await admin.injectFault(EmulatorFault(route: "POST /v1/vault/records", count: 1000, delayMs: 150))
        for index in 0..<12 {
            try await dispatch(vault, create("note", #"{"n":\#(index)}"#), token: token)
        }
        try await waitUntil("a few records reached Folio") {
            let account = try await self.admin.vaultAccount(id: "acct_chen")
            return account.records >= 2
        }
        let index = try XCTUnwrap(processes.firstIndex { $0.name == "folio-vault" })
        kill(processes[index].process.processIdentifier, SIGKILL)
        processes[index].process.waitUntilExit()
        processes.remove(at: index)
        _ = try await admin.clearFaults()
        processes.append(
            try StackProcess("folio-vault", environment: try environment(of: "folio-vault"), logDirectory: logDirectory)
        )
        try await waitUntil("the new VaultService answers") {
            try await self.rpc("vault.health")["result"]?["database"] == "ok"
        }

        // The Gateway finds no worker for the store, another one adopts it from its snapshot and syncs.
        let done = try await follow(vault, token: token) {
            self.records($0).count == 12 && $0["sync"]?["pending"] == 0 && $0["busy"] == false
        }
        XCTAssertEqual(Set(records(done).compactMap { $0["payload"]?.stringValue }).count, 12, "nothing lost")
        let account = try await admin.vaultAccount(id: "acct_chen")
        XCTAssertEqual(account.records, 12, "nothing created twice at Folio")
    }
}

extension FoundationStackTests {
    func testAnAttachmentAddedByAServiceIsReadBackOnlyThroughTheRuntimeThatHoldsIt() async throws {
        let created = try await rpc("runtime.create", ["organizationId": "org_bluebank"])
        let token = try XCTUnwrap(created["result"]?["token"]?.stringValue)
        let runtimeID = try XCTUnwrap(created["result"]?["runtimeId"]?.stringValue)
        let vault = try await mountVault(token: token)
        try await dispatch(vault, create("id", #"{"kind":"passport"}"#), token: token)
        let model = try await follow(vault, token: token) { self.records($0).count == 1 }
        let record = try XCTUnwrap(records(model).first?["header"]?["id"]?.stringValue)

        // A service (as the inquiry will) adds the artifact over the bus; the Gateway does not route that method.
        let bus = try await NATSBus.connect(try TestEnvironment.nats())
        let client = BusClient(transport: bus)
        let portrait = Array("a portrait, sealed at rest".utf8)
        let added = try await client.call(
            BusSubjects.internalRPC("vault"), "vaultinternal.addAttachment",
            [
                "runtimeId": .string(runtimeID), "recordId": .string(record), "mediaType": "image/jpeg",
                "bytes": .string(Data(portrait).base64EncodedString()),
            ])
        let attachment = try XCTUnwrap(added["attachmentId"]?.stringValue)
        let external = try await rpc(
            "vaultinternal.addAttachment", ["recordId": .string(record), "mediaType": "image/jpeg", "bytes": "AA=="],
            token: token)
        XCTAssertEqual(external["error"]?["code"], -32601, "services only: \(external)")

        let listed = try await follow(vault, token: token) {
            self.records($0).first?["header"]?["attachments"] == [.string(attachment)]
        }
        XCTAssertNotNil(listed)
        let read = try await rpc("attachment.getBytes", ["attachmentId": .string(attachment)], token: token)
        XCTAssertEqual(read["result"]?["mediaType"], "image/jpeg")
        XCTAssertEqual(
            read["result"]?["bytes"]?.stringValue.flatMap { Data(base64Encoded: $0) }.map(Array.init), portrait)

        let otherRuntime = try await rpc("runtime.create", ["organizationId": "org_bluebank"])
        let other = try XCTUnwrap(otherRuntime["result"]?["token"]?.stringValue)
        let foreign = try await rpc("attachment.getBytes", ["attachmentId": .string(attachment)], token: other)
        XCTAssertEqual(foreign["error"]?["code"], -32602, "another runtime's vault has no such attachment")
    }
}

extension FoundationStackTests {
    func testAnAttachmentOfASignedInVaultReachesFolioSealed() async throws {
        let created = try await rpc("runtime.create", ["organizationId": "org_bluebank"])
        let token = try XCTUnwrap(created["result"]?["token"]?.stringValue)
        let runtimeID = try XCTUnwrap(created["result"]?["runtimeId"]?.stringValue)
        try await signInChen(token: token)
        let vault = try await mountVault(token: token)
        try await dispatch(vault, create("id", #"{"kind":"id card"}"#), token: token)
        let pushed = try await follow(vault, token: token) {
            self.records($0).contains { $0["header"]?["id"]?.stringValue?.hasPrefix("rec_") == true }
        }
        let record = try XCTUnwrap(
            records(pushed).first { $0["header"]?["id"]?.stringValue?.hasPrefix("rec_") == true }?["header"]?["id"]?
                .stringValue)
        let bus = try await NATSBus.connect(try TestEnvironment.nats())
        let portrait = Array(repeating: UInt8(7), count: 3000)
        _ = try await BusClient(transport: bus).call(
            BusSubjects.internalRPC("vault"), "vaultinternal.addAttachment",
            [
                "runtimeId": .string(runtimeID), "recordId": .string(record), "mediaType": "image/jpeg",
                "bytes": .string(Data(portrait).base64EncodedString()),
            ])
        try await waitUntil("the attachment reached Folio") {
            let stored = try await self.admin.storedVaultRecord(id: record)
            return stored["attachments"]?.arrayValue?.first?["complete"] == true
        }
        let stored = try await admin.storedVaultRecord(id: record)
        XCTAssertEqual(
            stored["attachments"]?.arrayValue?.first?["size"]?.intValue, Int64(portrait.count + 40),
            "Folio holds the sealed bytes (nonce and tag added), not the plain ones")
    }
}

/// Test-side base64url decoding (padding added back).
enum Base64URLDecoding {
    static func decode(_ text: String) throws -> [UInt8] {
        var base64 = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        while base64.count % 4 != 0 { base64 += "=" }
        guard let data = Data(base64Encoded: base64) else { throw StackError("not base64url") }
        return Array(data)
    }
}
