import FolioModel
import Foundation
import Postgres

/// Reads the view of one account's vault in its transaction, opening every body and setting; or only some
/// entries of it, for a store that already shows the rest.
struct VaultViewReader {
    let transaction: PostgresTransaction
    let cipher: VaultCipher

    func read() async throws -> VaultView {
        transaction.deferred(Self.sortMemory) { _ in }
        let rows = try await transaction.query(Self.entriesInOrder)
        let memberships = try Memberships(
            try await transaction.query(
                """
                SELECT \(unescaped: Memberships.columns) \(unescaped: Memberships.from)
                ORDER BY m.folder_id, m.member_id
                """))
        var view = VaultView()
        for row in rows {
            let id = try row.decode(String.self, "id")
            let key = VaultEntryKey(createdAt: try row.decode(Int64.self, "created_us"), localID: id)
            switch try entry(row, memberships, id: id) {
            case .record(let record): view.append(record: record, key: key)
            case .folder(let folder): view.append(folder: folder, key: key)
            case .unreadable, .missing: view.unreadable.append(id)
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
        (view.pending, view.conflicts) = try await counts()
        return view
    }

    /// Every entry of the vault that is not purged, with its settings, by creation and then local id.
    static let entriesInOrder: PostgresQuery = """
        SELECT \(unescaped: entryColumns)
        FROM vault_entries e LEFT JOIN vault_settings s ON s.entry_id = e.id
        WHERE e.state <> 'PURGED'
        ORDER BY e.created_at, e.id
        """

    /// PostgreSQL's memory for sorting `entriesInOrder` (`work_mem`, for the read's transaction). With the default
    /// 4 MB, 10,000 entries of 1 KiB bodies went to disk (an external merge of 12 MB: 40-66 ms of the statement,
    /// against 28-31 ms sorted in memory). A vault larger than this spills as before.
    static let sortMemory: PostgresQuery = "SELECT set_config('work_mem', '64MB', true)"

    /// The entries with these local ids as they are now, and the counts. An id that is not in the vault (or
    /// only as a purged tombstone) is `missing`. Its three statements go in one hop (`queries`).
    func read(entries ids: [String]) async throws -> VaultViewPatch {
        try patch(ids, from: try await transaction.queries(Self.queries(entries: ids)))
    }

    /// The statements that read entries `ids` (`patch(_:from:)` makes the patch of their rows): the entries,
    /// their memberships, the counts. A caller may send them after statements of its own, in one hop.
    ///
    /// The ids are one array (`= ANY (ARRAY(...))`), not a join with the set they unpack to: the planner then
    /// looks each up in the primary key, where a join, planned for a hundred ids, could read the whole vault.
    static func queries(entries ids: [String]) -> [PostgresQuery] {
        let wanted = PostgresJSON(JSONValue.array(ids.map(JSONValue.string)).jsonString)
        return [
            """
            SELECT \(unescaped: Self.entryColumns)
            FROM vault_entries e LEFT JOIN vault_settings s ON s.entry_id = e.id
            WHERE e.state <> 'PURGED' AND e.id = ANY (ARRAY(SELECT jsonb_array_elements_text(\(wanted))))
            """,
            """
            SELECT \(unescaped: Memberships.columns) \(unescaped: Memberships.from)
                AND (m.folder_id = ANY (ARRAY(SELECT jsonb_array_elements_text(\(wanted))))
                     OR m.member_id = ANY (ARRAY(SELECT jsonb_array_elements_text(\(wanted)))))
            ORDER BY m.folder_id, m.member_id
            """,
            countsQuery,
        ]
    }

    /// The patch of entries `ids` from the rows of `queries(entries:)`, in their order.
    func patch(_ ids: [String], from results: [[PostgresRow]]) throws -> VaultViewPatch {
        guard results.count == 3 else {
            throw VaultError.storage(message: "the read-back of \(ids.count) entries answered \(results.count) results")
        }
        let memberships = try Memberships(results[1])
        var found: [String: VaultViewPatch.Entry] = [:]
        for row in results[0] {
            let id = try row.decode(String.self, "id")
            found[id] = VaultViewPatch.Entry(
                localID: id, folioID: try row.decode(String?.self, "folio_id"),
                createdAt: try row.decode(Int64.self, "created_us"), change: try entry(row, memberships, id: id))
        }
        let (pending, conflicts) = try Self.counts(results[2])
        return VaultViewPatch(
            entries: ids.map { found[$0] ?? VaultViewPatch.Entry(localID: $0, change: .missing) }, pending: pending,
            conflicts: conflicts)
    }

    private static let entryColumns = """
        e.id, e.folio_id, e.kind, e.schema, e.version, e.state, e.permission, e.owner_account_id,
        e.record_key, e.body, e.folder_open,
        e.attachments, e.revision, e.dirty, e.conflict, s.body AS settings,
        (extract(epoch FROM e.created_at) * 1000000)::bigint AS created_us,
        trunc(extract(epoch FROM e.updated_at))::bigint AS updated_s,
        trunc(extract(epoch FROM e.deleted_at))::bigint AS deleted_s,
        trunc(extract(epoch FROM e.revoked_at))::bigint AS revoked_s
        """

    /// Folder memberships that are not removed, between entries that are not purged, with both ends as shown.
    private struct Memberships {
        static let columns = """
            m.folder_id, m.member_id, COALESCE(f.folio_id, f.id) AS folder_shown, COALESCE(r.folio_id, r.id) AS member_shown
            """
        static let from = """
            FROM vault_memberships m
            JOIN vault_entries f ON f.id = m.folder_id JOIN vault_entries r ON r.id = m.member_id
            WHERE NOT m.removed AND f.state <> 'PURGED' AND r.state <> 'PURGED'
            """

        var foldersOf: [String: [String]] = [:]
        var membersOf: [String: [String]] = [:]

        init(_ rows: [PostgresRow]) throws {
            for row in rows {
                foldersOf[try row.decode(String.self, "member_id"), default: []].append(
                    try row.decode(String.self, "folder_shown"))
                membersOf[try row.decode(String.self, "folder_id"), default: []].append(
                    try row.decode(String.self, "member_shown"))
            }
        }
    }

    /// One entry row (whose `id` the caller read: the record's strings share that one copy), opened: a record or
    /// a folder, or unreadable when its key or body does not open.
    private func entry(_ row: PostgresRow, _ memberships: Memberships, id: String) throws -> VaultViewPatch.Change {
        do {
            let header = try header(row, shownID: try row.decode(String?.self, "folio_id") ?? id)
            let key = try cipher.unwrapRecordKey(try row.decode([UInt8].self, "record_key"), entryID: id)
            let payload = try cipher.openBody(
                try row.decode([UInt8].self, "body"), key: key, owner: try row.decode(String.self, "owner_account_id"),
                schema: header.schema, version: header.version, id: id)
            let settings = try row.decode([UInt8]?.self, "settings").map { try cipher.openSettings($0, entryID: id) }
            if try row.decode(String.self, "kind") == StoredEntry.Kind.folder.rawValue {
                let metadata = FolderMetadata(
                    records: memberships.membersOf[id] ?? [], open: try row.decode(Bool.self, "folder_open"),
                    settings: settings)
                return .folder(VaultFolder(key: id, header: header, metadata: metadata, payload: payload))
            }
            let metadata = RecordMetadata(folders: memberships.foldersOf[id] ?? [], settings: settings)
            return .record(VaultRecord(key: id, header: header, metadata: metadata, payload: payload))
        } catch {
            return .unreadable
        }
    }

    private func counts() async throws -> (pending: UInt32, conflicts: UInt32) {
        try Self.counts(try await transaction.query(Self.countsQuery))
    }

    /// The pending changes and the conflicts of the vault: each count reads only the entries it counts, through
    /// partial indexes (`vault_entries_dirty`, `vault_entries_conflict`), never the whole table.
    static let countsQuery: PostgresQuery = """
        SELECT (SELECT count(*) FROM vault_entries WHERE dirty)
             + (SELECT count(*) FROM vault_memberships WHERE dirty)
             + (SELECT count(*) FROM vault_settings WHERE dirty) AS pending,
               (SELECT count(*) FROM vault_entries WHERE conflict <> 'NONE') AS conflicts
        """

    private static func counts(_ counts: [PostgresRow]) throws -> (pending: UInt32, conflicts: UInt32) {
        (
            UInt32(clamping: try counts.first?.decode(Int64.self, "pending") ?? 0),
            UInt32(clamping: try counts.first?.decode(Int64.self, "conflicts") ?? 0)
        )
    }

    private func header(_ row: PostgresRow, shownID: String) throws -> RecordHeader {
        guard let state = (try? row.decode(String.self, "state")).flatMap(RecordState.init(rawValue:)),
            let permission = RecordPermission.stored(try row.decode(String.self, "permission")),
            let conflict = ConflictState.stored(try row.decode(String.self, "conflict"))
        else { throw VaultError.storage(message: "\(shownID) is not a vault entry") }
        // JSONParser, not JSONDecoder: a vault of thousands of records reads this column once per record.
        let list = try JSONParser.parse(try row.decode(PostgresJSON.self, "attachments").text)
        guard let items = list.arrayValue else {
            throw VaultError.storage(message: "\(shownID) has no attachment list")
        }
        let attachments = try items.map { item in
            guard let id = item.stringValue else {
                throw VaultError.storage(message: "\(shownID) lists an attachment that is not an id")
            }
            return id
        }
        // Whole seconds since the epoch, the fraction cut off (integer division truncates as `trunc` does), as the
        // database computes them: parsing four timestamps' text was a tenth of opening a record.
        return RecordHeader(
            id: shownID, schema: try row.decode(String.self, "schema"),
            version: UInt32(clamping: try row.decode(Int64.self, "version")), state: state, permission: permission,
            createdAt: try row.decode(Int64.self, "created_us") / 1_000_000,
            updatedAt: try row.decode(Int64?.self, "updated_s") ?? 0,
            deletedAt: try row.decode(Int64?.self, "deleted_s"), revokedAt: try row.decode(Int64?.self, "revoked_s"),
            attachments: attachments,
            sync: RecordSync(
                dirty: try row.decode(Bool.self, "dirty"), conflict: conflict,
                revision: try row.decode(Int64?.self, "revision").map { UInt64(clamping: $0) }))
    }
}
