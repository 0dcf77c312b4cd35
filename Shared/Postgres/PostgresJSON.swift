import Foundation

/// A JSON document, sent as `jsonb` and decodable from `json`, `jsonb` or text columns.
public struct PostgresJSON: Sendable, Hashable, PostgresEncodable, PostgresDecodable {
    /// The JSON text.
    public var text: String

    /// Wraps JSON text as is; the server validates it.
    public init(_ text: String) { self.text = text }

    /// Encodes a value with `JSONEncoder`.
    public init<T: Encodable>(encoding value: T, encoder: JSONEncoder = JSONEncoder()) throws {
        self.text = String(decoding: try encoder.encode(value), as: UTF8.self)
    }

    /// Decodes the JSON text with `JSONDecoder`.
    public func decode<T: Decodable>(_ type: T.Type, decoder: JSONDecoder = JSONDecoder()) throws -> T {
        try decoder.decode(type, from: Data(text.utf8))
    }

    public static var postgresType: PostgresDataType { .jsonb }
    public var postgresBind: PostgresBind { PostgresBind(type: .jsonb, text: text) }

    public init(postgresCell cell: PostgresCell) throws {
        guard [.json, .jsonb, .text, .varchar, .unknown].contains(cell.type) else {
            throw cell.mismatch(Self.self)
        }
        self.text = try cell.requireText(Self.self)
    }
}
