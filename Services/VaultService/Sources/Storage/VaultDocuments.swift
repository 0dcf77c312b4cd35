import FolioClient
import FolioModel
import Foundation
import Postgres

/// The issued documents of an account's vault, for the DocumentReceiver (`vaultinternal.documents`): the active
/// records of the schema `digital`, their bodies opened with their record keys as the view opens them, read in
/// one snapshot. A record whose body does not open, or is not a JSON object, is reported apart and never hides
/// the others.
struct VaultDocuments: Sendable {
    let database: VaultDatabase

    /// One readable document.
    struct Document: Equatable {
        /// The record's id as the vault shows it (Folio's; a shared record's local id is the same).
        var id: String
        /// The opened body, a JSON object (a `FolioDigitalDocument`, passed on as it is).
        var body: JSONObject
        /// When the issuer revoked it, in seconds since the Unix epoch.
        var revokedAt: Int64?
        /// The PHOTO fields of the body, by attachment id, with their media type.
        var photos: [String: String] { Self.photos(in: .object(body)) }

        /// The `{attachmentId: mimeType}` of every PHOTO field of a document body that names one.
        static func photos(in body: JSONValue) -> [String: String] {
            var photos: [String: String] = [:]
            for field in body["fields"]?.arrayValue ?? [] where field["kind"]?["type"]?.stringValue == "PHOTO" {
                guard let id = field["photo"]?["attachmentId"]?.stringValue else { continue }
                photos[id] = field["photo"]?["mimeType"]?.stringValue ?? "application/octet-stream"
            }
            return photos
        }
    }

    /// A record of the schema `digital` that cannot be read, and why.
    struct Unreadable: Equatable {
        var id: String
        var reason: String
    }

    /// The account's active documents (only the one of `id`, local or Folio's, when given), oldest first.
    func list(account: String, id: String? = nil) async throws -> (documents: [Document], unreadable: [Unreadable]) {
        try await database.withAccount(account, consistentReads: true) { transaction, cipher in
            let rows = try await transaction.query(
                """
                SELECT id, folio_id, owner_account_id, schema, version, record_key, body, revoked_at
                FROM vault_entries
                WHERE kind = 'RECORD' AND schema = \(FolioDigitalDocument.schema) AND state = 'ACTIVE'
                    AND (\(id)::text IS NULL OR id = \(id) OR folio_id = \(id))
                ORDER BY created_at, id
                """)
            var documents: [Document] = []
            var unreadable: [Unreadable] = []
            for row in rows {
                let local = try row.decode(String.self, "id")
                let shown = try row.decode(String?.self, "folio_id") ?? local
                do {
                    let body = try Self.body(row, local: local, cipher)
                    documents.append(
                        Document(
                            id: shown, body: body,
                            revokedAt: try row.decode(Date?.self, "revoked_at").map { Int64($0.timeIntervalSince1970) })
                    )
                } catch let error as VaultError {
                    unreadable.append(Unreadable(id: shown, reason: error.message))
                }
            }
            return (documents, unreadable)
        }
    }

    /// The local id of the record `id` (local or Folio's) when it is an active record of the account's vault.
    func activeRecord(_ id: String, account: String) async throws -> String? {
        try await database.withAccount(account) { transaction, _ in
            try await transaction.query(
                """
                SELECT id FROM vault_entries
                WHERE kind = 'RECORD' AND state = 'ACTIVE' AND (id = \(id) OR folio_id = \(id))
                """
            ).first?.decode(String.self, "id")
        }
    }

    /// A row's body opened with its record key (its owner, schema and version bound to it), as a JSON object.
    static func body(_ row: PostgresRow, local: String, _ cipher: VaultCipher) throws -> JSONObject {
        let key = try cipher.unwrapRecordKey(try row.decode([UInt8].self, "record_key"), entryID: local)
        let payload = try cipher.openBody(
            try row.decode([UInt8].self, "body"), key: key, owner: try row.decode(String.self, "owner_account_id"),
            schema: try row.decode(String.self, "schema"),
            version: UInt32(clamping: try row.decode(Int64.self, "version")), id: local)
        guard let object = (try? JSONParser.parse(Array(payload.utf8)))?.objectValue else {
            throw VaultError.codec(message: "the body of \(local) is not a JSON object")
        }
        return object
    }
}
