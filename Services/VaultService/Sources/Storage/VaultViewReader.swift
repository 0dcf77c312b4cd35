import FolioModel
import Foundation
import Postgres

/// Reads the view of one account's vault in its transaction, opening every body and setting.
struct VaultViewReader {
    let transaction: PostgresTransaction
    let cipher: VaultCipher

    func read() async throws -> VaultView {
        let rows = try await transaction.query(
            """
            SELECT e.id, e.folio_id, e.kind, e.schema, e.version, e.state, e.permission, e.owner_account_id,
                e.record_key, e.body, e.folder_open,
                e.attachments, e.created_at, e.updated_at, e.deleted_at, e.revoked_at, e.revision, e.dirty,
                e.conflict, s.body AS settings
            FROM vault_entries e LEFT JOIN vault_settings s ON s.entry_id = e.id
            WHERE e.state <> 'PURGED'
            ORDER BY e.created_at, e.id
            """)
        let memberships = try await transaction.query(
            "SELECT folder_id, member_id FROM vault_memberships WHERE NOT removed ORDER BY folder_id, member_id")
        let counts = try await transaction.query(
            """
            SELECT (SELECT count(*) FROM vault_entries WHERE dirty)
                 + (SELECT count(*) FROM vault_memberships WHERE dirty)
                 + (SELECT count(*) FROM vault_settings WHERE dirty) AS pending,
                   (SELECT count(*) FROM vault_entries WHERE conflict <> 'NONE') AS conflicts
            """)

        var shownID: [String: String] = [:]
        for row in rows {
            let id = try row.decode(String.self, "id")
            shownID[id] = try row.decode(String?.self, "folio_id") ?? id
        }
        var foldersOf: [String: [String]] = [:]
        var membersOf: [String: [String]] = [:]
        for row in memberships {
            let folder = try row.decode(String.self, "folder_id")
            let member = try row.decode(String.self, "member_id")
            guard let folderShown = shownID[folder], let memberShown = shownID[member] else { continue }
            foldersOf[member, default: []].append(folderShown)
            membersOf[folder, default: []].append(memberShown)
        }

        var view = VaultView()
        for row in rows {
            let id = try row.decode(String.self, "id")
            do {
                let header = try header(row, shownID: shownID[id] ?? id)
                let key = try cipher.unwrapRecordKey(try row.decode([UInt8].self, "record_key"), entryID: id)
                let payload = try cipher.openBody(
                    try row.decode([UInt8].self, "body"), key: key,
                    owner: try row.decode(String.self, "owner_account_id"),
                    schema: header.schema, version: header.version, id: id)
                let settings = try row.decode([UInt8]?.self, "settings").map {
                    try cipher.openSettings($0, entryID: id)
                }
                if try row.decode(String.self, "kind") == StoredEntry.Kind.folder.rawValue {
                    view.folders.append(
                        VaultFolder(
                            header: header,
                            metadata: FolderMetadata(
                                records: membersOf[id] ?? [], open: try row.decode(Bool.self, "folder_open"),
                                settings: settings),
                            payload: payload))
                } else {
                    view.records.append(
                        VaultRecord(
                            header: header, metadata: RecordMetadata(folders: foldersOf[id] ?? [], settings: settings),
                            payload: payload))
                }
            } catch {
                view.unreadable.append(id)
            }
        }
        for row in try await transaction.query("SELECT direction, invite FROM vault_shares ORDER BY id") {
            let invite = try ShareInvite(
                json: try JSONParser.parse(try row.decode(PostgresJSON.self, "invite").text), path: "invite")
            if try row.decode(String.self, "direction") == "INCOMING" {
                view.sharing.incoming.append(invite)
            } else {
                view.sharing.outgoing.append(invite)
            }
        }
        view.pending = UInt32(clamping: try counts.first?.decode(Int64.self, "pending") ?? 0)
        view.conflicts = UInt32(clamping: try counts.first?.decode(Int64.self, "conflicts") ?? 0)
        return view
    }

    private func header(_ row: PostgresRow, shownID: String) throws -> RecordHeader {
        guard let state = RecordState.allCases.first(where: { $0.wireType == (try? row.decode(String.self, "state")) }),
            let permission = RecordPermission.stored(try row.decode(String.self, "permission")),
            let conflict = ConflictState.stored(try row.decode(String.self, "conflict"))
        else { throw VaultError.storage(message: "\(shownID) is not a vault entry") }
        let attachments = try row.decode(PostgresJSON.self, "attachments").decode([String].self)
        func seconds(_ column: String) throws -> Int64? {
            try row.decode(Date?.self, column).map { Int64($0.timeIntervalSince1970) }
        }
        return RecordHeader(
            id: shownID, schema: try row.decode(String.self, "schema"),
            version: UInt32(clamping: try row.decode(Int64.self, "version")), state: state, permission: permission,
            createdAt: try seconds("created_at") ?? 0, updatedAt: try seconds("updated_at") ?? 0,
            deletedAt: try seconds("deleted_at"), revokedAt: try seconds("revoked_at"), attachments: attachments,
            sync: RecordSync(
                dirty: try row.decode(Bool.self, "dirty"), conflict: conflict,
                revision: try row.decode(Int64?.self, "revision").map { UInt64(clamping: $0) }))
    }
}
