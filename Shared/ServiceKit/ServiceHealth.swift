import Bus
import FolioAPI
import FolioModel
import Postgres

/// The health method every service answers: it reaches PostgreSQL and records the worker as seen.
public enum ServiceHealth {
    public static func method(_ spec: RPCMethodSpec, context: ServiceContext) -> RPCMethod {
        spec.handled { _ in
            do {
                _ = try await context.database.execute(
                    """
                    INSERT INTO service_workers (service, worker_id) VALUES (\(context.name), \(context.workerID))
                    ON CONFLICT (service, worker_id) DO UPDATE SET last_seen_at = now()
                    """)
            } catch {
                context.logger.warning("health check cannot reach PostgreSQL", ["error": String(describing: error)])
                throw JSONRPCError.folio(.databaseUnavailable, String(describing: error))
            }
            return ["service": .string(context.name), "database": "ok", "worker": .string(context.workerID)]
        }
    }
}
