/// One column value of a result row: its text form, or for `bytea` the bytes its hex text stands for.
public struct PostgresCell: Sendable {
    /// The column name.
    public let column: String
    /// The column's type.
    public let type: PostgresDataType
    /// The value, or `nil` for SQL NULL.
    let value: PostgresValue?

    public init(column: String, type: PostgresDataType, text: String?) {
        self.init(column: column, type: type, value: text.map(PostgresValue.text))
    }

    init(column: String, type: PostgresDataType, value: PostgresValue?) {
        self.column = column
        self.type = type
        self.value = value
    }

    /// The value's text form (a `bytea` value's as hex output, `\x00ff`), or `nil` for SQL NULL.
    public var text: String? {
        switch value {
        case .text(let text): text
        case .bytes(let bytes): PostgresHex.encodeBytea(bytes)
        case nil: nil
        }
    }

    /// The text form, throwing a decoding error for NULL.
    public func requireText<T>(_ swiftType: T.Type) throws -> String {
        guard let text else {
            throw PostgresError.decodingFailed(
                column: column, expected: "\(swiftType)", reason: "value is NULL")
        }
        return text
    }

    /// A decoding error saying this cell does not fit `swiftType`.
    public func mismatch<T>(_ swiftType: T.Type, _ reason: String? = nil) -> PostgresError {
        PostgresError.decodingFailed(
            column: column, expected: "\(swiftType)",
            reason: reason ?? "column type \(type) does not convert")
    }
}

/// A Swift value that can be read from a result column.
public protocol PostgresDecodable: Sendable {
    /// Reads the value, throwing ``PostgresError/Kind/decodingFailed`` when the type or text does
    /// not fit (including NULL for a non-optional type).
    init(postgresCell cell: PostgresCell) throws
}

extension Optional: PostgresDecodable where Wrapped: PostgresDecodable {
    public init(postgresCell cell: PostgresCell) throws {
        if cell.text == nil {
            self = .none
        } else {
            self = .some(try Wrapped(postgresCell: cell))
        }
    }
}
