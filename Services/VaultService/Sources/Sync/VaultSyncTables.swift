import FolioClient
import FolioModel
import Foundation
import Postgres

/// A local entry with a change Folio does not have yet.
struct PushItem: Sendable {
    var id: String
    var folioID: String?
    var kind: StoredEntry.Kind
    var schema: String
    var version: UInt32
    var state: StoredEntry.State
    var folioState: StoredEntry.State?
    var bodyDirty: Bool
    var body: [UInt8]
    var recordKey: [UInt8]
    var revision: Int64?
    var localSeq: Int64
}

/// A membership or settings change Folio does not have yet, named by Folio's ids.
struct PendingMembership: Sendable {
    var folderID: String
    var memberID: String
    var folioFolder: String
    var folioMember: String
    var removed: Bool
}

struct PendingSettings: Sendable {
    var entryID: String
    var folioID: String
    var body: [UInt8]
    var revision: Int64
}

/// The sync's side of the vault tables: what to push, what was pushed, and Folio's changes applied.
struct VaultSyncTables: Sendable {
    let database: VaultDatabase

    /// Records the account owns that have been deleted for `days` days are permanently deleted (spec
    /// "RecordHeader"): a record Folio has stays as a dirty tombstone until the push purges it there.
    @discardableResult
    func purgeExpired(_ account: String, days: Int = 60) async throws -> Int {
        try await database.withAccount(account) { transaction, _ in
            let expired = try await transaction.query(
                """
                SELECT id, folio_id FROM vault_entries
                WHERE state = 'DELETED' AND permission = 'OWNER' AND kind = 'RECORD'
                    AND deleted_at < now() - make_interval(days => \(days)::int)
                FOR UPDATE
                """)
            for row in expired {
                try await Self.purge(
                    try row.decode(String.self, "id"), atFolio: try row.decode(String?.self, "folio_id") != nil,
                    transaction)
            }
            return expired.count
        }
    }

    /// The entries a push sends: changed here, not in conflict, the account's own.
    private static let pushable = "dirty AND conflict = 'NONE' AND permission = 'OWNER'"

    func pushItems(_ account: String) async throws -> [PushItem] {
        try await database.withAccount(account) { transaction, _ in
            let rows = try await transaction.query(
                """
                SELECT id, folio_id, kind, schema, version, state, folio_state, body_dirty, body, record_key, revision,
                    local_seq, (extract(epoch FROM created_at) * 1000000)::bigint AS created_us
                FROM vault_entries WHERE \(unescaped: Self.pushable)
                """)
            let items = try rows.map { row in
                let id = try row.decode(String.self, "id")
                guard let kind = StoredEntry.Kind(rawValue: try row.decode(String.self, "kind")),
                    let state = StoredEntry.State(rawValue: try row.decode(String.self, "state"))
                else { throw VaultError.storage(message: "\(id) is not a vault entry") }
                let item = PushItem(
                    id: id, folioID: try row.decode(String?.self, "folio_id"), kind: kind,
                    schema: try row.decode(String.self, "schema"),
                    version: UInt32(clamping: try row.decode(Int64.self, "version")), state: state,
                    folioState: try row.decode(String?.self, "folio_state").flatMap(StoredEntry.State.init(rawValue:)),
                    bodyDirty: try row.decode(Bool.self, "body_dirty"), body: try row.decode([UInt8].self, "body"),
                    recordKey: try row.decode([UInt8].self, "record_key"),
                    revision: try row.decode(Int64?.self, "revision"),
                    localSeq: try row.decode(Int64.self, "local_seq"))
                return (item: item, createdAt: try row.decode(Int64.self, "created_us"))
            }
            return Self.inPushOrder(items)
        }
    }

    /// Records before folders, each kind by creation time and then local id. Sorted here, not by the database: an
    /// `ORDER BY` sorts whole rows, bodies included, and for thousands of entries that sort spills to disk. The keys
    /// are sorted, not the items: moving an item copies a dozen references.
    private static func inPushOrder(_ items: [(item: PushItem, createdAt: Int64)]) -> [PushItem] {
        let keys = items.enumerated().map { index, entry in
            (kind: entry.item.kind == .folder ? 1 : 0, createdAt: entry.createdAt, id: entry.item.id, index: index)
        }
        return keys.sorted { ($0.kind, $0.createdAt, $0.id) < ($1.kind, $1.createdAt, $1.id) }.map {
            items[$0.index].item
        }
    }

    /// How many entries `pushItems` would list now, without reading them.
    func pushCount(_ account: String) async throws -> Int {
        try await database.withAccount(account) { transaction, _ in
            let rows = try await transaction.query(
                "SELECT count(*) AS pending FROM vault_entries WHERE \(unescaped: Self.pushable)")
            return try rows.first?.decode(Int.self, "pending") ?? 0
        }
    }

    /// Folio has the entry at `record`'s revision and state; it is clean unless it changed since it was read.
    func pushed(_ item: PushItem, as record: VaultPush.Position, account: String) async throws {
        guard record.state == .purged else { return try await pushed([(item, record)], account: account) }
        try await database.withAccount(account) { transaction, _ in try await Self.remove(item.id, transaction) }
    }

    /// Folio has each entry at its position (not purged), in one statement: each is clean unless it changed since
    /// it was read.
    func pushed(_ positions: [(PushItem, VaultPush.Position)], account: String) async throws {
        guard !positions.isEmpty else { return }
        let rows: [JSONValue] = positions.map { item, at in
            [
                "id": .string(item.id), "folio_id": .string(at.id), "revision": .int(at.revision),
                "folio_state": .string(at.state.rawValue), "local_seq": .int(item.localSeq),
            ]
        }
        try await database.withAccount(account) { transaction, _ in
            _ = try await transaction.execute(
                """
                UPDATE vault_entries AS e SET folio_id = p.folio_id, revision = p.revision, folio_state = p.folio_state,
                    dirty = CASE WHEN e.local_seq = p.local_seq THEN false ELSE e.dirty END,
                    body_dirty = CASE WHEN e.local_seq = p.local_seq THEN false ELSE e.body_dirty END
                FROM jsonb_to_recordset(\(PostgresJSON(JSONValue.array(rows).jsonString)))
                    AS p(id text, folio_id text, revision bigint, folio_state text, local_seq bigint)
                WHERE e.id = p.id
                """)
        }
    }

    /// Folio's version is kept beside the local change, which waits for ResolveConflict.
    func conflict(_ item: PushItem, current: FolioVaultRecord?, account: String) async throws {
        let kind: ConflictState
        switch (current?.state, item.state) {
        case (nil, _), (.purged?, _): kind = .remoteDeleted
        case (.deleted?, .active): kind = .remoteDeleted
        case (.active?, .deleted), (.active?, .purged): kind = .localDeleted
        default: kind = .remoteChanged
        }
        try await database.withAccount(account) { transaction, _ in
            _ = try await transaction.execute(
                """
                UPDATE vault_entries SET conflict = \(kind.wireType), remote_body = \(current?.ciphertext?.bytes),
                    remote_schema = \(current.map { FolioSchemaName.local($0.schema) }), remote_version = \(current.map { Int64($0.version) }),
                    remote_revision = \(current?.revision)
                WHERE id = \(item.id)
                """)
        }
    }

    func pendingMemberships(_ account: String) async throws -> [PendingMembership] {
        try await database.withAccount(account) { transaction, _ in
            let rows = try await transaction.query(
                """
                SELECT m.folder_id, m.member_id, m.removed, f.folio_id AS folio_folder, r.folio_id AS folio_member
                FROM vault_memberships m
                JOIN vault_entries f ON f.id = m.folder_id JOIN vault_entries r ON r.id = m.member_id
                WHERE m.dirty AND f.folio_id IS NOT NULL AND r.folio_id IS NOT NULL
                """)
            return try rows.map { row in
                PendingMembership(
                    folderID: try row.decode(String.self, "folder_id"),
                    memberID: try row.decode(String.self, "member_id"),
                    folioFolder: try row.decode(String.self, "folio_folder"),
                    folioMember: try row.decode(String.self, "folio_member"),
                    removed: try row.decode(Bool.self, "removed"))
            }
        }
    }

    func membershipPushed(_ membership: PendingMembership, account: String) async throws {
        try await database.withAccount(account) { transaction, _ in
            if membership.removed {
                _ = try await transaction.execute(
                    """
                    DELETE FROM vault_memberships
                    WHERE folder_id = \(membership.folderID) AND member_id = \(membership.memberID) AND removed
                    """)
            } else {
                _ = try await transaction.execute(
                    """
                    UPDATE vault_memberships SET dirty = false
                    WHERE folder_id = \(membership.folderID) AND member_id = \(membership.memberID) AND NOT removed
                    """)
            }
        }
    }

    func pendingSettings(_ account: String) async throws -> [PendingSettings] {
        try await database.withAccount(account) { transaction, _ in
            let rows = try await transaction.query(
                """
                SELECT s.entry_id, e.folio_id, s.body, s.revision FROM vault_settings s
                JOIN vault_entries e ON e.id = s.entry_id WHERE s.dirty AND e.folio_id IS NOT NULL
                """)
            return try rows.map { row in
                PendingSettings(
                    entryID: try row.decode(String.self, "entry_id"), folioID: try row.decode(String.self, "folio_id"),
                    body: try row.decode([UInt8].self, "body"), revision: try row.decode(Int64.self, "revision"))
            }
        }
    }

    func settingsPushed(_ settings: PendingSettings, revision: Int64, account: String) async throws {
        try await database.withAccount(account) { transaction, _ in
            _ = try await transaction.execute(
                """
                UPDATE vault_settings SET revision = \(revision),
                    dirty = CASE WHEN body = \(settings.body) THEN false ELSE dirty END
                WHERE entry_id = \(settings.entryID)
                """)
        }
    }

    /// Attachments of records Folio has, whose bytes Folio does not have yet: (id, Folio's record id, sealed bytes).
    func pendingAttachments(_ account: String) async throws -> [(String, String, [UInt8])] {
        try await database.withAccount(account) { transaction, _ in
            let rows = try await transaction.query(
                """
                SELECT a.id, e.folio_id, a.body FROM vault_attachments a JOIN vault_entries e ON e.id = a.entry_id
                WHERE a.dirty AND e.folio_id IS NOT NULL AND e.permission = 'OWNER' AND e.state <> 'PURGED'
                ORDER BY a.created_at
                """)
            return try rows.map {
                (
                    try $0.decode(String.self, "id"), try $0.decode(String.self, "folio_id"),
                    try $0.decode([UInt8].self, "body")
                )
            }
        }
    }

    func attachmentPushed(_ id: String, folioID: String, account: String) async throws {
        try await database.withAccount(account) { transaction, _ in
            _ = try await transaction.execute(
                "UPDATE vault_attachments SET folio_id = \(folioID), dirty = false WHERE id = \(id)")
        }
    }

    func cursor(_ account: String) async throws -> String? {
        try await database.withAccount(account) { transaction, _ in
            try await transaction.query("SELECT cursor FROM vault_sync WHERE account_id = \(account)").first?.decode(
                String?.self, "cursor")
        }
    }

    /// What one page of Folio's changes did here: the records that could not be applied, and those applied
    /// (each record the vault did not already hold at its revision, `HeldEntries.unchanged`).
    struct FetchedPage: Equatable {
        var failures = 0
        var applied = 0
    }

    /// Applies one page of Folio's changes and moves the cursor past it, in one transaction. `delivered`: a
    /// page of a guest vault, whose records are delivered to the transient account. `organization`: the
    /// runtime's; a record whose schema is qualified with another organization is left out (the vault of a
    /// runtime holds the records of its organization only), which is no failure.
    func apply(
        _ records: [FolioVaultRecord], nextCursor: String, account: String, delivered: Bool = false,
        organization: String? = nil
    ) async throws -> FetchedPage {
        let records = records.filter { FolioSchemaName.belongs($0.schema, to: organization) }
        return try await database.withAccount(account) { transaction, cipher in
            var page = FetchedPage()
            let box =
                delivered || records.contains { $0.permission == .view }
                ? try await VaultSharing.keys(account, transaction, cipher).box : nil
            // A guest's delivered records are applied one by one (RemoteRecordApplier+Delivered.swift).
            var held = delivered ? nil : try await RemoteRecordApplier.HeldEntries.read(records, transaction)
            for record in records {
                if held?.unchanged(record) == true { continue }
                held?.applying(record)
                do {
                    try await RemoteRecordApplier(
                        transaction: transaction, cipher: cipher, account: account, box: box, delivered: delivered
                    )
                    .apply(record)
                    page.applied += 1
                } catch {
                    page.failures += 1
                }
            }
            _ = try await transaction.execute(
                """
                INSERT INTO vault_sync (account_id, cursor, last_fetch_at) VALUES (\(account), \(nextCursor), now())
                ON CONFLICT (account_id) DO UPDATE SET cursor = EXCLUDED.cursor, last_fetch_at = now()
                """)
            return page
        }
    }

    func synced(_ account: String) async throws {
        try await database.withAccount(account) { transaction, _ in
            _ = try await transaction.execute(
                """
                INSERT INTO vault_sync (account_id, last_synced_at) VALUES (\(account), now())
                ON CONFLICT (account_id) DO UPDATE SET last_synced_at = now()
                """)
        }
    }

    /// A permanently deleted entry leaves the vault; one Folio knows stays as a dirty tombstone until the push
    /// purges it there.
    static func purge(_ id: String, atFolio: Bool, _ transaction: PostgresTransaction) async throws {
        guard atFolio else {
            try await remove(id, transaction)
            return
        }
        _ = try await transaction.execute("DELETE FROM vault_memberships WHERE folder_id = \(id) OR member_id = \(id)")
        _ = try await transaction.execute("DELETE FROM vault_settings WHERE entry_id = \(id)")
        _ = try await transaction.execute(
            """
            UPDATE vault_entries SET state = 'PURGED', body = \([UInt8]()), updated_at = now(), dirty = true,
                local_seq = local_seq + 1
            WHERE id = \(id)
            """)
    }

    static func remove(_ id: String, _ transaction: PostgresTransaction) async throws {
        _ = try await transaction.execute("DELETE FROM vault_memberships WHERE folder_id = \(id) OR member_id = \(id)")
        _ = try await transaction.execute("DELETE FROM vault_settings WHERE entry_id = \(id)")
        _ = try await transaction.execute("DELETE FROM vault_entries WHERE id = \(id)")
    }
}
