import FolioAPI
import FolioModel
import Postgres
import WireModel

/// The `runtime_sessions` table: the session each runtime is on, as the AuthService records it.
struct RuntimeSessions: Sendable {
    let database: PostgresPool

    /// Records the runtime's session.
    func record(_ change: SessionChanged) async throws {
        _ = try await database.execute(
            """
            UPDATE runtime_sessions SET identity = \(PostgresJSON(change.identity.json.jsonString)),
                status = \(change.status.wireType), folio_session_id = \(change.folioSessionID), updated_at = now()
            WHERE runtime_id = \(change.runtimeID)
            """)
    }

    /// Switches the runtime's session to a signed-in identity (ACTIVE: Folio confirmed it); the identity it
    /// replaced, or nil when the runtime has no session or has shut down (its session stays as it ended, the one
    /// its device starts on next). The runtime's row is locked too, so a shutdown waits for the switch.
    func switchTo(_ identity: SessionIdentity, folioSessionID: String, runtimeID: String) async throws
        -> SessionIdentity?
    {
        let rows = try await database.query(
            """
            WITH old AS (
                SELECT s.runtime_id, s.identity FROM runtime_sessions s JOIN runtimes r ON r.id = s.runtime_id
                WHERE s.runtime_id = \(runtimeID) AND r.shut_down_at IS NULL FOR UPDATE)
            UPDATE runtime_sessions s SET identity = \(PostgresJSON(identity.json.jsonString)), status = 'ACTIVE',
                folio_session_id = \(folioSessionID), updated_at = now()
            FROM old WHERE s.runtime_id = old.runtime_id
            RETURNING old.identity AS previous
            """)
        guard let row = rows.first else { return nil }
        return try SessionIdentity(
            json: try JSONParser.parse(try row.decode(PostgresJSON.self, "previous").text), path: "previous")
    }

    /// The runtime's identity again with status DEVICE, as recorded; nil when the runtime has no session or has
    /// shut down.
    func keepPrevious(runtimeID: String) async throws -> SessionChanged? {
        let rows = try await database.query(
            """
            UPDATE runtime_sessions s SET status = 'DEVICE', updated_at = now()
            FROM runtimes r
            WHERE s.runtime_id = \(runtimeID) AND r.id = s.runtime_id AND r.shut_down_at IS NULL
            RETURNING s.identity, s.folio_session_id
            """)
        guard let row = rows.first else { return nil }
        return SessionChanged(
            runtimeID: runtimeID,
            identity: try SessionIdentity(
                json: try JSONParser.parse(try row.decode(PostgresJSON.self, "identity").text), path: "identity"),
            status: .device, folioSessionID: try row.decode(String?.self, "folio_session_id"))
    }
}
