import CPostgres
import Postgres

/// One libpq connection called directly and blocking, for the floors of the benchmarks: statements prepared
/// once by name and run with their parameters as `EncodedStatement` lays them out for the pool too. No pool,
/// no hand-off between threads. Not thread-safe: one caller at a time.
final class BenchConnection: @unchecked Sendable {
    private let connection: OpaquePointer

    init(databaseURL: String) throws {
        guard let connection = PQconnectdb(databaseURL) else { throw BenchError("PQconnectdb returned nothing") }
        guard PQstatus(connection) == CONNECTION_OK else {
            let message = String(cString: PQerrorMessage(connection))
            PQfinish(connection)
            throw BenchError("connect to PostgreSQL: \(message)")
        }
        self.connection = connection
    }

    deinit { PQfinish(connection) }

    /// Prepares `query` as `name`, with the parameter types of its values.
    func prepare(_ name: String, _ query: PostgresQuery) throws {
        let statement = try EncodedStatement(query)
        let prepared = PQprepare(connection, name, statement.sql, statement.count, statement.types)
        defer { PQclear(prepared) }
        guard PQresultStatus(prepared) == PGRES_COMMAND_OK else {
            throw BenchError("prepare \(name): \(String(cString: PQresultErrorMessage(prepared)))")
        }
    }

    /// Runs the statement prepared as `name` with the values of `query` (the same statement with other values).
    func execute(_ name: String, _ query: PostgresQuery) throws {
        let statement = try EncodedStatement(query)
        let result =
            statement.withValues { values in
                PQexecPrepared(connection, name, statement.count, values, statement.lengths, statement.formats, 0)
            } ?? nil
        defer { PQclear(result) }
        guard PQresultStatus(result) == PGRES_COMMAND_OK else {
            throw BenchError("\(name) failed: \(String(cString: PQresultErrorMessage(result)))")
        }
    }

    /// A query's first row, each value as text (empty when there is none).
    @discardableResult
    func firstRow(_ query: PostgresQuery) throws -> [String] {
        let statement = try EncodedStatement(query)
        let result =
            statement.withValues { values in
                PQexecParams(
                    connection, statement.sql, statement.count, statement.types, values, statement.lengths,
                    statement.formats, 0)
            } ?? nil
        defer { PQclear(result) }
        let status = PQresultStatus(result)
        guard status == PGRES_TUPLES_OK || status == PGRES_COMMAND_OK else {
            throw BenchError("\(statement.sql): \(String(cString: PQresultErrorMessage(result)))")
        }
        guard PQntuples(result) > 0 else { return [] }
        return (0..<PQnfields(result)).map { String(cString: PQgetvalue(result, 0, $0)) }
    }
}
