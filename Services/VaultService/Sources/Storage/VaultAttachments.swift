import Crypto
import FolioModel
import Foundation
import Postgres

/// Attachment bytes: sealed with their record's key and kept beside the record (`header.attachments`
/// lists their `AT_…` ids). The inquiry adds them (identity artifacts); services read them through
/// `attachment.getBytes`. At most `maxBytes` each, the largest image the SDK takes.
public struct VaultAttachments: Sendable {
    public static let maxBytes = 32 * 1024 * 1024
    let database: VaultDatabase

    public init(pool: PostgresPool, keyEncryptionKey: VaultKeyEncryptionKey) {
        database = VaultDatabase(pool: pool, keyEncryptionKey: keyEncryptionKey)
    }

    init(database: VaultDatabase) { self.database = database }

    /// Adds an attachment to a record the account owns and returns its id.
    public func add(account: String, recordID: String, mediaType: String, bytes: [UInt8]) async throws(VaultError)
        -> String
    {
        try await added(account: account, recordID: recordID, mediaType: mediaType, bytes: bytes).id
    }

    /// Adds an attachment and returns its id and the local id of its record.
    func added(account: String, recordID: String, mediaType: String, bytes: [UInt8]) async throws(VaultError)
        -> (id: String, entry: String)
    {
        try Self.check(mediaType: mediaType, bytes: bytes)
        do {
            return try await database.withAccount(account) { transaction, cipher in
                let rows = try await transaction.query(
                    """
                    SELECT id, permission, state FROM vault_entries
                    WHERE (id = \(recordID) OR folio_id = \(recordID)) AND kind = 'RECORD' FOR UPDATE
                    """)
                guard let row = rows.first, try row.decode(String.self, "state") != "PURGED" else {
                    throw VaultError.notFound(message: "no record \(recordID)")
                }
                guard try row.decode(String.self, "permission") == "OWNER" else {
                    throw VaultError.permissionDenied(message: "only the owner adds attachments to \(recordID)")
                }
                let entry = try row.decode(String.self, "id")
                let writer = VaultWriteTransaction(transaction: transaction, cipher: cipher, account: account)
                let (key, _) = try await writer.recordKey(entry)
                let id = "AT_" + RandomID.base32(count: 26)
                let sealed = try cipher.sealAttachment(bytes, key: key, id: id)
                _ = try await transaction.execute(
                    """
                    INSERT INTO vault_attachments (account_id, id, entry_id, media_type, body)
                    VALUES (\(account), \(id), \(entry), \(mediaType), \(sealed))
                    """)
                _ = try await transaction.execute(
                    """
                    UPDATE vault_entries SET attachments = attachments || to_jsonb(\(id)::text), updated_at = now()
                    WHERE id = \(entry)
                    """)
                return (id, entry)
            }
        } catch let error as VaultError {
            throw error
        } catch {
            throw .storage(message: "the attachment cannot be stored: \(error)")
        }
    }

    /// An attachment has 1 byte to `maxBytes`, and a media type of 1–128 characters without spaces.
    static func check(mediaType: String, bytes: [UInt8]) throws(VaultError) {
        guard !bytes.isEmpty, bytes.count <= maxBytes else {
            throw .invalidRequest(message: "an attachment has 1 to \(maxBytes) bytes; this one has \(bytes.count)")
        }
        guard !mediaType.isEmpty, mediaType.utf8.count <= 128, !mediaType.contains(where: \.isWhitespace) else {
            throw .invalidRequest(message: "the media type must be 1-128 characters without spaces")
        }
    }

    /// The bytes of an attachment of the account's vault, opened; a tampered one is reported, not returned.
    public func bytes(account: String, id: String) async throws(VaultError) -> (mediaType: String, bytes: [UInt8]) {
        do {
            return try await database.withAccount(account) { transaction, cipher in
                let rows = try await transaction.query(
                    "SELECT entry_id, media_type, body FROM vault_attachments WHERE id = \(id)")
                guard let row = rows.first else { throw VaultError.notFound(message: "no attachment \(id)") }
                let writer = VaultWriteTransaction(transaction: transaction, cipher: cipher, account: account)
                let (key, _) = try await writer.recordKey(try row.decode(String.self, "entry_id"))
                return (
                    try row.decode(String.self, "media_type"),
                    try cipher.openAttachment(try row.decode([UInt8].self, "body"), key: key, id: id)
                )
            }
        } catch let error as VaultError {
            throw error
        } catch {
            throw .storage(message: "the attachment cannot be read: \(error)")
        }
    }
}
