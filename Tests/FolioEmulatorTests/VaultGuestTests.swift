import Crypto
import FolioClient
import FolioEmulator
import FolioModel
import HTTP
import XCTest

/// Guest vaults (docs/folio-api.md, "Guest vaults"): what Folio delivers to a device before sign-in, read
/// with guest access (API key, organization and guest id, no session), never changed by it.
final class VaultGuestTests: VaultTestCase {
    private let organization = "org_bluebank"

    private func guest(_ harness: Harness, _ id: String = "guest_abc", organization: String? = nil)
        -> FolioVaultClient
    {
        harness.client.vault(organizationId: organization ?? self.organization, guestId: id)
    }

    /// Opens a delivered body as the guest's VaultService does: the record key from the box, the body with the
    /// additional data of docs/folio-api.md.
    private func open(_ record: FolioVaultRecord, box: BoxKeyPair, guest: String) throws -> String {
        let key = try SymmetricKey(bytes: try SealedBox.open(try XCTUnwrap(record.wrappedKey?.bytes), keyPair: box))
        let parts = ["folio-vault-body", guest, record.schema, String(record.version)]
        let additionalData = parts.flatMap { Array("\($0.utf8.count):".utf8) + Array($0.utf8) }
        let body = try AEAD.open(try XCTUnwrap(record.ciphertext?.bytes), additionalData: additionalData, key: key)
        return String(decoding: body, as: UTF8.self)
    }

    func testAGuestReadsWhatIsDeliveredToItWithoutASession() async throws {
        let harness = try await startEmulator()
        let vault = guest(harness)
        let empty = try await vault.changes()
        XCTAssertEqual(empty.items, [], "a guest vault nobody delivered to is empty")
        let box = BoxKeyPair.generate()
        let signing = Ed25519.PrivateKey.generate()
        let keys = try await vault.publishKeys(
            boxPublicKey: box.publicKey, signPublicKey: signing.publicKey.bytes, idempotencyKey: key())
        XCTAssertEqual(keys.accountId, "guest_abc")

        try await harness.admin.deliverGuestVaultRecord(
            organizationId: organization, guestId: "guest_abc", schema: "note", payload: #"{"text":"welcome"}"#)
        let changes = try await vault.changes(cursor: empty.nextCursor)
        let record = try XCTUnwrap(changes.records.first)
        XCTAssertEqual(changes.records.count, 1)
        XCTAssertEqual(record.permission, .owner)
        XCTAssertEqual(record.ownerAccountId, "guest_abc")
        XCTAssertEqual(record.organizationId, organization)
        XCTAssertNil(record.clientId)
        XCTAssertEqual(try open(record, box: box, guest: "guest_abc"), #"{"text":"welcome"}"#)
        let listed = try await vault.records()
        XCTAssertEqual(listed.items.map(\.id), [record.id])
        let read = try await vault.record(id: record.id)
        XCTAssertEqual(read.revision, 1)

        // Folio keeps only the ciphertext of it.
        let stored = try await harness.admin.storedVaultRecord(id: record.id)
        XCTAssertFalse(stored.serialized().contains(Array("welcome".utf8)), "no clear text at Folio")
        let stats = try await harness.admin.guestVault(organizationId: organization, guestId: "guest_abc")
        XCTAssertEqual(stats.records, 1)
        XCTAssertEqual(stats.feedSequence, 1)
        XCTAssertEqual(stats.boxPublicKey, Base64URL.encode(box.publicKey))

        // A second writer's change reaches the guest's feed too.
        try await harness.admin.writeVaultRecord(id: record.id, version: 2)
        let later = try await vault.changes(cursor: changes.nextCursor)
        XCTAssertEqual(later.records.map(\.revision), [2])
    }

    func testGuestAccessCannotPushOrShare() async throws {
        let harness = try await startEmulator()
        let vault = guest(harness)
        let create = await vaultError { () async throws(FolioVaultError) in
            try await vault.createRecord(
                FolioVaultRecordCreate(schema: "note", version: 1, ciphertext: [1, 2, 3]), idempotencyKey: self.key())
        }
        XCTAssertEqual(create?.code, .guestReadOnly)
        XCTAssertEqual(create?.underlying.status, 403)
        let record = try await harness.admin.deliverGuestVaultRecord(
            organizationId: organization, guestId: "guest_abc", schema: "note", ciphertext: [1, 2, 3],
            wrappedKey: [4, 5, 6])
        let id = try XCTUnwrap(record["id"]?.stringValue)
        let update = await vaultError { () async throws(FolioVaultError) in
            try await vault.updateRecord(
                id: id, FolioVaultRecordUpdate(baseRevision: 1, schema: "note", version: 1, ciphertext: [9]),
                idempotencyKey: self.key())
        }
        XCTAssertEqual(update?.code, .guestReadOnly)
        let delete = await vaultError { () async throws(FolioVaultError) in
            try await vault.deleteRecord(id: id, baseRevision: 1, idempotencyKey: self.key())
        }
        XCTAssertEqual(delete?.code, .guestReadOnly)
        let settings = await vaultError { () async throws(FolioVaultError) in
            try await vault.setSettings(recordId: id, baseRevision: 0, ciphertext: [1], idempotencyKey: self.key())
        }
        XCTAssertEqual(settings?.code, .guestReadOnly)
        let shares = await vaultError { () async throws(FolioVaultError) in try await vault.incomingShares() }
        XCTAssertEqual(shares?.code, .guestReadOnly)
        let lookup = await vaultError { () async throws(FolioVaultError) in
            try await vault.keys(accountId: Self.chen.0)
        }
        XCTAssertEqual(lookup?.code, .guestReadOnly)
        let stored = try await harness.admin.storedVaultRecord(id: id)
        XCTAssertEqual(stored["revision"], 1, "nothing the guest sent changed the record")
        let stats = try await harness.admin.guestVault(organizationId: organization, guestId: "guest_abc")
        XCTAssertEqual(stats.records, 1)
    }

    func testAGuestVaultBelongsToItsOrganizationAndGuestOnly() async throws {
        let harness = try await startEmulator()
        let chen = try await user(harness, Self.chen)
        _ = try await createNote(chen)
        try await harness.admin.deliverGuestVaultRecord(
            organizationId: organization, guestId: "guest_abc", schema: "note", ciphertext: [1], wrappedKey: [2])
        let sameGuestElsewhere = try await guest(harness, organization: "org_civic").changes()
        XCTAssertEqual(sameGuestElsewhere.items, [], "the same guest id in another organization is another vault")
        let otherGuest = try await guest(harness, "guest_other").changes()
        XCTAssertEqual(otherGuest.items, [])
        let chenFeed = try await chen.vault.changes()
        XCTAssertEqual(chenFeed.records.count, 1, "an account never sees a guest's deliveries")

        let unknown = await vaultError { () async throws(FolioVaultError) in
            try await self.guest(harness, organization: "org_nowhere").changes()
        }
        XCTAssertEqual(unknown?.failure?.rawCode, "ORGANIZATION_NOT_FOUND")
        let malformed = await vaultError { () async throws(FolioVaultError) in
            try await self.guest(harness, "guest/../x").changes()
        }
        XCTAssertEqual(malformed?.code, .invalidRequest)
        var headers = harness.apiAuth
        headers["Folio-Session-Id"] = chen.sessionId
        headers["Folio-Guest-Id"] = "guest_abc"
        headers["Folio-Organization-Id"] = organization
        let both = try await harness.raw("GET", "/v1/vault/changes", headers: headers)
        XCTAssertEqual(both.status, 400)
    }

    func testADeliveryToBeSealedWaitsForTheGuestsKeys() async throws {
        let harness = try await startEmulator()
        do {
            try await harness.admin.deliverGuestVaultRecord(
                organizationId: organization, guestId: "guest_abc", schema: "note", payload: "x")
            XCTFail("a payload cannot be sealed before the guest published its keys")
        } catch {
            XCTAssertTrue(String(describing: error).contains("VAULT_KEYS_REQUIRED"), "\(error)")
        }
        let stats = try await harness.admin.guestVault(organizationId: organization, guestId: "guest_abc")
        XCTAssertEqual(stats.records, 0)
        XCTAssertNil(stats.boxPublicKey)
    }

    func testTheGuestLongPollWakesOnADelivery() async throws {
        let harness = try await startEmulator()
        let start = try await guest(harness).changes()
        let vault = harness.client(timeout: .seconds(20), http: HTTPClient())
            .vault(organizationId: organization, guestId: "guest_abc")
        let watcher = Task { () throws(FolioVaultError) -> FolioVaultChanges in
            try await vault.changes(cursor: start.nextCursor, waitSeconds: 10)
        }
        try await Task.sleep(for: .milliseconds(200))
        let record = try await harness.admin.deliverGuestVaultRecord(
            organizationId: organization, guestId: "guest_abc", schema: "note", ciphertext: [1], wrappedKey: [2])
        let woke = try await watcher.value
        XCTAssertEqual(woke.records.map(\.id), [record["id"]?.stringValue])
    }
}
