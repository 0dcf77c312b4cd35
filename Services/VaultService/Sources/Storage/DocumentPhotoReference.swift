import Crypto

/// A reference to the photo of an issued document, as `vaultinternal.documents` hands it out and
/// `attachment.getBytes` reads it: `docphoto.<sessionTag>.<recordId>.<attachmentId>`, the two ids in base64url
/// without padding (Folio's ids are opaque and may hold any character), the session tag 16 hex digits.
///
/// A reference belongs to the session that listed the document (spec folio-documents.md, "Photos"): its tag is
/// the session's (``sessionTag(of:kek:)``), so after a sign-in or a sign-out `attachment.getBytes` refuses it.
struct DocumentPhotoReference: Equatable {
    static let prefix = "docphoto."

    var sessionTag: String
    /// The record's id (Folio's, which is its local id too).
    var recordID: String
    /// The photo's attachment id at Folio (`att_…`), as the document's body names it.
    var attachmentID: String

    /// The reference as a string.
    var text: String {
        Self.prefix + sessionTag + "." + Base64URL.encode(Array(recordID.utf8)) + "."
            + Base64URL.encode(Array(attachmentID.utf8))
    }

    init(sessionTag: String, recordID: String, attachmentID: String) {
        self.sessionTag = sessionTag
        self.recordID = recordID
        self.attachmentID = attachmentID
    }

    /// Whether an attachment id is a document photo reference (every other id is a vault attachment's).
    static func isReference(_ text: String) -> Bool { text.hasPrefix(prefix) }

    /// Reads a reference; nil when it is not one of this shape.
    init?(_ text: String) {
        guard Self.isReference(text) else { return nil }
        let parts = text.dropFirst(Self.prefix.count).split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].utf8.count == 16, parts[0].allSatisfy(\.isHexDigit),
            let record = try? Base64URL.decode(String(parts[1])),
            let attachment = try? Base64URL.decode(String(parts[2])),
            let recordID = String(validating: record, as: UTF8.self), !recordID.isEmpty,
            let attachmentID = String(validating: attachment, as: UTF8.self), !attachmentID.isEmpty
        else { return nil }
        self.init(sessionTag: String(parts[0]), recordID: recordID, attachmentID: attachmentID)
    }

    /// The tag of a session: 16 hex digits (8 bytes) of BLAKE2b over the account id and Folio's session id (none for a
    /// guest), keyed with a subkey of the key-encryption key (`KDF`, context `vaultdoc`), so a tag tells nothing
    /// about the session and cannot be made without the service's key. The one place a tag is computed.
    static func sessionTag(of account: VaultAccount, kek: VaultKeyEncryptionKey) throws(VaultError) -> String {
        do {
            let key = try KDF.deriveKey(from: kek.key, subkeyID: 1, context: "vaultdoc")
            let parts = VaultCipher.additionalData(["folio-vault-docphoto", account.id, account.folioSessionID ?? ""])
            // BLAKE2b's shortest output is 16 bytes: the tag is its first 8.
            return Hex.encode(Array(try BLAKE2b.hash(parts, key: key, length: 16).prefix(8)))
        } catch {
            throw .storage(message: "the session tag cannot be computed: \(error)")
        }
    }
}
