import Crypto
import FolioClient
import FolioModel
import Foundation
import Postgres

/// Applies one record of Folio's change feed to the local vault, in the fetch's transaction:
/// - an entry Folio has at a newer revision replaces a clean local copy, and puts a changed one in conflict;
/// - a purged one leaves the vault; one the vault does not know joins it;
/// - the account's own settings follow Folio's when they have no local change;
/// - a folder's members follow Folio's, except memberships changed here.
/// - a record shared with the account (`VIEW`) joins under Folio's id, its key opened from the share.
/// - a record of a guest vault (`delivered`) joins the transient vault under Folio's id, its key opened with
///   the guest's box key (RemoteRecordApplier+Delivered.swift); one shared with the guest (an issued document
///   whose invite it accepted) joins as View, as for an account.
struct RemoteRecordApplier {
    let transaction: PostgresTransaction
    let cipher: VaultCipher
    let account: String
    /// The account's box keys, to open the keys of shared and delivered records.
    let box: BoxKeyPair?
    /// The records come from a guest vault.
    var delivered = false

    func apply(_ record: FolioVaultRecord) async throws {
        // A record shared with the account; in a guest vault, an issued document whose invite the guest accepted.
        if record.permission == .view {
            try await applyShared(record)
            return
        }
        if delivered {
            try await applyDelivered(record)
            return
        }
        let rows = try await transaction.query(
            """
            SELECT id, revision, dirty, record_key FROM vault_entries
            WHERE folio_id = \(record.id) OR (folio_id IS NULL AND id = \(record.clientId ?? "")) FOR UPDATE
            """)
        guard let row = rows.first else {
            try await insert(record)
            return
        }
        let id = try row.decode(String.self, "id")
        let revision = try row.decode(Int64?.self, "revision") ?? 0
        let dirty = try row.decode(Bool.self, "dirty")
        if record.revision > revision {
            if record.state == .purged && !dirty {
                try await VaultSyncTables.remove(id, transaction)
                return
            } else if dirty {
                try await conflict(id, record)
            } else {
                try await replace(id, record, storedKey: try row.decode([UInt8].self, "record_key"))
            }
        }
        try await applySettings(id, record)
        if record.kind == .folder, let members = record.records { try await applyMembers(id, members) }
    }

    /// A record another account shares: its key comes sealed to this account's box key; it is kept wrapped
    /// with this account's data key like every record key. Revocation keeps it, with `revokedAt`.
    private func applyShared(_ record: FolioVaultRecord) async throws {
        let id = record.id
        guard record.state != .purged else {
            try await VaultSyncTables.remove(id, transaction)
            return
        }
        guard let box, let sealed = record.wrappedKey?.bytes, let ciphertext = record.ciphertext?.bytes else {
            throw VaultError.storage(message: "the shared record \(id) comes without its key")
        }
        let key = try SymmetricKey(bytes: try SealedBox.open(sealed, keyPair: box))
        try opens(ciphertext, key: key, record)
        let wrapped = try cipher.wrapRecordKey(key, entryID: id)
        _ = try await transaction.execute(
            """
            INSERT INTO vault_entries (account_id, id, folio_id, kind, schema, version, state, permission,
                owner_account_id, record_key, body, created_at, updated_at, deleted_at, revoked_at, revision,
                folio_state, dirty, body_dirty)
            VALUES (\(account), \(id), \(id), 'RECORD', \(FolioSchemaName.local(record.schema)), \(Int64(record.version)),
                \(record.state.rawValue), 'VIEW', \(record.ownerAccountId), \(wrapped), \(ciphertext), \(record.createdAt),
                \(record.updatedAt), \(record.deletedAt), \(record.revokedAt), \(record.revision), \(record.state.rawValue),
                false, false)
            ON CONFLICT (account_id, id) DO UPDATE SET body = EXCLUDED.body, schema = EXCLUDED.schema,
                version = EXCLUDED.version, state = EXCLUDED.state, record_key = EXCLUDED.record_key,
                updated_at = EXCLUDED.updated_at, deleted_at = EXCLUDED.deleted_at, revoked_at = EXCLUDED.revoked_at,
                revision = EXCLUDED.revision, folio_state = EXCLUDED.folio_state
            """)
        try await applySettings(id, record)
    }

    private func insert(_ record: FolioVaultRecord) async throws {
        guard record.state != .purged, let ciphertext = record.ciphertext?.bytes,
            let wrappedKey = record.wrappedKey?.bytes, let id = record.clientId
        else { return }
        try opens(ciphertext, key: try cipher.unwrapRecordKey(wrappedKey, entryID: id), record)
        _ = try await transaction.execute(
            """
            INSERT INTO vault_entries (account_id, id, folio_id, kind, schema, version, state, permission,
                owner_account_id, record_key, body, created_at, updated_at, deleted_at, revision, folio_state, dirty,
                body_dirty)
            VALUES (\(account), \(id), \(record.id), \(record.kind.rawValue), \(FolioSchemaName.local(record.schema)), \(Int64(record.version)),
                \(record.state.rawValue), 'OWNER', \(record.ownerAccountId), \(wrappedKey), \(ciphertext),
                \(record.createdAt), \(record.updatedAt), \(record.deletedAt), \(record.revision), \(record.state.rawValue),
                false, false)
            ON CONFLICT (account_id, id) DO NOTHING
            """)
        try await applySettings(id, record)
    }

    private func replace(_ id: String, _ record: FolioVaultRecord, storedKey: [UInt8]) async throws {
        guard let ciphertext = record.ciphertext?.bytes else { return }
        try opens(
            ciphertext, key: try cipher.unwrapRecordKey(record.wrappedKey?.bytes ?? storedKey, entryID: id), record)
        _ = try await transaction.execute(
            """
            UPDATE vault_entries SET body = \(ciphertext), schema = \(FolioSchemaName.local(record.schema)), version = \(Int64(record.version)),
                state = \(record.state.rawValue), folio_state = \(record.state.rawValue), revision = \(record.revision),
                deleted_at = \(record.deletedAt), revoked_at = \(record.revokedAt), updated_at = \(record.updatedAt),
                record_key = COALESCE(\(record.wrappedKey?.bytes), record_key)
            WHERE id = \(id)
            """)
    }

    /// A fetched body is stored only once it opens with its key, as the view will open it: one that does not
    /// is a failure of this record (the stored copy stays as it was), never an entry that makes the vault
    /// unreadable at the next session start.
    private func opens(_ ciphertext: [UInt8], key: SymmetricKey, _ record: FolioVaultRecord) throws {
        _ = try cipher.openBody(
            ciphertext, key: key, owner: record.ownerAccountId, schema: FolioSchemaName.local(record.schema),
            version: record.version, id: record.id)
    }

    /// Folio moved on while this side changed the entry: both versions are kept until ResolveConflict.
    private func conflict(_ id: String, _ record: FolioVaultRecord) async throws {
        let current = try await transaction.query("SELECT state FROM vault_entries WHERE id = \(id)")
        let localState = try current.first?.decode(String.self, "state") ?? "ACTIVE"
        let kind: ConflictState =
            switch (record.state, localState) {
            case (.purged, _), (.deleted, "ACTIVE"): .remoteDeleted
            case (.active, "DELETED"), (.active, "PURGED"): .localDeleted
            default: .remoteChanged
            }
        _ = try await transaction.execute(
            """
            UPDATE vault_entries SET conflict = \(kind.wireType), remote_body = \(record.ciphertext?.bytes),
                remote_schema = \(FolioSchemaName.local(record.schema)), remote_version = \(Int64(record.version)),
                remote_revision = \(record.revision)
            WHERE id = \(id)
            """)
    }

    private func applySettings(_ id: String, _ record: FolioVaultRecord) async throws {
        guard let settings = record.settings else { return }
        _ = try await transaction.execute(
            """
            INSERT INTO vault_settings (account_id, entry_id, body, dirty, revision)
            VALUES (\(account), \(id), \(settings.ciphertext.bytes), false, \(settings.revision))
            ON CONFLICT (account_id, entry_id) DO UPDATE SET body = EXCLUDED.body, revision = EXCLUDED.revision
            WHERE NOT vault_settings.dirty AND vault_settings.revision < EXCLUDED.revision
            """)
    }

    private func applyMembers(_ folder: String, _ folioMembers: [String]) async throws {
        let rows = try await transaction.query(
            "SELECT id, folio_id FROM vault_entries WHERE folio_id IS NOT NULL")
        var localOf: [String: String] = [:]
        for row in rows {
            if let folio = try row.decode(String?.self, "folio_id") {
                localOf[folio] = try row.decode(String.self, "id")
            }
        }
        let members = folioMembers.compactMap { localOf[$0] }
        _ = try await transaction.execute(
            """
            DELETE FROM vault_memberships WHERE folder_id = \(folder) AND NOT dirty
                AND NOT (\(PostgresJSON(JSONValue.array(members.map(JSONValue.string)).jsonString))::jsonb ? member_id)
            """)
        for member in members {
            _ = try await transaction.execute(
                """
                INSERT INTO vault_memberships (account_id, folder_id, member_id, removed, dirty)
                VALUES (\(account), \(folder), \(member), false, false)
                ON CONFLICT (account_id, folder_id, member_id) DO NOTHING
                """)
        }
    }
}
