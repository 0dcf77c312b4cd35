/// Column names and types of one result, shared by its rows.
final class PostgresColumns: Sendable {
    let names: [String]
    let types: [PostgresDataType]
    private let indexByName: [String: Int]

    init(names: [String], types: [PostgresDataType]) {
        self.names = names
        self.types = types
        var index: [String: Int] = [:]
        for (position, name) in names.enumerated() where index[name] == nil {
            index[name] = position  // the first of duplicate names wins, like libpq's PQfnumber
        }
        self.indexByName = index
    }

    func index(of name: String) -> Int? { indexByName[name] }
}

/// A value as a result row holds it: text as received, `bytea` already decoded from its hex output.
enum PostgresValue: Sendable, Equatable {
    case text(String)
    case bytes([UInt8])
}

/// One row of a query result, with values decoded on demand.
public struct PostgresRow: Sendable {
    let columns: PostgresColumns
    let values: [PostgresValue?]

    init(columns: PostgresColumns, values: [PostgresValue?]) {
        self.columns = columns
        self.values = values
    }

    /// The column names, in order.
    public var columnNames: [String] { columns.names }

    /// The number of columns.
    public var count: Int { values.count }

    /// The raw cell at `index`, or `nil` when out of range.
    public func cell(at index: Int) -> PostgresCell? {
        guard values.indices.contains(index) else { return nil }
        return PostgresCell(
            column: columns.names[index], type: columns.types[index], value: values[index])
    }

    /// The raw cell of the column named `name`, or `nil` when there is none.
    public func cell(named name: String) -> PostgresCell? {
        columns.index(of: name).flatMap { cell(at: $0) }
    }

    /// Decodes the column named `column`: `try row.decode(String.self, "name")`.
    public func decode<T: PostgresDecodable>(_ type: T.Type, _ column: String) throws -> T {
        guard let cell = cell(named: column) else {
            throw PostgresError.decodingFailed(
                column: column, expected: "\(type)", reason: "no such column")
        }
        return try T(postgresCell: cell)
    }

    /// Decodes the column at `index` (0-based): `try row.decode(Int64?.self, 0)`.
    public func decode<T: PostgresDecodable>(_ type: T.Type, _ index: Int) throws -> T {
        guard let cell = cell(at: index) else {
            throw PostgresError.decodingFailed(
                column: "#\(index)", expected: "\(type)", reason: "row has \(values.count) column(s)")
        }
        return try T(postgresCell: cell)
    }
}
