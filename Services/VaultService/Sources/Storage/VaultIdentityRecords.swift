import WireModel
import Crypto
import FolioModel
import Foundation
import Postgres

/// Identity records (spec identity-records.md "One record per document"): the inquiry saves each verified
/// document as one record of the person's vault with the verification files as its attachments, and finds it
/// again by the document's fingerprint, which is kept only as a keyed hash (`fingerprintHash`). A save is one
/// transaction through the vault's write rules, and is answered once per save id.
public struct VaultIdentityRecords: Sendable {
    let database: VaultDatabase

    public init(pool: PostgresPool, keyEncryptionKey: VaultKeyEncryptionKey) {
        database = VaultDatabase(pool: pool, keyEncryptionKey: keyEncryptionKey)
    }

    init(database: VaultDatabase) { self.database = database }

    /// What a save did: its answer, and unless it was answered before, the record it wrote (local id) and the
    /// account a transient vault was copied into meanwhile (the save followed it there).
    struct Outcome: Sendable, Equatable {
        var saved: IdentityRecordSaved
        var written: String?
        var movedTo: String?
    }

    /// The active record the account saved last for `fingerprint`, opened; nil when there is none, or when it was
    /// deleted or permanently deleted since.
    public func record(account: String, fingerprint: String) async throws(VaultError) -> IdentityRecordFound? {
        guard (1...IdentityRecordSave.maxFingerprintBytes).contains(fingerprint.utf8.count) else {
            throw .invalidRequest(
                message: "the fingerprint must be 1-\(IdentityRecordSave.maxFingerprintBytes) bytes of UTF-8")
        }
        let kek = database.keyEncryptionKey
        do {
            return try await database.withAccount(account) { transaction, cipher in
                let hashes = try await Self.fingerprintHashes(fingerprint, account: account, kek: kek, transaction)
                for (keyAccount, hash) in hashes {
                    let rows = try await transaction.query(
                        """
                        SELECT e.id, e.schema, e.version, e.body FROM vault_identity_records i
                        JOIN vault_entries e ON e.id = i.entry_id
                        WHERE i.hash_key_account = \(keyAccount) AND i.fingerprint_hash = \(hash)
                            AND e.kind = 'RECORD' AND e.state = 'ACTIVE'
                        """)
                    guard let row = rows.first else { continue }
                    let id = try row.decode(String.self, "id")
                    let schema = try row.decode(String.self, "schema")
                    let version = UInt32(clamping: try row.decode(Int64.self, "version"))
                    let writer = VaultWriteTransaction(transaction: transaction, cipher: cipher, account: account)
                    let (key, owner) = try await writer.recordKey(id)
                    let payload = try cipher.openBody(
                        try row.decode([UInt8].self, "body"), key: key, owner: owner, schema: schema, version: version,
                        id: id)
                    return IdentityRecordFound(
                        recordID: id, content: RecordContent(schema: schema, version: version, payload: payload))
                }
                return nil
            }
        } catch let error as VaultError {
            throw error
        } catch {
            throw .storage(message: "the identity record cannot be read: \(error)")
        }
    }

    /// Saves `save` in the vault of `account` and returns the record's local id and the attachments' ids.
    public func save(_ save: IdentityRecordSave, account: String, session: VaultSessionKind) async throws(VaultError)
        -> IdentityRecordSaved
    {
        try await saved(save, account: account, session: session).saved
    }

    /// In one transaction, under the account's write lock: the answer of an earlier save with the same id, or
    /// the write (a Create, or an Update of `recordID`, with every rule of a VaultStore write), every file
    /// stored as an attachment of the record in the order given (appended after the record's earlier ones),
    /// the fingerprint pointed at the record, and the answer kept under the save id.
    func saved(_ save: IdentityRecordSave, account: String, session: VaultSessionKind) async throws(VaultError)
        -> Outcome
    {
        try save.check()
        let kek = database.keyEncryptionKey
        let transfer = VaultTransfer(database: database)
        do {
            return try await database.withAccount(account, lockingWrites: true) { transaction, cipher in
                let earlier = try await transaction.query(
                    "SELECT entry_id, attachment_ids FROM vault_identity_saves WHERE save_id = \(save.saveID)")
                if let row = earlier.first {
                    let ids = try row.decode(PostgresJSON.self, "attachment_ids").decode([String].self)
                    return Outcome(
                        saved: IdentityRecordSaved(
                            recordID: try row.decode(String.self, "entry_id"), attachmentIDs: ids))
                }
                let ids = save.files.map(\.attachmentID)
                let listed = PostgresJSON(JSONValue.array(ids.map(JSONValue.string)).jsonString)
                let taken = try await transaction.query(
                    """
                    SELECT id FROM vault_attachments WHERE id IN (SELECT jsonb_array_elements_text(\(listed)))
                    ORDER BY id LIMIT 1
                    """)
                if let row = taken.first {
                    throw VaultError.invalidRequest(
                        message: "the attachment id \(try row.decode(String.self, "id")) is taken")
                }
                let writer = VaultWriteTransaction(transaction: transaction, cipher: cipher, account: account)
                let write: VaultWrite =
                    save.recordID.map { .update(id: $0, record: save.content) } ?? .create(record: save.content)
                let result = try await writer.apply(write, session: session)
                guard let entry = result.createdID ?? result.changedEntries?.first else {
                    throw VaultError.storage(message: "the write named no record")
                }
                let (key, _) = try await writer.recordKey(entry)
                for file in save.files {
                    let sealed = try cipher.sealAttachment(file.bytes, key: key, id: file.attachmentID)
                    _ = try await transaction.execute(
                        """
                        INSERT INTO vault_attachments (account_id, id, entry_id, media_type, body)
                        VALUES (\(account), \(file.attachmentID), \(entry), \(file.mediaType), \(sealed))
                        """)
                }
                _ = try await transaction.execute(
                    "UPDATE vault_entries SET attachments = attachments || \(listed), updated_at = now() WHERE id = \(entry)"
                )
                try await pointFingerprint(save.fingerprint, at: entry, account: account, kek: kek, transaction)
                _ = try await transaction.execute(
                    """
                    INSERT INTO vault_identity_saves (account_id, save_id, entry_id, attachment_ids)
                    VALUES (\(account), \(save.saveID), \(entry), \(listed))
                    """)
                let movedTo =
                    session == .transient ? try await transfer.followMove(account, transaction, cipher) : nil
                return Outcome(
                    saved: IdentityRecordSaved(recordID: entry, attachmentIDs: ids), written: entry, movedTo: movedTo)
            }
        } catch let error as VaultError {
            throw error
        } catch {
            throw .storage(message: "the identity record cannot be saved: \(error)")
        }
    }

    /// The fingerprint now names `entry`, under the account's own key; a row a sign-in copied under a guest's key
    /// for the same fingerprint goes.
    private func pointFingerprint(
        _ fingerprint: String, at entry: String, account: String, kek: VaultKeyEncryptionKey,
        _ transaction: PostgresTransaction
    ) async throws {
        let hashes = try await Self.fingerprintHashes(fingerprint, account: account, kek: kek, transaction)
        for (keyAccount, hash) in hashes where keyAccount != account {
            _ = try await transaction.execute(
                """
                DELETE FROM vault_identity_records WHERE hash_key_account = \(keyAccount) AND fingerprint_hash = \(hash)
                """)
        }
        let own = try Self.fingerprintHash(fingerprint, keyAccount: account, kek: kek)
        _ = try await transaction.execute(
            """
            INSERT INTO vault_identity_records (account_id, hash_key_account, fingerprint_hash, entry_id)
            VALUES (\(account), \(account), \(own), \(entry))
            ON CONFLICT (account_id, hash_key_account, fingerprint_hash)
            DO UPDATE SET entry_id = EXCLUDED.entry_id, updated_at = now()
            """)
    }
}
