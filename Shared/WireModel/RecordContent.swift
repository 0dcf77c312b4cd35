import Bus
import FolioModel

/// The body of a record or a folder, for create and update (spec "RecordContent", "FolderContent"): the app's
/// `schema` name (without the organization), its format `version` and a JSON `payload` it encodes itself.
/// Wire: `{schema, version, payload}`.
///
/// Reading the wire only bounds the strings; the vault's rules (schema name, JSON payload, size) are checked
/// when the write runs, so a bad body becomes `UnknownSchema` or `Codec` in the state, as the page says.
public struct RecordContent: WireValue, WireDescribed {
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

    public static var wireSchema: JSONSchema {
        .closedObject(
            [
                "schema": JSONSchema.string.described("The record's schema, e.g. digital."),
                "version": JSONSchema(["type": "integer", "minimum": 0, "maximum": 4_294_967_295]),
                "payload": JSONSchema.string.described("The body, usually JSON text."),
            ], required: ["schema", "version", "payload"])
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

extension RecordContent {
    /// Whether both bodies are the same JSON document: the same schema and version, and payloads that parse to
    /// equal JSON values (the order of object keys does not matter).
    public func isSameDocument(as other: RecordContent) -> Bool {
        guard schema == other.schema, version == other.version else { return false }
        if payload == other.payload { return true }
        guard let mine = try? JSONParser.parse(Array(payload.utf8)),
            let theirs = try? JSONParser.parse(Array(other.payload.utf8))
        else { return false }
        return mine == theirs
    }
}

extension InputRule {
    /// A schema name as sent; its rule (VaultSchema) is checked when the write runs.
    public static let vaultSchemaText = InputRule(length: 0...256, allowsControlCharacters: true)
    /// A payload as sent: bounded far above the documented limit, which the write checks.
    public static let vaultPayloadText = InputRule(length: 0...(4 << 20), allowsControlCharacters: true)
}
