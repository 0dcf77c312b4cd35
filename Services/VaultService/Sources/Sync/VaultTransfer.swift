import Crypto
import Foundation
import Postgres

/// On sign-in, the transient vault (records, folders, memberships, settings, attachments, and the identity
/// records' fingerprints and save answers) is copied into the account's vault, and the transient vault is
/// removed once every copy is in place (spec "Transient sessions"). It all happens in one transaction: a
/// process that dies halfway leaves both vaults as they were, and the copy runs again at the next trigger.
/// Entries keep their local ids and their record keys; bodies are sealed again for their new owner, and every
/// copy is dirty, so the account's vault pushes it.
struct VaultTransfer: Sendable {
    let database: VaultDatabase

    /// Returns how many entries were copied.
    @discardableResult
    func copy(from guest: String, to account: String) async throws -> Int {
        guard guest != account else { return 0 }
        return try await database.withAccount(guest) { transaction, guestCipher in
            try await Self.lock(guest, transaction)
            _ = try await transaction.execute(
                """
                INSERT INTO vault_moves (account_id, to_account) VALUES (\(guest), \(account))
                ON CONFLICT (account_id) DO UPDATE SET to_account = EXCLUDED.to_account, moved_at = now()
                """)
            return try await copy(from: guest, to: account, transaction, guestCipher)
        }
    }

    /// Serializes the writes of an account with its copy on sign-in.
    static func lock(_ account: String, _ transaction: PostgresTransaction) async throws {
        _ = try await transaction.query("SELECT pg_advisory_xact_lock(hashtext('folio-vault:' || \(account)))")
    }

    /// A write that reached a transient vault after its copy (it was under way during the copy) is copied
    /// after it, in the write's own transaction: returns the account it went to, if any.
    func followMove(_ guest: String, _ transaction: PostgresTransaction, _ guestCipher: VaultCipher) async throws
        -> String?
    {
        let rows = try await transaction.query("SELECT to_account FROM vault_moves WHERE account_id = \(guest)")
        guard let target = try rows.first?.decode(String.self, "to_account") else { return nil }
        _ = try await copy(from: guest, to: target, transaction, guestCipher)
        return target
    }

    private func copy(
        from guest: String, to account: String, _ transaction: PostgresTransaction, _ guestCipher: VaultCipher
    ) async throws -> Int {
        do {
            let entries = try await transaction.query(
                """
                SELECT id, kind, schema, version, state, record_key, body, folder_open, attachments, created_at,
                    updated_at, deleted_at
                FROM vault_entries WHERE state <> 'PURGED' AND permission = 'OWNER'
                """)
            guard !entries.isEmpty else { return 0 }
            let memberships = try await transaction.query(
                "SELECT folder_id, member_id FROM vault_memberships WHERE NOT removed")
            let settings = try await transaction.query("SELECT entry_id, body FROM vault_settings")
            let attachments = try await transaction.query(
                "SELECT id, entry_id, media_type, body FROM vault_attachments")
            let identities = try await transaction.query(
                "SELECT hash_key_account, fingerprint_hash, entry_id FROM vault_identity_records")
            let saves = try await transaction.query(
                "SELECT save_id, entry_id, attachment_ids FROM vault_identity_saves")

            // The same transaction, now as the account.
            try await transaction.setLocal("folio.account_id", account)
            let accountCipher = try await database.cipher(for: account, transaction)
            for row in entries {
                let id = try row.decode(String.self, "id")
                let schema = try row.decode(String.self, "schema")
                let version = UInt32(clamping: try row.decode(Int64.self, "version"))
                let key = try guestCipher.unwrapRecordKey(try row.decode([UInt8].self, "record_key"), entryID: id)
                let payload = try guestCipher.openBody(
                    try row.decode([UInt8].self, "body"), key: key, owner: guest, schema: schema, version: version,
                    id: id)
                let body = try accountCipher.sealBody(
                    payload, key: key, owner: account, schema: schema, version: version)
                let wrapped = try accountCipher.wrapRecordKey(key, entryID: id)
                _ = try await transaction.execute(
                    """
                    INSERT INTO vault_entries (account_id, id, kind, schema, version, state, permission, owner_account_id,
                        record_key, body, folder_open, attachments, created_at, updated_at, deleted_at)
                    VALUES (\(account), \(id), \(try row.decode(String.self, "kind")), \(schema), \(Int64(version)),
                        \(try row.decode(String.self, "state")), 'OWNER', \(account), \(wrapped), \(body),
                        \(try row.decode(Bool.self, "folder_open")), \(try row.decode(PostgresJSON.self, "attachments")),
                        \(try row.decode(Date.self, "created_at")), \(try row.decode(Date.self, "updated_at")),
                        \(try row.decode(Date?.self, "deleted_at")))
                    ON CONFLICT (account_id, id) DO NOTHING
                    """)
            }
            for row in memberships {
                _ = try await transaction.execute(
                    """
                    INSERT INTO vault_memberships (account_id, folder_id, member_id)
                    VALUES (\(account), \(try row.decode(String.self, "folder_id")), \(try row.decode(String.self, "member_id")))
                    ON CONFLICT DO NOTHING
                    """)
            }
            for row in settings {
                let entry = try row.decode(String.self, "entry_id")
                let value = try guestCipher.openSettings(try row.decode([UInt8].self, "body"), entryID: entry)
                _ = try await transaction.execute(
                    """
                    INSERT INTO vault_settings (account_id, entry_id, body)
                    VALUES (\(account), \(entry), \(try accountCipher.sealSettings(value, entryID: entry)))
                    ON CONFLICT DO NOTHING
                    """)
            }
            for row in attachments {
                // Sealed with the record key, which moves with the record: the bytes copy as they are.
                _ = try await transaction.execute(
                    """
                    INSERT INTO vault_attachments (account_id, id, entry_id, media_type, body)
                    VALUES (\(account), \(try row.decode(String.self, "id")), \(try row.decode(String.self, "entry_id")),
                        \(try row.decode(String.self, "media_type")), \(try row.decode([UInt8].self, "body")))
                    ON CONFLICT DO NOTHING
                    """)
            }

            for row in identities {
                // Hashed with the guest's key, which the row names: it keeps finding the copied record.
                _ = try await transaction.execute(
                    """
                    INSERT INTO vault_identity_records (account_id, hash_key_account, fingerprint_hash, entry_id)
                    VALUES (\(account), \(try row.decode(String.self, "hash_key_account")),
                        \(try row.decode([UInt8].self, "fingerprint_hash")), \(try row.decode(String.self, "entry_id")))
                    ON CONFLICT DO NOTHING
                    """)
            }
            for row in saves {
                _ = try await transaction.execute(
                    """
                    INSERT INTO vault_identity_saves (account_id, save_id, entry_id, attachment_ids)
                    VALUES (\(account), \(try row.decode(String.self, "save_id")), \(try row.decode(String.self, "entry_id")),
                        \(try row.decode(PostgresJSON.self, "attachment_ids")))
                    ON CONFLICT DO NOTHING
                    """)
            }

            // Every copy is in place: the transient vault goes.
            try await transaction.setLocal("folio.account_id", guest)
            for table in [
                "vault_attachments", "vault_settings", "vault_memberships", "vault_identity_records",
                "vault_identity_saves", "vault_entries", "vault_sync",
            ] {
                _ = try await transaction.execute("DELETE FROM \(unescaped: table) WHERE account_id = \(guest)")
            }
            return entries.count
        }
    }
}
