import Foundation

// Strings and JSON go out untyped so the server can infer varchar, enum, citext, json or jsonb
// from context, which a fixed `text` type would refuse (`uuid = text` has no operator).

extension String: PostgresEncodable {
    public static var postgresType: PostgresDataType { .unspecified }
    public var postgresBind: PostgresBind { PostgresBind(type: Self.postgresType, text: self) }
}

extension Int: PostgresEncodable {
    public static var postgresType: PostgresDataType { .int8 }
    public var postgresBind: PostgresBind { PostgresBind(type: .int8, text: String(self)) }
}

extension Int64: PostgresEncodable {
    public static var postgresType: PostgresDataType { .int8 }
    public var postgresBind: PostgresBind { PostgresBind(type: .int8, text: String(self)) }
}

extension Int32: PostgresEncodable {
    public static var postgresType: PostgresDataType { .int4 }
    public var postgresBind: PostgresBind { PostgresBind(type: .int4, text: String(self)) }
}

extension Bool: PostgresEncodable {
    public static var postgresType: PostgresDataType { .bool }
    public var postgresBind: PostgresBind { PostgresBind(type: .bool, text: self ? "true" : "false") }
}

extension Double: PostgresEncodable {
    public static var postgresType: PostgresDataType { .float8 }
    public var postgresBind: PostgresBind {
        let text: String
        if isNaN {
            text = "NaN"
        } else if isInfinite {
            text = self < 0 ? "-Infinity" : "Infinity"
        } else {
            text = String(self)  // shortest form that reads back to the same Double
        }
        return PostgresBind(type: .float8, text: text)
    }
}

extension Array: PostgresEncodable where Element == UInt8 {
    public static var postgresType: PostgresDataType { .bytea }
    /// Sent in binary format so zero bytes need no escaping.
    public var postgresBind: PostgresBind { PostgresBind(type: .bytea, bytes: self, format: .binary) }
}

extension Date: PostgresEncodable {
    public static var postgresType: PostgresDataType { .timestamptz }
    public var postgresBind: PostgresBind {
        PostgresBind(type: .timestamptz, text: PostgresTimestamp.format(self))
    }
}

extension UUID: PostgresEncodable {
    public static var postgresType: PostgresDataType { .uuid }
    public var postgresBind: PostgresBind { PostgresBind(type: .uuid, text: uuidString) }
}
