import FolioModel

/// A type of a store's wire model: it has a wire shape (the SDK's web TypeScript
/// shape, DESIGN §4) and reads it back, rejecting anything else with a `WireDecodingError`.
///
/// `Codable` goes through the same wire shape, so a reducer state that holds these values snapshots to the
/// JSON clients see.
public protocol WireValue: Sendable, Equatable, Codable {
    /// The value in its wire shape.
    var json: JSONValue { get }

    /// Reads the wire shape; `path` names the value in error messages (`action` for a dispatched action).
    init(json: JSONValue, path: String) throws(WireDecodingError)
}

extension WireValue {
    /// Reads the wire shape, naming the value `$` in error messages.
    public init(json: JSONValue) throws(WireDecodingError) {
        try self.init(json: json, path: "$")
    }

    public init(from decoder: any Decoder) throws {
        try self.init(json: try JSONValue(from: decoder))
    }

    public func encode(to encoder: any Encoder) throws {
        try json.encode(to: encoder)
    }
}

/// An enum whose cases have no fields. On the web such a value is an object, not a string
/// (`{type: 'PASSKEY'}`; spec "Alternatives"), so clients compare `method.type === 'PASSKEY'`.
public protocol WirePlainEnum: WireValue, CaseIterable, WireDescribed {
    /// The SCREAMING_SNAKE name of the case.
    var wireType: String { get }
}

extension WirePlainEnum {
    public var json: JSONValue { Wire.tagged(wireType) }

    public init(json: JSONValue, path: String) throws(WireDecodingError) {
        let tagged = try WireCase(json, path: path)
        guard let match = Self.allCases.first(where: { $0.wireType == tagged.type }) else {
            throw tagged.unknownType(Self.allCases.map(\.wireType))
        }
        try tagged.noFields()
        self = match
    }
}
