import FolioModel
import Postgres
import WireModel

/// Settles a conflict (spec "Conflicts"): Folio's version is kept as `remote_body` (sealed like a body, for
/// `remote_schema`/`remote_version`) with its revision until the conflict is resolved.
struct VaultConflicts {
    let transaction: PostgresTransaction
    let cipher: VaultCipher
    let account: String

    /// Returns the id of the record KeepBoth creates.
    func resolve(_ entry: StoredEntry, _ resolution: ConflictResolution) async throws -> String? {
        let rows = try await transaction.query(
            """
            SELECT body, schema, version, remote_body, remote_schema, remote_version, remote_revision
            FROM vault_entries WHERE id = \(entry.id)
            """)
        guard let row = rows.first else { throw VaultError.notFound(message: "no record \(entry.id)") }
        let remoteRevision = try row.decode(Int64?.self, "remote_revision")
        switch resolution {
        case .acceptRemote:
            try await acceptRemote(entry, row)
            return nil
        case .keepLocal:
            // The local change goes to Folio over its version; a record Folio deleted is created again.
            _ = try await transaction.execute(
                """
                UPDATE vault_entries SET conflict = 'NONE', dirty = true, revision = \(remoteRevision),
                    folio_id = CASE WHEN conflict = 'REMOTE_DELETED' THEN NULL ELSE folio_id END,
                    remote_body = NULL, remote_schema = NULL, remote_version = NULL, remote_revision = NULL,
                    local_seq = local_seq + 1
                WHERE id = \(entry.id)
                """)
            return nil
        case .keepBoth:
            let schema = try row.decode(String.self, "schema")
            let version = UInt32(clamping: try row.decode(Int64.self, "version"))
            let writer = VaultWriteTransaction(transaction: transaction, cipher: cipher, account: account)
            let (key, owner) = try await writer.recordKey(entry.id)
            let payload = try cipher.openBody(
                try row.decode([UInt8].self, "body"), key: key, owner: owner, schema: schema, version: version,
                id: entry.id)
            let copy = entry.kind.idPrefix + RandomID.base32(count: 26)
            try await writer.insertEntry(
                id: copy, kind: entry.kind, RecordContent(schema: schema, version: version, payload: payload))
            try await acceptRemote(entry, row)
            return copy
        }
    }

    private func acceptRemote(_ entry: StoredEntry, _ row: PostgresRow) async throws {
        guard let remote = try row.decode([UInt8]?.self, "remote_body"),
            let schema = try row.decode(String?.self, "remote_schema"),
            let version = try row.decode(Int64?.self, "remote_version")
        else {
            // Folio deleted the record: accepting that removes it here.
            try await VaultSyncTables.remove(entry.id, transaction)
            return
        }
        _ = try await transaction.execute(
            """
            UPDATE vault_entries SET body = \(remote), schema = \(schema), version = \(version), state = 'ACTIVE',
                deleted_at = NULL, revision = remote_revision, conflict = 'NONE', dirty = false,
                remote_body = NULL, remote_schema = NULL, remote_version = NULL, remote_revision = NULL,
                updated_at = now()
            WHERE id = \(entry.id)
            """)
    }
}
