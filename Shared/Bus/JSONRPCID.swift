import FolioModel

/// A JSON-RPC 2.0 request id: a string, a number or null. Numbers are kept as sent so the response echoes
/// them unchanged.
public enum JSONRPCID: Sendable, Hashable, CustomStringConvertible {
    case string(String)
    case number(JSONValue)
    case null

    public static func int(_ value: Int64) -> JSONRPCID { .number(.int(value)) }

    /// An id read from JSON; nil for a value that cannot be one.
    public init?(json: JSONValue) {
        switch json {
        case .string(let value): self = .string(value)
        case .int, .double: self = .number(json)
        case .null: self = .null
        default: return nil
        }
    }

    public var json: JSONValue {
        switch self {
        case .string(let value): .string(value)
        case .number(let value): value
        case .null: .null
        }
    }

    public var description: String { json.jsonString }
}
