import Foundation
import Postgres
import XCTest

final class MigrationTests: XCTestCase {
    private func temporaryDirectory(files: [String: String]) throws -> URL {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent(TestDatabase.uniqueName("migrations"))
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        for (name, contents) in files {
            try contents.write(
                to: directory.appendingPathComponent(name), atomically: true, encoding: .utf8)
        }
        return directory
    }

    func testLoadSortsByVersionAndIgnoresOtherFiles() throws {
        let directory = try temporaryDirectory(files: [
            "0010_add_index.sql": "CREATE INDEX a ON t (n);",
            "0002_create_things.sql": "CREATE TABLE t (n int);",
            "README.md": "not a migration",
        ])
        defer { try? FileManager.default.removeItem(at: directory) }
        let migrations = try Migration.load(directory: directory)
        XCTAssertEqual(migrations.map(\.version), [2, 10])
        XCTAssertEqual(migrations.map(\.name), ["create_things", "add_index"])
        XCTAssertEqual(migrations.first?.sql, "CREATE TABLE t (n int);")
    }

    func testLoadRejectsDuplicateVersions() throws {
        let directory = try temporaryDirectory(files: [
            "0001_a.sql": "SELECT 1;", "001_b.sql": "SELECT 2;",
        ])
        defer { try? FileManager.default.removeItem(at: directory) }
        XCTAssertThrowsError(try Migration.load(directory: directory)) { error in
            XCTAssertEqual((error as? MigrationError)?.version, 1)
        }
    }

    func testLoadRejectsUnnumberedSQLFiles() throws {
        let directory = try temporaryDirectory(files: ["create_things.sql": "SELECT 1;"])
        defer { try? FileManager.default.removeItem(at: directory) }
        XCTAssertThrowsError(try Migration.load(directory: directory)) { error in
            XCTAssertTrue(error is MigrationError)
        }
    }

    private func migrations(schema: String) -> [Migration] {
        [
            Migration(
                version: 1, name: "create_things",
                sql: """
                    CREATE TABLE \(schema).things (n int PRIMARY KEY);
                    INSERT INTO \(schema).things VALUES (1);
                    SELECT pg_sleep(0.2);
                    """),
            Migration(
                version: 2, name: "more_things", sql: "INSERT INTO \(schema).things VALUES (2), (3);"),
            Migration(
                version: 3, name: "column", sql: "ALTER TABLE \(schema).things ADD COLUMN label text;"),
        ]
    }

    func testMigrationsApplyOnceAndAreIdempotent() async throws {
        try await TestDatabase.withSchema { pool, schema in
            let table = "\(schema).schema_migrations"
            let lockKey = Int64.random(in: 1...Int64.max)
            let first = try await Migrator.apply(
                migrations(schema: schema), on: pool, schemaTable: table, lockKey: lockKey)
            XCTAssertEqual(first, [1, 2, 3])
            let second = try await Migrator.apply(
                migrations(schema: schema), on: pool, schemaTable: table, lockKey: lockKey)
            XCTAssertEqual(second, [])
            let things = try await pool.query("SELECT count(*) FROM \(unescaped: schema).things")
            XCTAssertEqual(try things.first?.decode(Int.self, 0), 3)
            let recorded = try await pool.query(
                "SELECT version, name FROM \(unescaped: table) ORDER BY version")
            XCTAssertEqual(try recorded.map { try $0.decode(Int.self, "version") }, [1, 2, 3])
            XCTAssertEqual(
                try recorded.map { try $0.decode(String.self, "name") },
                ["create_things", "more_things", "column"])
        }
    }

    func testConcurrentMigratorsApplyEachMigrationExactlyOnce() async throws {
        try await TestDatabase.withSchema { setupPool, schema in
            let url = try TestDatabase.url()
            let table = "\(schema).schema_migrations"
            let lockKey = Int64.random(in: 1...Int64.max)
            let list = migrations(schema: schema)
            let poolA = PostgresPool(url: url, size: 1)
            let poolB = PostgresPool(url: url, size: 1)
            async let appliedA = Migrator.apply(list, on: poolA, schemaTable: table, lockKey: lockKey)
            async let appliedB = Migrator.apply(list, on: poolB, schemaTable: table, lockKey: lockKey)
            let (a, b) = try await (appliedA, appliedB)
            await poolA.close()
            await poolB.close()
            XCTAssertEqual((a + b).sorted(), [1, 2, 3])
            XCTAssertTrue(a.isEmpty || b.isEmpty, "one migrator does all the work: \(a) \(b)")
            let things = try await setupPool.query("SELECT count(*) FROM \(unescaped: schema).things")
            XCTAssertEqual(try things.first?.decode(Int.self, 0), 3)
            let recorded = try await setupPool.query("SELECT count(*) FROM \(unescaped: table)")
            XCTAssertEqual(try recorded.first?.decode(Int.self, 0), 3)
        }
    }

    func testFailedMigrationRollsBackAndReleasesTheLock() async throws {
        try await TestDatabase.withSchema { pool, schema in
            let table = "\(schema).schema_migrations"
            let lockKey = Int64.random(in: 1...Int64.max)
            var list = migrations(schema: schema)
            list[1].sql = "INSERT INTO \(schema).things VALUES (2); SELEC broken;"
            do {
                try await Migrator.apply(list, on: pool, schemaTable: table, lockKey: lockKey)
                XCTFail("a broken migration must throw")
            } catch let error as MigrationError {
                XCTAssertEqual(error.version, 2)
                XCTAssertEqual(error.underlying?.sqlState, "42601")
            }
            let recorded = try await pool.query("SELECT version FROM \(unescaped: table)")
            XCTAssertEqual(try recorded.map { try $0.decode(Int.self, 0) }, [1])
            let things = try await pool.query("SELECT count(*) FROM \(unescaped: schema).things")
            XCTAssertEqual(try things.first?.decode(Int.self, 0), 1)

            // Another session can take the lock, so it was released.
            let other = PostgresPool(url: try TestDatabase.url(), size: 1)
            let applied = try await Migrator.apply(
                migrations(schema: schema), on: other, schemaTable: table, lockKey: lockKey)
            await other.close()
            XCTAssertEqual(applied, [2, 3])
        }
    }

    func testSchemaTableMustBeAPlainName() async throws {
        try await TestDatabase.withPool { pool in
            do {
                try await Migrator.apply([], on: pool, schemaTable: "x; DROP TABLE y", lockKey: 1)
                XCTFail("an unsafe table name must be rejected")
            } catch {
                XCTAssertTrue(error is MigrationError, "\(error)")
            }
        }
    }
}
