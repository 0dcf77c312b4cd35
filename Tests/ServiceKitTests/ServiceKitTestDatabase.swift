import Postgres
import ServiceKit
import TestSupport

/// The test database as the store kit's tests use it.
enum ServiceKitTestDatabase {
    /// A pool on the test database with the store kit's tables in place.
    static func migratedPool(size: Int = 1) async throws -> PostgresPool {
        let pool = PostgresPool(url: try TestEnvironment.databaseURL(), size: size)
        try await pool.waitUntilReady(timeout: .seconds(30))
        _ = try await Migrator.apply(
            try ServiceKitMigrations.load(), on: pool, schemaTable: "servicekit_schema_migrations",
            lockKey: advisoryLockKey("servicekit"))
        return pool
    }
}
