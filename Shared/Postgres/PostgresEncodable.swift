/// One parameter value, sent to the server next to the SQL text (never spliced into it).
public struct PostgresBind: Sendable, Hashable {
    /// How the bytes of a parameter are to be read by the server.
    public enum Format: Int32, Sendable {
        case text = 0
        case binary = 1
    }

    /// The parameter type; ``PostgresDataType/unspecified`` lets the server infer it.
    public var type: PostgresDataType
    /// The encoded value, or `nil` for SQL NULL.
    public var bytes: [UInt8]?
    public var format: Format

    public init(type: PostgresDataType, bytes: [UInt8]?, format: Format = .text) {
        self.type = type
        self.bytes = bytes
        self.format = format
    }

    /// A text-format parameter.
    public init(type: PostgresDataType, text: String) {
        self.init(type: type, bytes: Array(text.utf8), format: .text)
    }

    /// SQL NULL of the given type.
    public static func null(_ type: PostgresDataType) -> PostgresBind {
        PostgresBind(type: type, bytes: nil)
    }
}

/// A Swift value that can be sent as a query parameter.
public protocol PostgresEncodable: Sendable {
    /// The parameter type used for this Swift type, including for `nil` optionals.
    static var postgresType: PostgresDataType { get }
    /// The parameter for this value.
    var postgresBind: PostgresBind { get }
}

extension Optional: PostgresEncodable where Wrapped: PostgresEncodable {
    public static var postgresType: PostgresDataType { Wrapped.postgresType }

    public var postgresBind: PostgresBind {
        switch self {
        case .some(let value): value.postgresBind
        case .none: .null(Wrapped.postgresType)
        }
    }
}
