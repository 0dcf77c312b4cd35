import Foundation
import Postgres

extension StoredEntry {
    /// The columns `init(row:)` reads, for SELECT lists.
    static let columnsSQL = """
        e.id, e.folio_id, e.kind, e.schema, e.state, e.permission, e.conflict,
        EXISTS (SELECT 1 FROM vault_settings s WHERE s.entry_id = e.id AND s.dirty) AS settings_pending
        """

    init(row: PostgresRow) throws {
        let id = try row.decode(String.self, "id")
        guard let kind = Kind(rawValue: try row.decode(String.self, "kind")),
            let state = State(rawValue: try row.decode(String.self, "state")),
            let permission = RecordPermission.stored(try row.decode(String.self, "permission")),
            let conflict = ConflictState.stored(try row.decode(String.self, "conflict"))
        else { throw VaultError.storage(message: "the stored row of \(id) is not a vault entry") }
        self.init(
            id: id, folioID: try row.decode(String?.self, "folio_id"), kind: kind,
            schema: try row.decode(String.self, "schema"), state: state, permission: permission, conflict: conflict,
            settingsPending: try row.decode(Bool.self, "settings_pending"))
    }
}

extension RecordPermission {
    static func stored(_ text: String) -> RecordPermission? { RecordPermission(rawValue: text) }
}

extension ConflictState {
    static func stored(_ text: String) -> ConflictState? { allCases.first { $0.wireType == text } }
}
