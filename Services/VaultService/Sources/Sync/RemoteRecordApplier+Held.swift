import FolioClient
import FolioModel
import Postgres

extension RemoteRecordApplier {
    /// The local entries a page of Folio's feed names, read and locked in one statement. Most records of a
    /// feed are ones the vault holds at their revision already (its own pushes, reported back), and such a
    /// record needs no statement of its own: without this, each took a locking read, a page a hundred of them.
    struct HeldEntries {
        struct Held: Equatable {
            var id: String
            var revision: Int64
        }

        private var byFolioID: [String: Held] = [:]
        /// Entries Folio has not confirmed yet (no Folio id), by local id.
        private var unconfirmed: [String: Held] = [:]
        /// Keys (Folio ids and local ids) of records applied one by one in this page: what the read found for
        /// them may have changed since.
        private var touched: Set<String> = []

        /// Reads, in the fetch's transaction, the entries `records` name as `apply` looks them up: by Folio id,
        /// or by local id (`clientId`) while the entry has no Folio id.
        static func read(_ records: [FolioVaultRecord], _ transaction: PostgresTransaction) async throws -> Self {
            var held = HeldEntries()
            guard !records.isEmpty else { return held }
            func list(_ ids: [String]) -> PostgresJSON {
                PostgresJSON(JSONValue.array(ids.map(JSONValue.string)).jsonString)
            }
            let rows = try await transaction.query(
                """
                SELECT id, folio_id, revision FROM vault_entries
                WHERE folio_id = ANY (ARRAY(SELECT jsonb_array_elements_text(\(list(records.map(\.id))))))
                    OR (folio_id IS NULL
                        AND id = ANY (ARRAY(SELECT jsonb_array_elements_text(\(list(records.compactMap(\.clientId)))))))
                FOR UPDATE
                """)
            for row in rows {
                let entry = Held(
                    id: try row.decode(String.self, "id"), revision: try row.decode(Int64?.self, "revision") ?? 0)
                if let folioID = try row.decode(String?.self, "folio_id") {
                    held.byFolioID[folioID] = entry
                } else {
                    held.unconfirmed[entry.id] = entry
                }
            }
            return held
        }

        /// The record changes nothing here, by the rules of `apply`: an entry of the account's own, which the
        /// vault holds at this revision or a newer one, with no settings or members to follow. False whenever
        /// `apply` has to look itself (the entry is unknown, or two entries match, or an earlier record of the
        /// page was applied to one of its keys).
        func unchanged(_ record: FolioVaultRecord) -> Bool {
            guard record.permission != .view, record.settings == nil, record.kind != .folder else { return false }
            guard !touched.contains(record.id), !(record.clientId.map(touched.contains) ?? false) else { return false }
            let byFolio = byFolioID[record.id]
            let byLocal = record.clientId.flatMap { unconfirmed[$0] }
            guard let entry = byFolio ?? byLocal, byFolio == nil || byLocal == nil else { return false }
            return record.revision <= entry.revision
        }

        /// `record` is applied one by one: later records of the page with its keys are too.
        mutating func applying(_ record: FolioVaultRecord) {
            touched.insert(record.id)
            if let clientID = record.clientId { touched.insert(clientID) }
        }
    }
}
