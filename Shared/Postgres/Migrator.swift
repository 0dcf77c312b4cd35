/// Applies ``Migration``s once each, safely from several processes at once.
public enum Migrator {
    /// Applies the migrations not yet recorded in `schemaTable`, in version order, and returns
    /// the versions it applied (empty when the schema was up to date).
    ///
    /// Everything runs on one connection holding `pg_advisory_lock(lockKey)`, so processes that
    /// start together apply each migration exactly once; the others wait, then find nothing to do.
    /// Each migration runs in its own transaction together with its bookkeeping row.
    ///
    /// - Parameter schemaTable: `name` or `schema.name`, plain identifiers only (it is spliced
    ///   into SQL text).
    @discardableResult
    public static func apply(
        _ migrations: [Migration], on pool: PostgresPool, schemaTable: String = "schema_migrations",
        lockKey: Int64
    ) async throws -> [Int] {
        guard PostgresIdentifier.isPlainQualified(schemaTable) else {
            throw MigrationError.invalidTableName(schemaTable)
        }
        let sorted = try Migration.sortedCheckingVersions(migrations)
        return try await pool.withConnection { connection in
            _ = try await connection.query("SELECT pg_advisory_lock(\(lockKey))")
            do {
                let applied = try await applyLocked(sorted, on: connection, table: schemaTable)
                _ = try await connection.query("SELECT pg_advisory_unlock(\(lockKey))")
                return applied
            } catch {
                // A lost connection has released the lock already; this is for the other failures.
                _ = try? await connection.query("SELECT pg_advisory_unlock(\(lockKey))")
                throw error
            }
        }
    }

    private static func applyLocked(
        _ migrations: [Migration], on connection: PostgresConnection, table: String
    ) async throws -> [Int] {
        _ = try await connection.execute(
            """
            CREATE TABLE IF NOT EXISTS \(unescaped: table) (
                version bigint PRIMARY KEY,
                name text NOT NULL,
                applied_at timestamptz NOT NULL DEFAULT now()
            )
            """)
        let done = Set(
            try await connection.query("SELECT version FROM \(unescaped: table)").map {
                try $0.decode(Int.self, 0)
            })
        var applied: [Int] = []
        for migration in migrations where !done.contains(migration.version) {
            do {
                try await PostgresTransaction.run(on: connection) { transaction in
                    try await transaction.executeScript(migration.sql)
                    _ = try await transaction.execute(
                        "INSERT INTO \(unescaped: table) (version, name) VALUES (\(migration.version), \(migration.name))"
                    )
                }
            } catch let error as PostgresError {
                throw MigrationError.failed(
                    version: migration.version, name: migration.name, underlying: error)
            }
            applied.append(migration.version)
        }
        return applied
    }
}
