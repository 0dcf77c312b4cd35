import Bus
import Postgres

/// A database error that reaches a method's caller: PostgreSQL out of reach (the connection failed or broke,
/// the server is shutting down or starting up, a wait for a connection ran out) or a transaction the server
/// gave up for another one (serialization failure, deadlock) is `DATABASE_UNAVAILABLE` (-32012), which a caller
/// retries; anything else is an internal error.
extension PostgresError: RPCErrorConvertible {
    public var rpcError: JSONRPCError {
        isTransient ? .folio(.databaseUnavailable, message) : .internalError(description)
    }

    /// Whether trying again later can succeed without anything changing but time. (A statement that ended the
    /// session, such as one the shutting-down server refused, is already `connectionFailed`.)
    public var isTransient: Bool {
        if kind == .connectionFailed || kind == .timeout || kind == .poolClosed { return true }
        guard kind == .queryFailed, let state = sqlState else { return false }
        // 53: insufficient resources; 40001 / 40P01: serialization failure, deadlock.
        return state.hasPrefix("53") || state == "40001" || state == "40P01"
    }
}
