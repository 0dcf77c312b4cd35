/// A transaction's id in the database (`pg_current_xact_id()`), by which the database tells later whether
/// the transaction committed: what a client asks when the connection broke before COMMIT was answered.
/// Select it as `pg_current_xact_id()::text::bigint`.
public struct PostgresTransactionID: Sendable, Hashable, CustomStringConvertible {
    public let value: Int64

    public init(_ value: Int64) { self.value = value }

    public var description: String { String(value) }
}

extension PostgresTransactionID: PostgresDecodable {
    public init(postgresCell cell: PostgresCell) throws {
        self.init(try Int64(postgresCell: cell))
    }
}

/// What became of a transaction, as the database knows it (`pg_xact_status`).
public enum PostgresTransactionStatus: String, Sendable {
    case committed
    case aborted
    /// Still running: it has not committed yet (a connection that broke leaves it running for a moment).
    case inProgress = "in progress"
}

extension PostgresPool {
    /// What became of transaction `id`; nil when the database no longer knows (the id is older than what it
    /// keeps of its transactions' outcomes).
    public func status(of id: PostgresTransactionID) async throws -> PostgresTransactionStatus? {
        let rows = try await query("SELECT pg_xact_status(\(id.value)::text::xid8) AS status")
        guard let text = try rows.first?.decode(String?.self, "status") else { return nil }
        guard let status = PostgresTransactionStatus(rawValue: text) else {
            throw PostgresError.decodingFailed(
                column: "status", expected: "PostgresTransactionStatus", reason: "unknown status \(text)")
        }
        return status
    }
}
