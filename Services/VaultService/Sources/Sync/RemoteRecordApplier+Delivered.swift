import Crypto
import FolioClient
import Postgres

extension RemoteRecordApplier {
    /// A record Folio delivered to the guest: its body is sealed for the guest (owner: the transient account)
    /// with a record key sealed to the guest's box key. The vault keeps it as the guest's own record under
    /// Folio's id, its key wrapped with the data key like every record key, so a sign-in copies it into the
    /// account's vault with the rest. A newer revision replaces a clean copy; a copy the guest changed keeps
    /// the change (a transient vault has no conflicts to resolve).
    func applyDelivered(_ record: FolioVaultRecord) async throws {
        let id = record.id
        let rows = try await transaction.query(
            "SELECT revision, dirty FROM vault_entries WHERE id = \(id) FOR UPDATE")
        if let row = rows.first {
            let revision = try row.decode(Int64?.self, "revision") ?? 0
            guard record.revision > revision, !(try row.decode(Bool.self, "dirty")) else { return }
            if record.state == .purged {
                try await VaultSyncTables.remove(id, transaction)
                return
            }
        } else if record.state == .purged {
            return
        }
        guard record.kind == .record, let box, let sealed = record.wrappedKey?.bytes,
            let ciphertext = record.ciphertext?.bytes
        else {
            throw VaultError.storage(message: "the delivered record \(id) comes without its key")
        }
        let key = try SymmetricKey(bytes: try SealedBox.open(sealed, keyPair: box))
        let schema = FolioSchemaName.local(record.schema)
        // A body that does not open is not kept: it would make the vault unreadable at the next session start.
        _ = try cipher.openBody(ciphertext, key: key, owner: account, schema: schema, version: record.version, id: id)
        let wrapped = try cipher.wrapRecordKey(key, entryID: id)
        _ = try await transaction.execute(
            """
            INSERT INTO vault_entries (account_id, id, folio_id, kind, schema, version, state, permission,
                owner_account_id, record_key, body, created_at, updated_at, deleted_at, revision, folio_state, dirty,
                body_dirty)
            VALUES (\(account), \(id), \(id), 'RECORD', \(schema), \(Int64(record.version)), \(record.state.rawValue),
                'OWNER', \(account), \(wrapped), \(ciphertext), \(record.createdAt), \(record.updatedAt),
                \(record.deletedAt), \(record.revision), \(record.state.rawValue), false, false)
            ON CONFLICT (account_id, id) DO UPDATE SET body = EXCLUDED.body, schema = EXCLUDED.schema,
                version = EXCLUDED.version, state = EXCLUDED.state, record_key = EXCLUDED.record_key,
                updated_at = EXCLUDED.updated_at, deleted_at = EXCLUDED.deleted_at, revision = EXCLUDED.revision,
                folio_state = EXCLUDED.folio_state
            """)
    }
}
