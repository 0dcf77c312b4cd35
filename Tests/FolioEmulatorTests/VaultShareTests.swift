import Crypto
import FolioClient
import FolioEmulator
import FolioModel
import XCTest

/// Vault keys, invites and the share actions: accept, reject, revoke.
final class VaultShareTests: VaultTestCase {
    func testKeysArePublishedAndLookedUpWithinTheOrganization() async throws {
        let harness = try await startEmulator()
        let chen = try await user(harness, Self.chen)
        let dana = try await user(harness, Self.dana)
        let emil = try await user(harness, Self.emil)
        let none = await vaultError { () async throws(FolioVaultError) in
            try await chen.vault.keys(accountId: dana.accountId)
        }
        XCTAssertEqual(none?.code, .vaultKeysNotFound)
        let published = try await publishKeys(dana)
        XCTAssertEqual(published.accountId, "acct_dana")
        XCTAssertEqual(published.organizationId, "org_bluebank")
        XCTAssertEqual(published.boxPublicKey.bytes, dana.box.publicKey)
        let byId = try await chen.vault.keys(accountId: dana.accountId)
        XCTAssertEqual(byId, published)
        let byEmail = try await chen.vault.keys(email: "DANA@example.org")
        XCTAssertEqual(byEmail, published)
        let otherOrganization = await vaultError { () async throws(FolioVaultError) in
            try await emil.vault.keys(accountId: dana.accountId)
        }
        XCTAssertEqual(otherOrganization?.code, .accountNotFound)
        let badKey = await vaultError { () async throws(FolioVaultError) in
            try await dana.vault.publishKeys(
                boxPublicKey: Array(repeating: 1, count: 31), signPublicKey: dana.signing.publicKey.bytes,
                idempotencyKey: self.key())
        }
        XCTAssertEqual(badKey?.code, .invalidRequest)
    }

    func testAnAcceptedInviteJoinsTheRecipientsVaultWithViewPermission() async throws {
        let harness = try await startEmulator()
        let chen = try await user(harness, Self.chen)
        let dana = try await user(harness, Self.dana)
        try await publishKeys(chen)
        try await publishKeys(dana)
        let note = try await createNote(chen)
        let share = try await invite(chen, dana, note)
        XCTAssertEqual(share.status, .pending)
        XCTAssertEqual(share.permission, .view)
        XCTAssertEqual(share.ownerEmail, "chen.wei@example.net")
        XCTAssertEqual(share.recipientEmail, "dana@example.org")
        XCTAssertEqual(share.schema, "note")
        let pending = await vaultError { () async throws(FolioVaultError) in try await dana.vault.record(id: note.id) }
        XCTAssertEqual(pending?.code, .recordNotFound, "a pending invite gives no access")
        let incoming = try await dana.vault.incomingShares(status: .pending)
        XCTAssertEqual(incoming.items, [share])
        let outgoing = try await chen.vault.outgoingShares()
        XCTAssertEqual(outgoing.items, [share])

        let ownerKeys = try await dana.vault.keys(accountId: chen.accountId)
        XCTAssertTrue(share.hasValidSignature(ownerSignPublicKey: ownerKeys.signPublicKey.bytes))
        try await harness.admin.advanceClock(seconds: 5)
        let accepted = try await dana.vault.acceptShare(id: share.id, idempotencyKey: key())
        XCTAssertEqual(accepted.status, .accepted)
        XCTAssertEqual(accepted.acceptedAt, EmulatorClock.defaultTestInstant + 5)
        let seen = try await dana.vault.record(id: note.id)
        XCTAssertEqual(seen.permission, .view)
        XCTAssertEqual(seen.shareId, share.id)
        XCTAssertNil(seen.clientId)
        XCTAssertNil(seen.revokedAt)
        let recordKey = try SealedBox.open(try XCTUnwrap(seen.wrappedKey).bytes, keyPair: dana.box)
        let body = try AEAD.open(
            try XCTUnwrap(seen.ciphertext).bytes, additionalData: Array("D_local".utf8),
            key: SymmetricKey(bytes: recordKey))
        XCTAssertEqual(String(decoding: body, as: UTF8.self), "Visa: renew")
        let list = try await dana.vault.records()
        XCTAssertEqual(list.items.map(\.id), [note.id])
        let noneLeft = try await dana.vault.incomingShares(status: .pending)
        XCTAssertEqual(noneLeft.items, [])
    }

    func testARejectedInviteGivesNoAccessAndCanBeSentAgain() async throws {
        let harness = try await startEmulator()
        let chen = try await user(harness, Self.chen)
        let dana = try await user(harness, Self.dana)
        try await publishKeys(chen)
        try await publishKeys(dana)
        let note = try await createNote(chen)
        let share = try await invite(chen, dana, note)
        let rejected = try await dana.vault.rejectShare(id: share.id, idempotencyKey: key())
        XCTAssertEqual(rejected.status, .rejected)
        XCTAssertNotNil(rejected.rejectedAt)
        let hidden = await vaultError { () async throws(FolioVaultError) in try await dana.vault.record(id: note.id) }
        XCTAssertEqual(hidden?.code, .recordNotFound)
        let late = await vaultError { () async throws(FolioVaultError) in
            try await dana.vault.acceptShare(id: share.id, idempotencyKey: self.key())
        }
        XCTAssertEqual(late?.code, .invalidShareState)
        XCTAssertEqual(late?.failure?.currentShare?.status, .rejected)
        let second = try await invite(chen, dana, note)
        XCTAssertNotEqual(second.id, share.id)
        let duplicate = try await inviteError(chen, dana, note)
        XCTAssertEqual(duplicate?.code, .alreadyShared)
    }

    func testARevokedShareShowsRevokedAtAndNeverDeletesTheRecord() async throws {
        let harness = try await startEmulator()
        let chen = try await user(harness, Self.chen)
        let dana = try await user(harness, Self.dana)
        try await publishKeys(chen)
        try await publishKeys(dana)
        let note = try await createNote(chen)
        let share = try await invite(chen, dana, note)
        _ = try await dana.vault.acceptShare(id: share.id, idempotencyKey: key())
        let danaCursor = try await dana.vault.changes().nextCursor
        try await harness.admin.advanceClock(seconds: 30)
        let byRecipient = await vaultError { () async throws(FolioVaultError) in
            try await dana.vault.revokeShare(id: share.id, idempotencyKey: self.key())
        }
        XCTAssertEqual(byRecipient?.code, .permissionDenied)
        let revoked = try await chen.vault.revokeShare(id: share.id, idempotencyKey: key())
        XCTAssertEqual(revoked.status, .revoked)
        XCTAssertEqual(revoked.revokedAt, EmulatorClock.defaultTestInstant + 30)
        let kept = try await dana.vault.record(id: note.id)
        XCTAssertEqual(kept.state, .active)
        XCTAssertEqual(kept.revokedAt, EmulatorClock.defaultTestInstant + 30)
        XCTAssertNotNil(kept.ciphertext, "the content stays available")
        let changes = try await dana.vault.changes(cursor: danaCursor)
        XCTAssertEqual(changes.records.map(\.revokedAt), [EmulatorClock.defaultTestInstant + 30])
        XCTAssertEqual(changes.shares.map(\.status), [.revoked])
        let twice = await vaultError { () async throws(FolioVaultError) in
            try await chen.vault.revokeShare(id: share.id, idempotencyKey: self.key())
        }
        XCTAssertEqual(twice?.code, .invalidShareState)
        let stillThere = try await harness.admin.storedVaultRecord(id: note.id)
        XCTAssertEqual(stillThere["state"], ["type": "ACTIVE"])
    }

    func testInvitesAreCheckedBeforeAnythingIsStored() async throws {
        let harness = try await startEmulator()
        let chen = try await user(harness, Self.chen)
        let dana = try await user(harness, Self.dana)
        let emil = try await user(harness, Self.emil)
        let note = try await createNote(chen)
        try await publishKeys(dana)
        let danaKeys = try await chen.vault.keys(accountId: dana.accountId)
        let unsignedKeys = try await inviteError(chen, dana, note)
        XCTAssertEqual(unsignedKeys?.code, .vaultKeysRequired)
        try await publishKeys(chen)

        let forged = try FolioVaultInvite.sealed(
            recordId: note.id, ownerAccountId: chen.accountId, recipient: danaKeys, recordKey: Self.recordKey.bytes,
            signingKey: dana.signing)
        let badSignature = await vaultError { () async throws(FolioVaultError) in
            try await chen.vault.invite(recordId: note.id, forged, idempotencyKey: self.key())
        }
        XCTAssertEqual(badSignature?.code, .invalidSignature)

        let old = try FolioVaultInvite.sealed(
            recordId: note.id, ownerAccountId: chen.accountId, recipient: danaKeys, recordKey: Self.recordKey.bytes,
            signingKey: chen.signing)
        _ = try await dana.vault.publishKeys(
            boxPublicKey: BoxKeyPair.generate().publicKey, signPublicKey: dana.signing.publicKey.bytes,
            idempotencyKey: key())
        let changed = await vaultError { () async throws(FolioVaultError) in
            try await chen.vault.invite(recordId: note.id, old, idempotencyKey: self.key())
        }
        XCTAssertEqual(changed?.code, .recipientKeysChanged)

        let toSelf = try await inviteError(chen, chen, note)
        XCTAssertEqual(toSelf?.code, .invalidRecipient)
        try await publishKeys(emil)
        let otherOrganization = await vaultError { () async throws(FolioVaultError) in
            try await chen.vault.invite(
                recordId: note.id,
                FolioVaultInvite(
                    recipientAccountId: emil.accountId, recipientBoxPublicKey: emil.box.publicKey, wrappedKey: [1],
                    signature: Array(repeating: 0, count: 64)), idempotencyKey: self.key())
        }
        XCTAssertEqual(otherOrganization?.code, .accountNotFound)
        let folder = try await createFolder(chen)
        let shareFolder = try await inviteError(chen, dana, folder)
        XCTAssertEqual(shareFolder?.code, .notShareable)
        let notOwner = try await inviteError(dana, chen, note)
        XCTAssertEqual(notOwner?.code, .recordNotFound)

        var headers = harness.apiAuth
        headers["Folio-Session-Id"] = chen.sessionId
        headers["Idempotency-Key"] = key()
        headers["Content-Type"] = "application/json"
        let edit = try await harness.raw(
            "POST", "/v1/vault/records/\(note.id)/shares", headers: headers,
            body: """
                {"recipientAccountId": "acct_dana", "permission": {"type": "EDIT"},
                 "recipientBoxPublicKey": "\(Base64URL.encode(dana.box.publicKey))", "wrappedKey": "AQ",
                 "signature": "\(Base64URL.encode(Array(repeating: 0, count: 64)))"}
                """)
        XCTAssertEqual(edit.status, 400)
        let outgoing = try await chen.vault.outgoingShares()
        XCTAssertEqual(outgoing.items, [])
    }

    func testOnlyTheRecipientAnswersAnInvite() async throws {
        let harness = try await startEmulator()
        let chen = try await user(harness, Self.chen)
        let dana = try await user(harness, Self.dana)
        let ravi = try await user(harness, ("acct_ravi", "ravi@example.org"))
        try await publishKeys(chen)
        try await publishKeys(dana)
        let note = try await createNote(chen)
        let share = try await invite(chen, dana, note)
        let byOwner = await vaultError { () async throws(FolioVaultError) in
            try await chen.vault.acceptShare(id: share.id, idempotencyKey: self.key())
        }
        XCTAssertEqual(byOwner?.code, .permissionDenied)
        let byStranger = await vaultError { () async throws(FolioVaultError) in
            try await ravi.vault.acceptShare(id: share.id, idempotencyKey: self.key())
        }
        XCTAssertEqual(byStranger?.code, .shareNotFound)
        let read = await vaultError { () async throws(FolioVaultError) in try await ravi.vault.share(id: share.id) }
        XCTAssertEqual(read?.code, .shareNotFound)
        var headers = harness.apiAuth
        headers["Folio-Session-Id"] = dana.sessionId
        let bad = try await harness.raw("GET", "/v1/vault/shares/incoming?status=MAYBE", headers: headers)
        XCTAssertEqual(bad.status, 400)
    }
}
