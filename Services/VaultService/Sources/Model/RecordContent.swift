import FolioModel
import WireModel

/// The body of a record or a folder, for create and update (spec "RecordContent", "FolderContent"): the app's
/// `schema` name (without the organization), its format `version` and a JSON `payload` it encodes itself.
/// Wire: `{schema, version, payload}`.
///
/// Reading the wire only bounds the strings; the vault's rules (schema name, JSON payload, size) are checked
/// when the write runs, so a bad body becomes `UnknownSchema` or `Codec` in the state, as the page says.
public struct RecordContent: WireValue {
    public var schema: String
    public var version: UInt32
    public var payload: String

    public init(schema: String, version: UInt32, payload: String) {
        self.schema = schema
        self.version = version
        self.payload = payload
    }

    public var json: JSONValue {
        ["schema": .string(schema), "version": .int(Int64(version)), "payload": .string(payload)]
    }

    public init(json: JSONValue, path: String) throws(WireDecodingError) {
        let object = try WireObject(json, path: path, fields: ["schema", "version", "payload"])
        let version = try object.uint64("version")
        guard version <= UInt64(UInt32.max) else { throw .invalid(object.path("version"), "must fit in 32 bits") }
        self.init(
            schema: try object.string("schema", .vaultSchemaText), version: UInt32(version),
            payload: try object.string("payload", .vaultPayloadText))
    }
}

/// Per-account settings of a record or a folder (spec "DocumentSettings"): every account that can see the
/// record keeps its own, and nobody else sees them. Wire: `{favorite, label?}`.
public struct DocumentSettings: WireValue {
    public var favorite: Bool
    /// A label the person gave the record, at most 256 characters.
    public var label: String?

    public init(favorite: Bool = false, label: String? = nil) {
        self.favorite = favorite
        self.label = label
    }

    public var json: JSONValue { Wire.object(["favorite": .bool(favorite), "label": label.map(JSONValue.string)]) }

    public init(json: JSONValue, path: String) throws(WireDecodingError) {
        let object = try WireObject(json, path: path, fields: ["favorite", "label"])
        self.init(favorite: try object.bool("favorite"), label: try object.optionalString("label", .shortText))
    }
}

extension InputRule {
    /// A schema name as sent; its rule (VaultSchema) is checked when the write runs.
    static let vaultSchemaText = InputRule(length: 0...256, allowsControlCharacters: true)
    /// A payload as sent: bounded far above the documented limit, which the write checks.
    static let vaultPayloadText = InputRule(length: 0...(4 << 20), allowsControlCharacters: true)
    /// A record, folder, attachment or invite id.
    static let vaultID = InputRule(length: 1...128, shape: .token)
}
