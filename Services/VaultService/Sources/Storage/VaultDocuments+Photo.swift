import Crypto
import FolioClient
import FolioModel

extension VaultDocuments {
    /// The bytes of the photo a reference names, for `attachment.getBytes`: refused when the reference is of
    /// another session than the account's now (``DocumentRefusal/earlierSession(message:)``), or when its record is
    /// not an active document of the vault with a PHOTO field of that attachment
    /// (``DocumentRefusal/photoNotFound(message:)``). The sealed bytes come from Folio (the issuer uploaded them
    /// there) and open with the record key, bound to the attachment's id as the issuer sealed them.
    func photo(_ reference: DocumentPhotoReference, account: VaultAccount, folio: FolioClient) async throws
        -> (mediaType: String, bytes: [UInt8])
    {
        let tag = try DocumentPhotoReference.sessionTag(of: account, kek: database.keyEncryptionKey)
        guard reference.sessionTag == tag else {
            throw DocumentRefusal.earlierSession(
                message: "the reference belongs to an earlier session: list the documents again")
        }
        let (mediaType, key, cipher) = try await sealing(reference, account: account.id)
        guard let client = account.folioVault(folio) else {
            throw DocumentRefusal.noFolioVault(message: "the session of \(account.id) reaches no vault at Folio")
        }
        let sealed = try await client.downloadAttachment(id: reference.attachmentID)
        return (mediaType, try cipher.openAttachment(sealed, key: key, id: reference.attachmentID))
    }

    /// The photo's media type and what opens its bytes, read in one transaction that ends before Folio is asked.
    private func sealing(_ reference: DocumentPhotoReference, account: String) async throws
        -> (String, SymmetricKey, VaultCipher)
    {
        try await database.withAccount(account) { transaction, cipher in
            let rows = try await transaction.query(
                """
                SELECT id, owner_account_id, schema, version, record_key, body FROM vault_entries
                WHERE kind = 'RECORD' AND schema = \(FolioDigitalDocument.schema) AND state = 'ACTIVE'
                    AND (id = \(reference.recordID) OR folio_id = \(reference.recordID))
                """)
            guard let row = rows.first else {
                throw DocumentRefusal.photoNotFound(message: "\(reference.recordID) is not a document of this vault")
            }
            let local = try row.decode(String.self, "id")
            let body = try Self.body(row, local: local, cipher)
            guard let mediaType = Document.photos(in: .object(body))[reference.attachmentID] else {
                throw DocumentRefusal.photoNotFound(
                    message: "\(reference.recordID) has no photo \(reference.attachmentID)")
            }
            let key = try cipher.unwrapRecordKey(try row.decode([UInt8].self, "record_key"), entryID: local)
            return (mediaType, key, cipher)
        }
    }
}
