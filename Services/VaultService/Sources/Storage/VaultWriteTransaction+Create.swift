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
        let prefix: String

        init?(_ write: VaultWrite) {
            switch write {
            case .create(let content): (self.content, kind, prefix) = (content, .record, "D_")
            case .createFolder(let content): (self.content, kind, prefix) = (content, .folder, "F_")
            default: return nil
            }
            self.write = write
        }
    }

    /// A creation in one hop to the database connection: the insert, the move check of a guest vault (in the
    /// insert's statement) and, `readingBack`, the read-back of the new entry (`VaultViewReader.queries`), which
    /// sees the insert as the statements after it in the transaction do. A guest vault copied meanwhile is
    /// copied again (`followMove`) and the read-back left unused, as `VaultRepository.write` does otherwise.
    func create(
        _ creation: Creation, session: VaultSessionKind, creationKey: String?, readingBack: Bool,
        transfer: VaultTransfer
    ) async throws -> VaultWriteResult {
        try VaultWriteRules.check(creation.write, target: nil, session: session)
        let id =
            creationKey.map { VaultEntryID.derived(prefix: creation.prefix, from: $0) }
            ?? creation.prefix + RandomID.base32(count: 26)
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
