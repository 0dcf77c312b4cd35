import Crypto
import FolioModel
import Foundation
import Postgres
import WireModel

/// The vault of an account in PostgreSQL: applies writes under the vault's rules on locked rows, and reads
/// the view a VaultStore shows. Bodies and settings are sealed before they are stored.
public struct VaultRepository: Sendable {
    let database: VaultDatabase

    public init(pool: PostgresPool, keyEncryptionKey: VaultKeyEncryptionKey) {
        database = VaultDatabase(pool: pool, keyEncryptionKey: keyEncryptionKey)
    }

    init(database: VaultDatabase) { self.database = database }

    /// Applies `write` to the vault of `account` and returns the id of the entry it created, if any.
    public func apply(_ write: VaultWrite, account: String, session: VaultSessionKind) async throws(VaultError)
        -> String?
    {
        try await self.write(write, account: account, session: session).createdID
    }

    /// Applies `write` to the vault of `account`; the result names the entry it created and the entries it
    /// changed. A transient vault that was copied into an account's meanwhile (the write was under way during
    /// a sign-in) is copied again after it, and `movedTo` names that account.
    /// `readingBack`: the result also carries the changed entries as the write leaves them (`patch`), read in
    /// the write's own transaction, so the writing store need not read them again.
    /// `creationKey`: a creation with a key makes the same entry however often it runs (`VaultEntryID.derived`):
    /// a run that finds the entry made answers it as created.
    public func write(
        _ write: VaultWrite, account: String, session: VaultSessionKind, readingBack: Bool = false,
        creationKey: String? = nil
    ) async throws(VaultError) -> VaultWriteResult {
        let transfer = VaultTransfer(database: database)
        do {
            return try await database.withAccount(account, lockingWrites: true) { transaction, cipher in
                let writer = VaultWriteTransaction(transaction: transaction, cipher: cipher, account: account)
                if let creation = VaultWriteTransaction.Creation(write) {
                    return try await writer.create(
                        creation, session: session, creationKey: creationKey, readingBack: readingBack,
                        transfer: transfer)
                }
                var result = try await writer.apply(write, session: session, creationKey: creationKey)
                result.movedTo =
                    session == .transient ? try await transfer.followMove(account, transaction, cipher) : nil
                if readingBack, result.movedTo == nil, let changed = result.changedEntries {
                    result.patch = try await VaultViewReader(transaction: transaction, cipher: cipher)
                        .read(entries: changed)
                }
                return result
            }
        } catch let error as VaultError {
            throw error
        } catch {
            throw .storage(message: "the vault cannot be written: \(error)")
        }
    }

    /// Permanently deletes the account's records deleted `days` days ago or earlier (the background sync
    /// does it before every pass); returns how many.
    public func purgeExpired(account: String, days: Int = 60) async throws -> Int {
        try await VaultSyncTables(database: database).purgeExpired(account, days: days)
    }

    /// The account's records and folders, opened; entries that do not open are listed in `unreadable`.
    public func view(account: String) async throws(VaultError) -> VaultView {
        do {
            return try await database.withAccount(account, consistentReads: true) { transaction, cipher in
                try await VaultViewReader(transaction: transaction, cipher: cipher).read()
            }
        } catch let error as VaultError {
            throw error
        } catch {
            throw .storage(message: "the vault cannot be read: \(error)")
        }
    }

    /// The entries with these local ids as they are now, for a view that shows the rest already.
    public func entries(_ ids: [String], account: String) async throws(VaultError) -> VaultViewPatch {
        do {
            return try await database.withAccount(account, consistentReads: true) { transaction, cipher in
                try await VaultViewReader(transaction: transaction, cipher: cipher).read(entries: ids)
            }
        } catch let error as VaultError {
            throw error
        } catch {
            throw .storage(message: "the vault cannot be read: \(error)")
        }
    }
}

/// What a write did: the entry it created, and the entries whose view it changed (their local ids), or nil
/// when it may have changed more than its own entries (memberships, a purge, a conflict resolution), so
/// that a store reads the whole view again.
public struct VaultWriteResult: Sendable, Equatable {
    public var createdID: String?
    public var changedEntries: [String]?
    /// The account a transient vault was copied into while the write was under way; the write followed it.
    public var movedTo: String?
    /// The changed entries as the write left them, when asked for (`readingBack`) and they are all it changed.
    public var patch: VaultViewPatch?

    public init(
        createdID: String? = nil, changedEntries: [String]?, movedTo: String? = nil, patch: VaultViewPatch? = nil
    ) {
        self.createdID = createdID
        self.changedEntries = changedEntries
        self.movedTo = movedTo
        self.patch = patch
    }
}

/// One write inside its transaction.
struct VaultWriteTransaction {
    let transaction: PostgresTransaction
    let cipher: VaultCipher
    let account: String

    func apply(_ write: VaultWrite, session: VaultSessionKind, creationKey: String? = nil) async throws
        -> VaultWriteResult
    {
        switch write {
        case .create(let content):
            return try await insert(Creation(write, content, .record), session: session, creationKey: creationKey)
        case .createFolder(let content):
            return try await insert(Creation(write, content, .folder), session: session, creationKey: creationKey)
        case .update(let id, let content), .updateFolder(let id, let content):
            let entry = try await locked(id, for: write, session: session)
            let (key, owner) = try await recordKey(entry.id)
            let body = try cipher.sealBody(
                content.payload, key: key, owner: owner, schema: content.schema, version: content.version)
            _ = try await transaction.execute(
                """
                UPDATE vault_entries SET body = \(body), version = \(Int64(content.version)), updated_at = now(),
                    dirty = true, body_dirty = true, local_seq = local_seq + 1
                WHERE id = \(entry.id)
                """)
            return VaultWriteResult(changedEntries: [entry.id])
        case .delete(let id):
            let entry = try await locked(id, for: write, session: session)
            try await setState(entry.id, "state = 'DELETED', deleted_at = now()")
            return VaultWriteResult(changedEntries: [entry.id])
        case .restore(let id):
            let entry = try await locked(id, for: write, session: session)
            try await setState(entry.id, "state = 'ACTIVE', deleted_at = NULL")
            return VaultWriteResult(changedEntries: [entry.id])
        case .permanentlyDelete(let id), .deleteFolder(let id):
            // A purge also changes the folders that held the entry: the whole view is read again.
            let entry = try await locked(id, for: write, session: session)
            try await purge(entry)
            return VaultWriteResult(changedEntries: nil)
        case .setFolderOpen(let id, let open):
            let entry = try await locked(id, for: write, session: session)
            _ = try await transaction.execute(
                """
                UPDATE vault_entries SET folder_open = \(open), updated_at = now()
                WHERE id = \(entry.id)
                """)
            return VaultWriteResult(changedEntries: [entry.id])
        case .addToFolder(let folderId, let memberId):
            let folder = try await lock(folderId)
            let member = try await lock(memberId)
            try VaultWriteRules.check(write, target: folder, member: member, session: session)
            guard let folder, let member else { throw VaultError.notFound(message: "no \(folderId) or \(memberId)") }
            try VaultWriteRules.checkNoCycle(
                folderId: folder.id, memberId: member.id, ancestors: try await ancestors(of: folder.id))
            _ = try await transaction.execute(
                """
                INSERT INTO vault_memberships (account_id, folder_id, member_id, removed, dirty)
                VALUES (\(account), \(folder.id), \(member.id), false, true)
                ON CONFLICT (account_id, folder_id, member_id) DO UPDATE SET removed = false, dirty = true
                """)
            // A membership shows on both ends: the folder's records and the member's folders.
            return VaultWriteResult(changedEntries: [folder.id, member.id])
        case .removeFromFolder(let folderId, let memberId):
            let folder = try await locked(folderId, for: write, session: session)
            let member = try await lock(memberId)
            let removed = try await transaction.execute(
                """
                UPDATE vault_memberships SET removed = true, dirty = true
                WHERE folder_id = \(folder.id) AND member_id = \(member?.id ?? memberId) AND NOT removed
                """)
            guard removed == 1 else { throw VaultError.invalidRequest(message: "\(memberId) is not in \(folderId)") }
            return VaultWriteResult(changedEntries: [folder.id, member?.id ?? memberId])
        case .setSettings(let id, let settings):
            let entry = try await locked(id, for: write, session: session)
            let body = try cipher.sealSettings(settings, entryID: entry.id)
            _ = try await transaction.execute(
                """
                INSERT INTO vault_settings (account_id, entry_id, body, dirty) VALUES (\(account), \(entry.id), \(body), true)
                ON CONFLICT (account_id, entry_id) DO UPDATE SET body = EXCLUDED.body, dirty = true
                """)
            return VaultWriteResult(changedEntries: [entry.id])
        case .resolveConflict(let id, let resolution):
            let entry = try await locked(id, for: write, session: session)
            let created = try await VaultConflicts(transaction: transaction, cipher: cipher, account: account)
                .resolve(entry, resolution)
            return VaultWriteResult(createdID: created, changedEntries: nil)
        }
    }

    /// The entry `write` names, locked, after the rules of `write` on it.
    private func locked(_ id: String, for write: VaultWrite, session: VaultSessionKind) async throws -> StoredEntry {
        let entry = try await lock(id)
        try VaultWriteRules.check(write, target: entry, session: session)
        guard let entry else { throw VaultError.notFound(message: "no record or folder \(id)") }
        return entry
    }

    /// The entry named by its local or Folio id, locked for the rest of the transaction.
    private func lock(_ id: String) async throws -> StoredEntry? {
        let rows = try await transaction.query(
            """
            SELECT \(unescaped: StoredEntry.columnsSQL) FROM vault_entries e
            WHERE e.id = \(id) OR e.folio_id = \(id) FOR UPDATE OF e
            """)
        return try rows.first.map(StoredEntry.init(row:))
    }

    /// A new entry this account owns, with a fresh record key. `unlessMade`: an entry of that id already there
    /// stays as it is.
    func insertEntry(id: String, kind: StoredEntry.Kind, _ content: RecordContent, unlessMade: Bool = false)
        async throws
    {
        _ = try await transaction.execute(try entryInsert(id: id, kind: kind, content, unlessMade: unlessMade))
    }

    /// The statement of `insertEntry`: a new entry with a fresh record key, sealed.
    func entryInsert(id: String, kind: StoredEntry.Kind, _ content: RecordContent, unlessMade: Bool) throws
        -> PostgresQuery
    {
        let key = cipher.newRecordKey()
        let wrapped = try cipher.wrapRecordKey(key, entryID: id)
        let body = try cipher.sealBody(
            content.payload, key: key, owner: account, schema: content.schema, version: content.version)
        return """
            INSERT INTO vault_entries (account_id, id, kind, schema, version, state, permission, owner_account_id,
                record_key, body)
            VALUES (\(account), \(id), \(kind.rawValue), \(content.schema), \(Int64(content.version)), 'ACTIVE', 'OWNER',
                \(account), \(wrapped), \(body))
            \(unescaped: unlessMade ? "ON CONFLICT (account_id, id) DO NOTHING" : "")
            """
    }

    /// The record key of an entry, opened, and the account that owns the entry.
    func recordKey(_ id: String) async throws -> (SymmetricKey, String) {
        let rows = try await transaction.query(
            "SELECT record_key, owner_account_id FROM vault_entries WHERE id = \(id)")
        guard let row = rows.first else { throw VaultError.notFound(message: "no record or folder \(id)") }
        return (
            try cipher.unwrapRecordKey(try row.decode([UInt8].self, "record_key"), entryID: id),
            try row.decode(String.self, "owner_account_id")
        )
    }

    private func setState(_ id: String, _ assignments: String) async throws {
        _ = try await transaction.execute(
            """
            UPDATE vault_entries SET \(unescaped: assignments), updated_at = now(), dirty = true,
                local_seq = local_seq + 1
            WHERE id = \(id)
            """)
    }

    private func purge(_ entry: StoredEntry) async throws {
        try await VaultSyncTables.purge(entry.id, atFolio: entry.folioID != nil, transaction)
    }

    /// The folders that contain `folder`, transitively.
    private func ancestors(of folder: String) async throws -> Set<String> {
        let rows = try await transaction.query(
            """
            WITH RECURSIVE up(folder_id) AS (
                SELECT folder_id FROM vault_memberships WHERE member_id = \(folder) AND NOT removed
                UNION
                SELECT m.folder_id FROM vault_memberships m JOIN up ON m.member_id = up.folder_id WHERE NOT m.removed
            )
            SELECT folder_id FROM up
            """)
        return Set(try rows.map { try $0.decode(String.self, "folder_id") })
    }
}
