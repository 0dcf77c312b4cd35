/// SQL text plus its parameters.
///
/// Every interpolated value becomes a `$N` parameter and never part of the SQL text:
/// ```swift
/// let query: PostgresQuery = "SELECT * FROM things WHERE id = \(id) AND name = \(name)"
/// // sql: "SELECT * FROM things WHERE id = $1 AND name = $2", binds: [id, name]
/// ```
public struct PostgresQuery: Sendable, Hashable, ExpressibleByStringInterpolation,
    CustomStringConvertible
{
    /// The SQL text with `$1`, `$2`, ... placeholders.
    public var sql: String
    /// The parameters, in placeholder order.
    public var binds: [PostgresBind]

    public init(stringLiteral value: String) {
        self.sql = value
        self.binds = []
    }

    public init(stringInterpolation: StringInterpolation) {
        self.sql = stringInterpolation.sql
        self.binds = stringInterpolation.binds
    }

    /// Shows the SQL and the parameter count, never the values (they may be secrets).
    public var description: String { "\(sql) [\(binds.count) parameter(s)]" }

    public struct StringInterpolation: StringInterpolationProtocol {
        var sql = ""
        var binds: [PostgresBind] = []

        public init(literalCapacity: Int, interpolationCount: Int) {
            sql.reserveCapacity(literalCapacity + interpolationCount * 3)
            binds.reserveCapacity(interpolationCount)
        }

        public mutating func appendLiteral(_ literal: String) {
            sql += literal
        }

        /// Adds `value` as the next `$N` parameter.
        public mutating func appendInterpolation<Value: PostgresEncodable>(_ value: Value) {
            binds.append(value.postgresBind)
            sql += "$\(binds.count)"
        }

        /// Adds `value` as the next `$N` parameter, SQL NULL when `nil`.
        public mutating func appendInterpolation<Value: PostgresEncodable>(_ value: Value?) {
            binds.append(value.postgresBind)
            sql += "$\(binds.count)"
        }

        /// Splices `sql` into the statement text as is.
        ///
        /// Only for text the program itself controls, such as a schema or table name from
        /// configuration. Never pass user input here: it is not escaped or quoted.
        public mutating func appendInterpolation(unescaped sql: String) {
            self.sql += sql
        }
    }
}
