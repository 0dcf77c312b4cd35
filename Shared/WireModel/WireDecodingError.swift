import Bus

/// A value does not have the wire shape of its type: an action a client dispatched, or a snapshot.
///
/// `description` names where and why (`action.value.value.value: must be 4 to 12 digits`); the store answers
/// a malformed action with `invalidParams`, a JSON-RPC -32602 error that carries it.
public struct WireDecodingError: Error, Sendable, Hashable, CustomStringConvertible {
    private enum Reason: Sendable, Hashable {
        case missing
        case wrongType(expected: String)
        case unknownType(String, allowed: [String])
        case unknownField(String, allowed: [String])
        case invalid(String)
    }

    private let reason: Reason
    /// Where in the value the problem is, such as `action.value.method`.
    public let path: String

    private init(_ reason: Reason, path: String) {
        self.reason = reason
        self.path = path
    }

    public static func missing(_ path: String) -> WireDecodingError { WireDecodingError(.missing, path: path) }

    public static func wrongType(_ path: String, expected: String) -> WireDecodingError {
        WireDecodingError(.wrongType(expected: expected), path: path)
    }

    public static func unknownType(_ path: String, type: String, allowed: [String]) -> WireDecodingError {
        WireDecodingError(.unknownType(Self.excerpt(type), allowed: allowed), path: path)
    }

    public static func unknownField(_ path: String, field: String, allowed: [String]) -> WireDecodingError {
        WireDecodingError(.unknownField(Self.excerpt(field), allowed: allowed), path: path)
    }

    public static func invalid(_ path: String, _ why: String) -> WireDecodingError {
        WireDecodingError(.invalid(why), path: path)
    }

    public var description: String {
        switch reason {
        case .missing:
            "\(path): missing"
        case .wrongType(let expected):
            "\(path): must be \(expected)"
        case .unknownType(let type, let allowed):
            "\(path).type: unknown type \"\(type)\" (expected one of \(allowed.joined(separator: ", ")))"
        case .unknownField(let field, let allowed):
            allowed.isEmpty
                ? "\(path): unknown field \"\(field)\" (this case has no fields)"
                : "\(path): unknown field \"\(field)\" (fields: \(allowed.joined(separator: ", ")))"
        case .invalid(let why):
            "\(path): \(why)"
        }
    }

    /// The JSON-RPC error a dispatch of a malformed action answers with (-32602 Invalid params).
    public var invalidParams: JSONRPCError { .invalidParams(description) }

    /// Client text echoed in a message is cut short, so a hostile value cannot make the error large.
    private static func excerpt(_ text: String) -> String {
        text.count <= 64 ? text : String(text.prefix(64)) + "…"
    }
}
