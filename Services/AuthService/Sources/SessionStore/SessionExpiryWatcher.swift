import Bus
import FolioAPI
import FolioClient
import FolioModel
import Postgres
import ServiceKit
import StoreKit
import WireModel

/// "Expired sessions": follows Folio's feed of ended and expired sessions and ends them on the runtimes
/// that hold them (status EXPIRED, recorded and announced). The feed's cursor is kept in PostgreSQL; ending
/// a session twice changes nothing, so several workers may follow the feed.
enum SessionExpiryWatcher {
    static func start(_ context: ServiceContext, folio: FolioClient) -> Task<Void, Never> {
        Task {
            let backoff = Backoff(first: .milliseconds(200), longest: .seconds(5))
            while !Task.isCancelled {
                _ = await backoff.retry {
                    do {
                        try await readOnce(context, folio: folio)
                    } catch {
                        if !Task.isCancelled {
                            context.logger.debug("session feed unavailable", ["error": String(describing: error)])
                        }
                        throw error
                    }
                }
            }
        }
    }

    /// One long poll of the feed, and its changes applied.
    static func readOnce(_ context: ServiceContext, folio: FolioClient) async throws {
        // A cursor means something only to the Folio that issued it.
        let feed = "sessions@\(context.configuration.folioAPIURL)"
        let rows = try await context.database.query("SELECT cursor FROM folio_cursors WHERE feed = \(feed)")
        let cursor = try rows.first?.decode(String.self, "cursor")
        // The wait stays well inside the Folio client's call timeout.
        let changes = try await folio.sessionChanges(cursor: cursor, limit: 100, waitSeconds: 5)
        for change in changes.items where change.session.status != .active {
            try await end(folioSessionID: change.session.id, context: context)
        }
        _ = try await context.database.execute(
            """
            INSERT INTO folio_cursors (feed, cursor) VALUES (\(feed), \(changes.nextCursor))
            ON CONFLICT (feed) DO UPDATE SET cursor = EXCLUDED.cursor, updated_at = now()
            """)
    }

    static func end(folioSessionID: String, context: ServiceContext) async throws {
        let ended = try await context.database.query(
            """
            UPDATE runtime_sessions SET status = 'EXPIRED', updated_at = now()
            WHERE folio_session_id = \(folioSessionID) AND status <> 'EXPIRED'
            RETURNING runtime_id, identity
            """)
        for row in ended {
            let identity = try SessionIdentity(
                json: try JSONParser.parse(try row.decode(PostgresJSON.self, "identity").text), path: "identity")
            let runtimeID = try row.decode(String.self, "runtime_id")
            try await context.transport.publish(
                SessionChanged(
                    runtimeID: runtimeID, identity: identity, status: .expired, folioSessionID: folioSessionID))
            context.logger.info("session ended by Folio", ["runtimeId": runtimeID])
        }
    }
}
