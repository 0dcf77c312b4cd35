import Crypto
import FolioClient
import FolioModel
import Foundation
import Postgres

/// An account's sharing keys: records are sealed to `box`, invites signed with `sign`.
struct AccountKeys: Sendable {
    let box: BoxKeyPair
    let sign: Ed25519.PrivateKey
    let published: Bool
}

/// Sharing (spec "Actions": Share; DESIGN §6): an invite seals the record's key to the recipient's
/// published box key and is signed with the owner's key; the recipient's vault opens it when the shared
/// record arrives. Only records are shared, with permission View.
struct VaultSharing: Sendable {
    let database: VaultDatabase

    func perform(_ share: VaultShare, account: String, client: FolioVaultClient) async throws {
        let keys = try await publishedKeys(account, client)
        switch share {
        case .invite(let recordId, let email, let permission):
            guard permission == .view else {
                throw VaultError.invalidRequest(message: "records are shared with permission View")
            }
            let (folioID, recordKey) = try await shareable(recordId, account: account)
            let recipient: FolioVaultKeys
            do {
                recipient = try await client.keys(email: email)
            } catch {
                throw VaultError.notFound(message: "no account with vault keys for \(email) in this organization")
            }
            let invite = try FolioVaultInvite.sealed(
                recordId: folioID, ownerAccountId: account, recipient: recipient, recordKey: recordKey.bytes,
                signingKey: keys.sign)
            _ = try await client.invite(
                recordId: folioID, invite, idempotencyKey: "vault-\(account)-invite-\(folioID)-\(recipient.accountId)")
        case .accept(let inviteId):
            _ = try await client.acceptShare(id: inviteId, idempotencyKey: "vault-\(account)-accept-\(inviteId)")
        case .reject(let inviteId):
            _ = try await client.rejectShare(id: inviteId, idempotencyKey: "vault-\(account)-reject-\(inviteId)")
        case .revoke(let inviteId):
            _ = try await client.revokeShare(id: inviteId, idempotencyKey: "vault-\(account)-revoke-\(inviteId)")
        }
        try await refresh(account, client)
    }

    /// The invites Folio has for the account, incoming and outgoing, kept for the state's sharing view.
    func refresh(_ account: String, _ client: FolioVaultClient) async throws {
        var shares: [(String, FolioVaultShare)] = []
        for direction in ["INCOMING", "OUTGOING"] {
            var cursor: String?
            repeat {
                let page =
                    direction == "INCOMING"
                    ? try await client.incomingShares(cursor: cursor, limit: 100)
                    : try await client.outgoingShares(cursor: cursor, limit: 100)
                shares += page.items.map { (direction, $0) }
                cursor = page.nextCursor
            } while cursor != nil
        }
        let found = shares
        // The list is replaced as a whole; the account's write lock keeps a Share action and a sync pass (on
        // this worker or another) from both inserting into the list that neither has deleted yet.
        try await database.withAccount(account, lockingWrites: true) { transaction, _ in
            _ = try await transaction.execute("DELETE FROM vault_shares WHERE account_id = \(account)")
            for (direction, share) in found {
                let invite = ShareInvite(
                    id: share.id, recordId: share.recordId, schema: share.schema,
                    email: direction == "INCOMING" ? share.ownerEmail : share.recipientEmail,
                    permission: share.permission == .owner ? .owner : .view, status: InviteStatus(share.status),
                    createdAt: Int64(share.createdAt.timeIntervalSince1970),
                    revokedAt: share.revokedAt.map { Int64($0.timeIntervalSince1970) })
                _ = try await transaction.execute(
                    """
                    INSERT INTO vault_shares (account_id, id, direction, invite)
                    VALUES (\(account), \(share.id), \(direction), \(PostgresJSON(invite.json.jsonString)))
                    """)
            }
        }
    }

    /// The account's keys, made on first use and published to Folio until Folio has them.
    func publishedKeys(_ account: String, _ client: FolioVaultClient) async throws -> AccountKeys {
        let keys = try await database.withAccount(account) { transaction, cipher in
            try await Self.keys(account, transaction, cipher)
        }
        guard !keys.published else { return keys }
        _ = try await client.publishKeys(
            boxPublicKey: keys.box.publicKey, signPublicKey: keys.sign.publicKey.bytes,
            idempotencyKey: "vault-\(account)-keys-\(Base64URL.encode(keys.box.publicKey))")
        try await database.withAccount(account) { transaction, _ in
            _ = try await transaction.execute(
                "UPDATE vault_account_keys SET published = true WHERE account_id = \(account)")
        }
        return keys
    }

    static func keys(_ account: String, _ transaction: PostgresTransaction, _ cipher: VaultCipher) async throws
        -> AccountKeys
    {
        let context = ["folio-vault-account-keys", account]
        var rows = try await transaction.query(
            "SELECT box_secret, sign_seed, published FROM vault_account_keys WHERE account_id = \(account)")
        if rows.isEmpty {
            let box = BoxKeyPair.generate()
            let sign = Ed25519.PrivateKey.generate()
            _ = try await transaction.execute(
                """
                INSERT INTO vault_account_keys (account_id, box_public, box_secret, sign_public, sign_seed)
                VALUES (\(account), \(box.publicKey), \(try cipher.seal(box.secretKey, context + ["box"])),
                    \(sign.publicKey.bytes), \(try cipher.seal(sign.seed, context + ["sign"])))
                ON CONFLICT (account_id) DO NOTHING
                """)
            rows = try await transaction.query(
                "SELECT box_secret, sign_seed, published FROM vault_account_keys WHERE account_id = \(account)")
        }
        guard let row = rows.first else { throw VaultError.storage(message: "the account's keys cannot be read") }
        return AccountKeys(
            box: try BoxKeyPair(
                secretKey: try cipher.open(try row.decode([UInt8].self, "box_secret"), context + ["box"])),
            sign: try Ed25519.PrivateKey(
                seed: try cipher.open(try row.decode([UInt8].self, "sign_seed"), context + ["sign"])),
            published: try row.decode(Bool.self, "published"))
    }

    /// A record this account owns, that Folio has, with its key.
    private func shareable(_ id: String, account: String) async throws -> (String, SymmetricKey) {
        try await database.withAccount(account) { transaction, cipher in
            let rows = try await transaction.query(
                """
                SELECT id, folio_id, kind, permission, state, record_key FROM vault_entries
                WHERE id = \(id) OR folio_id = \(id)
                """)
            guard let row = rows.first, try row.decode(String.self, "state") != "PURGED" else {
                throw VaultError.notFound(message: "no record \(id)")
            }
            guard try row.decode(String.self, "kind") == "RECORD", try row.decode(String.self, "permission") == "OWNER"
            else {
                throw VaultError.permissionDenied(message: "only the owner shares a record, and folders are not shared")
            }
            guard let folioID = try row.decode(String?.self, "folio_id") else {
                throw VaultError.invalidRequest(message: "\(id) has not reached Folio yet: sync, then retry")
            }
            let local = try row.decode(String.self, "id")
            return (folioID, try cipher.unwrapRecordKey(try row.decode([UInt8].self, "record_key"), entryID: local))
        }
    }
}

extension InviteStatus {
    init(_ status: FolioVaultShareStatus) {
        switch status {
        case .pending: self = .pending
        case .accepted: self = .accepted
        case .rejected: self = .rejected
        case .revoked: self = .revoked
        }
    }
}
