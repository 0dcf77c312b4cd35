/// An error from the Postgres module.
///
/// Match on ``kind`` and, for server errors, on ``sqlState`` (for example `"23505"` for a unique
/// violation):
/// ```swift
/// catch let error as PostgresError where error.sqlState == "23505" { ... }
/// ```
public struct PostgresError: Error, CustomStringConvertible, Sendable {
    private enum Storage: Sendable {
        case connectionFailed(message: String, sqlState: String?)
        case commitUnanswered(message: String, transaction: PostgresTransactionID?)
        case queryFailed(sqlState: String?, message: String, detail: String?)
        case decodingFailed(column: String, expected: String, reason: String)
        case poolClosed
        case timeout(message: String)
    }

    /// The category of a ``PostgresError``.
    public struct Kind: Hashable, Sendable, CustomStringConvertible {
        private enum Value: Hashable, Sendable {
            case connectionFailed, queryFailed, decodingFailed, poolClosed, timeout
        }
        private let value: Value

        /// The connection could not be opened, or broke while in use.
        public static let connectionFailed = Kind(value: .connectionFailed)
        /// The server rejected a statement; see ``PostgresError/sqlState``.
        public static let queryFailed = Kind(value: .queryFailed)
        /// A column value could not be decoded as the requested Swift type.
        public static let decodingFailed = Kind(value: .decodingFailed)
        /// The pool was closed before or while the call waited for a connection.
        public static let poolClosed = Kind(value: .poolClosed)
        /// A wait (such as ``PostgresPool/waitUntilReady(timeout:)``) ran out of time.
        public static let timeout = Kind(value: .timeout)

        public var description: String {
            switch value {
            case .connectionFailed: "connectionFailed"
            case .queryFailed: "queryFailed"
            case .decodingFailed: "decodingFailed"
            case .poolClosed: "poolClosed"
            case .timeout: "timeout"
            }
        }
    }

    private let storage: Storage

    private init(_ storage: Storage) { self.storage = storage }

    static func connectionFailed(_ message: String, sqlState: String? = nil) -> PostgresError {
        PostgresError(.connectionFailed(message: message, sqlState: sqlState))
    }

    /// The connection broke after COMMIT was sent and before its answer came: the transaction may have committed.
    static func commitUnanswered(_ cause: PostgresError, transaction: PostgresTransactionID?) -> PostgresError {
        PostgresError(.commitUnanswered(message: cause.message, transaction: transaction))
    }

    static func queryFailed(sqlState: String?, message: String, detail: String? = nil)
        -> PostgresError
    {
        PostgresError(.queryFailed(sqlState: sqlState, message: message, detail: detail))
    }

    static func decodingFailed(column: String, expected: String, reason: String) -> PostgresError {
        PostgresError(.decodingFailed(column: column, expected: expected, reason: reason))
    }

    static let poolClosed = PostgresError(.poolClosed)

    static func timeout(_ message: String) -> PostgresError {
        PostgresError(.timeout(message: message))
    }

    /// The category of this error.
    public var kind: Kind {
        switch storage {
        case .connectionFailed, .commitUnanswered: .connectionFailed
        case .queryFailed: .queryFailed
        case .decodingFailed: .decodingFailed
        case .poolClosed: .poolClosed
        case .timeout: .timeout
        }
    }

    /// The five-character SQLSTATE sent by the server (`"42P01"`, `"23505"`, ...), if any.
    public var sqlState: String? {
        switch storage {
        case .queryFailed(let code, _, _), .connectionFailed(_, let code): code
        default: nil
        }
    }

    /// The primary human-readable message.
    public var message: String {
        switch storage {
        case .connectionFailed(let message, _): message
        case .commitUnanswered(let message, _): "the connection broke before COMMIT was answered: \(message)"
        case .queryFailed(_, let message, _): message
        case .decodingFailed(let column, let expected, let reason):
            "cannot decode column \"\(column)\" as \(expected): \(reason)"
        case .poolClosed: "the connection pool is closed"
        case .timeout(let message): message
        }
    }

    /// Whether the connection broke after COMMIT was sent and before it was answered, so that the transaction
    /// may or may not have committed (every other connection failure inside a transaction rolls it back).
    public var isCommitUnanswered: Bool {
        if case .commitUnanswered = storage { return true }
        return false
    }

    /// The id of the transaction whose COMMIT went unanswered, when the transaction knew it
    /// (``PostgresTransaction/identified(as:)``): ``PostgresPool/status(of:)`` then tells whether it committed.
    public var unansweredTransaction: PostgresTransactionID? {
        if case .commitUnanswered(_, let transaction) = storage { return transaction }
        return nil
    }

    /// The server's DETAIL line for a failed query, if any.
    public var detail: String? {
        if case .queryFailed(_, _, let detail) = storage { return detail }
        return nil
    }

    /// The column that failed to decode, for ``Kind/decodingFailed``.
    public var column: String? {
        if case .decodingFailed(let column, _, _) = storage { return column }
        return nil
    }

    /// The Swift type that was requested, for ``Kind/decodingFailed``.
    public var expectedType: String? {
        if case .decodingFailed(_, let expected, _) = storage { return expected }
        return nil
    }

    public var description: String {
        var text = "PostgresError.\(kind): \(message)"
        if let sqlState { text += " (SQLSTATE \(sqlState))" }
        if let detail { text += " DETAIL: \(detail)" }
        return text
    }
}
