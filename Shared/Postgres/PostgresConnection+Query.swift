import CPostgres
import Foundation

/// What one statement returned.
struct PostgresResult: Sendable {
    var rows: [PostgresRow]
    var affectedRows: Int
}

/// A statement as the server prepared it: its text and the types of its parameters.
struct PreparedStatementKey: Hashable {
    var sql: String
    var types: [Oid]
}

/// A statement prepared on one connection: its name, and how its results are asked for.
struct PreparedStatement {
    var name: String
    /// Whether it returns `bytea` in columns that are all read in binary (``PostgresBinaryValue/suits(_:)``), as
    /// the server described it when it was prepared.
    var binaryResults: Bool

    /// The result format its runs ask for: 1 (binary) or 0 (text).
    var resultFormat: Int32 { binaryResults ? 1 : 0 }
}

extension PostgresConnection {
    /// How many statements one connection keeps prepared; past that, statements run unprepared. The
    /// program's statements are a fixed set of texts (values are always parameters), well under it.
    static let maxPreparedStatements = 512

    /// Blocking: runs one statement, parameters as binds. The first run of a statement text on this
    /// connection prepares it (`PQprepare`), later runs execute the prepared statement (`PQexecPrepared`),
    /// so the server parses it once and can keep its plan. Call on `queue` (or, for a listener's connection,
    /// on the listener's thread).
    func runBlocking(_ query: PostgresQuery) throws -> PostgresResult {
        let handle = try usableHandle()
        let statement = try EncodedStatement(query)
        let prepared = try preparedStatement(statement.key, handle)
        let result = statement.withValues { values -> OpaquePointer? in
            if let prepared {
                return PQexecPrepared(
                    handle, prepared.name, statement.count, values, statement.lengths, statement.formats,
                    prepared.resultFormat)
            }
            return PQexecParams(
                handle, query.sql, statement.count, statement.key.types, values, statement.lengths,
                statement.formats, 0)
        }
        return try consumeForgettingStale(result ?? nil, of: handle, statement.key)
    }

    /// `consume`, and a prepared statement that no longer fits its tables ("cached plan must not change result
    /// type" after a migration) or is gone is forgotten: the next run prepares it again.
    func consumeForgettingStale(_ result: OpaquePointer?, of handle: OpaquePointer, _ key: PreparedStatementKey)
        throws -> PostgresResult
    {
        do {
            return try consume(result, of: handle)
        } catch let error as PostgresError where error.sqlState == "0A000" || error.sqlState == "26000" {
            prepared[key] = nil
            throw error
        }
    }

    /// The prepared statement for `key`, preparing it first if needed (and asking the server what it returns);
    /// nil once the connection keeps as many as it may (the statement then runs unprepared, its results in text).
    func preparedStatement(_ key: PreparedStatementKey, _ handle: OpaquePointer) throws -> PreparedStatement? {
        if let statement = prepared[key] { return statement }
        guard prepared.count < Self.maxPreparedStatements else { return nil }
        preparedCount += 1
        let name = "folio_\(preparedCount)"
        _ = try consume(PQprepare(handle, name, key.sql, Int32(key.types.count), key.types), of: handle)
        let statement = PreparedStatement(name: name, binaryResults: try describedAsBinary(name, handle))
        prepared[key] = statement
        return statement
    }

    /// Whether the prepared statement `name` returns columns that suit binary results, as the server describes it.
    private func describedAsBinary(_ name: String, _ handle: OpaquePointer) throws -> Bool {
        guard let description = PQdescribePrepared(handle, name) else {
            _ = try consume(nil, of: handle)  // throws the connection's error
            return false
        }
        defer { PQclear(description) }
        guard PQresultStatus(description) == PGRES_COMMAND_OK else {
            throw error(from: description, handle: handle)
        }
        return PostgresBinaryValue.suits(Self.columnTypes(of: description))
    }

    /// Blocking: runs SQL text that may hold several statements, with `PQexec` and no parameters.
    /// Only for migration bodies, which are files shipped with the program. Call on `queue`.
    func runScriptBlocking(_ sql: String) throws -> PostgresResult {
        let handle = try usableHandle()
        guard !sql.utf8.contains(0) else {
            throw PostgresError.queryFailed(sqlState: "22021", message: "SQL text contains a zero byte")
        }
        return try consume(PQexec(handle, sql), of: handle)
    }

    func usableHandle() throws -> OpaquePointer {
        guard let handle, !isClosed else {
            throw PostgresError.connectionFailed("the connection is closed")
        }
        guard PQstatus(handle) == CONNECTION_OK else {
            markBroken()
            throw PostgresError.connectionFailed(Self.errorMessage(of: handle))
        }
        return handle
    }

    /// Turns a `PGresult` into rows or a typed error, and frees it.
    func consume(_ result: OpaquePointer?, of handle: OpaquePointer) throws -> PostgresResult {
        guard let result else {
            // libpq returns no result only when it could not send the statement or ran out of memory.
            if PQstatus(handle) != CONNECTION_OK { markBroken() }
            throw PostgresError.connectionFailed(Self.errorMessage(of: handle))
        }
        defer {
            PQclear(result)
            noteTransactionStatus(PQtransactionStatus(handle))
        }
        switch PQresultStatus(result) {
        case PGRES_TUPLES_OK, PGRES_COMMAND_OK, PGRES_EMPTY_QUERY:
            return PostgresResult(
                rows: try Self.rows(of: result), affectedRows: Self.affectedRows(of: result))
        case PGRES_COPY_IN, PGRES_COPY_OUT, PGRES_COPY_BOTH:
            markBroken()  // the connection is stuck in COPY mode; drop it rather than unwind
            throw PostgresError.queryFailed(sqlState: nil, message: "COPY is not supported")
        default:
            throw error(from: result, handle: handle)
        }
    }

    private func error(from result: OpaquePointer, handle: OpaquePointer) -> PostgresError {
        func field(_ code: Int32) -> String? {
            guard let value = PQresultErrorField(result, code) else { return nil }
            return String(cString: value)
        }
        let sqlState = field(Int32(UInt8(ascii: "C")))
        var message = field(Int32(UInt8(ascii: "M")))
        if message == nil, let text = PQresultErrorMessage(result) {
            message = String(cString: text).trimmingCharacters(in: .whitespacesAndNewlines)
        }
        let text = message.flatMap { $0.isEmpty ? nil : $0 } ?? Self.errorMessage(of: handle)
        // Class 08 (connection exception) and 57P01-57P03 (server shutting down) end the session.
        let sessionGone =
            PQstatus(handle) != CONNECTION_OK || sqlState?.hasPrefix("08") == true
            || ["57P01", "57P02", "57P03"].contains(sqlState ?? "")
        if sessionGone {
            markBroken()
            return .connectionFailed(text, sqlState: sqlState)
        }
        return .queryFailed(sqlState: sqlState, message: text, detail: field(Int32(UInt8(ascii: "D"))))
    }

    private static func columnTypes(of result: OpaquePointer) -> [PostgresDataType] {
        (0..<PQnfields(result)).map { PostgresDataType(oid: UInt32(PQftype(result, $0))) }
    }

    private static func rows(of result: OpaquePointer) throws -> [PostgresRow] {
        let columnCount = Int(PQnfields(result))
        let rowCount = Int(PQntuples(result))
        guard columnCount > 0 else { return [] }
        var names: [String] = []
        var binary: [Bool] = []
        for column in 0..<Int32(columnCount) {
            names.append(PQfname(result, column).map { String(cString: $0) } ?? "?column?")
            binary.append(PQfformat(result, column) == 1)
        }
        let types = columnTypes(of: result)
        let columns = PostgresColumns(names: names, types: types)
        var rows: [PostgresRow] = []
        rows.reserveCapacity(rowCount)
        for row in 0..<Int32(rowCount) {
            var values: [PostgresValue?] = []
            values.reserveCapacity(columnCount)
            for column in 0..<Int32(columnCount) {
                if PQgetisnull(result, row, column) != 0 {
                    values.append(nil)
                } else if let value = PQgetvalue(result, row, column) {
                    let length = Int(PQgetlength(result, row, column))
                    let bytes = UnsafeRawBufferPointer(start: value, count: length)
                    if binary[Int(column)] {
                        guard let decoded = PostgresBinaryValue.value(types[Int(column)], bytes) else {
                            throw PostgresError.decodingFailed(
                                column: names[Int(column)], expected: "\(types[Int(column)])",
                                reason: "not a binary value of its type")
                        }
                        values.append(decoded)
                    } else if types[Int(column)] == .bytea, let decoded = PostgresHex.decodeBytea(bytes) {
                        // A bytea's hex output goes to bytes straight from libpq's buffer, never through a String.
                        values.append(.bytes(decoded))
                    } else {
                        values.append(.text(String(decoding: bytes, as: UTF8.self)))
                    }
                } else {
                    values.append(nil)
                }
            }
            rows.append(PostgresRow(columns: columns, values: values))
        }
        return rows
    }

    private static func affectedRows(of result: OpaquePointer) -> Int {
        guard let text = PQcmdTuples(result) else { return 0 }
        return Int(String(cString: text)) ?? 0
    }
}
