import FolioModel
import Foundation
import Postgres
import WireModel

extension VaultWriteTransaction {
    /// A write that makes a new entry: a record or a folder.
    struct Creation {
        let write: VaultWrite
        let content: RecordContent
        let kind: StoredEntry.Kind

        init(_ write: VaultWrite, _ content: RecordContent, _ kind: StoredEntry.Kind) {
            (self.write, self.content, self.kind) = (write, content, kind)
        }

        init?(_ write: VaultWrite) {
            switch write {
            case .create(let content): self.init(write, content, .record)
            case .createFolder(let content): self.init(write, content, .folder)
            default: return nil
            }
        }

        /// The new entry's id, once the rules allow the write in `session`: with a key, the id that key always
        /// makes (`VaultEntryID.derived`), so a creation run again finds its entry.
        func entryID(session: VaultSessionKind, creationKey: String?) throws -> String {
            try VaultWriteRules.check(write, target: nil, session: session)
            return creationKey.map { VaultEntryID.derived(prefix: kind.idPrefix, from: $0) }
                ?? kind.idPrefix + RandomID.base32(count: 26)
        }
    }

    /// A creation as one statement of a larger write: the entry, its id in the result.
    func insert(_ creation: Creation, session: VaultSessionKind, creationKey: String?) async throws
        -> VaultWriteResult
    {
        let id = try creation.entryID(session: session, creationKey: creationKey)
        try await insertEntry(id: id, kind: creation.kind, creation.content, unlessMade: creationKey != nil)
        return VaultWriteResult(createdID: id, changedEntries: [id])
    }

    /// A creation in one hop to the database connection: the insert, the move check of a guest vault (in the
    /// insert's statement) and, `readingBack`, the read-back of the new entry (`VaultViewReader.queries`), which
    /// sees the insert as the statements after it in the transaction do. A guest vault copied meanwhile is
    /// copied again (`followMove`) and the read-back left unused, as `VaultRepository.write` does otherwise.
    func create(
        _ creation: Creation, session: VaultSessionKind, creationKey: String?, readingBack: Bool,
        transfer: VaultTransfer
    ) async throws -> VaultWriteResult {
        let id = try creation.entryID(session: session, creationKey: creationKey)
        var insert = try entryInsert(id: id, kind: creation.kind, creation.content, unlessMade: creationKey != nil)
        // Static text around the statement: its binds keep their places. `folio.account_id` is `account` here.
        insert.sql = """
            WITH inserted AS (
            \(insert.sql)
            RETURNING id)
            SELECT (SELECT count(*) FROM inserted) AS inserted,
                (SELECT to_account FROM vault_moves WHERE account_id = current_setting('folio.account_id', true))
                AS moved_to
            """
        let results = try await transaction.queries(
            [insert] + (readingBack ? VaultViewReader.queries(entries: [id]) : []))
        var result = VaultWriteResult(createdID: id, changedEntries: [id])
        let moved = try results.first?.first?.decode(String?.self, "moved_to") != nil
        if session == .transient, moved {
            result.movedTo = try await transfer.followMove(account, transaction, cipher)
        }
        if readingBack, result.movedTo == nil {
            result.patch = try VaultViewReader(transaction: transaction, cipher: cipher)
                .patch([id], from: Array(results.dropFirst()))
        }
        return result
    }
}
