import Foundation

extension JSONValue: Codable {
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Int64.self) {
            self = .int(value)
        } else if let value = try? container.decode(Double.self) {
            self = .double(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([JSONValue].self) {
            self = .array(value)
        } else {
            self = .object(try container.decode(JSONObject.self))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let value): try container.encode(value)
        case .int(let value): try container.encode(value)
        case .double(let value): try container.encode(value)
        case .string(let value): try container.encode(value)
        case .array(let value): try container.encode(value)
        case .object(let value): try container.encode(value.dictionary)
        }
    }
}

/// A value could not be turned into, or read from, the wire shape it was expected to have.
public struct JSONCodingError: Error, Sendable, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}

extension JSONValue {
    /// The JSON value of any `Encodable` (through Foundation's encoder, then our parser).
    public init(encoding value: some Encodable) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let data = try encoder.encode(value)
        self = try JSONParser.parse(Array(data), maxDepth: 512)
    }

    /// Decodes this value as `type`; a mismatch throws a `JSONCodingError` naming the path.
    public func decode<T: Decodable>(_ type: T.Type = T.self) throws -> T {
        do {
            return try JSONValueDecoder().decode(T.self, from: self)
        } catch let DecodingError.keyNotFound(key, context) {
            throw JSONCodingError("missing field \(Self.path(context.codingPath + [key]))")
        } catch let DecodingError.typeMismatch(_, context) {
            throw JSONCodingError("wrong type at \(Self.path(context.codingPath)): \(context.debugDescription)")
        } catch let DecodingError.valueNotFound(_, context) {
            throw JSONCodingError("null at \(Self.path(context.codingPath))")
        } catch let DecodingError.dataCorrupted(context) {
            throw JSONCodingError("invalid value at \(Self.path(context.codingPath)): \(context.debugDescription)")
        }
    }

    private static func path(_ keys: [any CodingKey]) -> String {
        keys.isEmpty ? "(root)" : keys.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }.joined(separator: ".")
    }
}
