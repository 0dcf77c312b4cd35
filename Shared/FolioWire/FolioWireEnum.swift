/// An enum without payloads in Folio's wire shape: `{"type": "SCREAMING_SNAKE"}` (the web shape of the
/// SDK's plain enums, so a value can be passed through to thin clients unchanged).
public protocol FolioWireEnum: RawRepresentable, Codable, Sendable, Hashable where RawValue == String {}

/// The keys of the `{type, value}` shape.
enum FolioTaggedKey: String, CodingKey {
    case type
    case value
}

extension FolioWireEnum {
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: FolioTaggedKey.self)
        let type = try container.decode(String.self, forKey: .type)
        guard let value = Self(rawValue: type) else {
            throw DecodingError.dataCorruptedError(
                forKey: .type, in: container, debugDescription: "\(type) is not a \(Self.self)")
        }
        self = value
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: FolioTaggedKey.self)
        try container.encode(rawValue, forKey: .type)
    }
}

extension KeyedDecodingContainer where K == FolioTaggedKey {
    /// The error for a `type` this client does not know.
    func unknownType(_ type: String, of enumType: Any.Type) -> DecodingError {
        DecodingError.dataCorruptedError(forKey: .type, in: self, debugDescription: "\(type) is not a \(enumType)")
    }
}
