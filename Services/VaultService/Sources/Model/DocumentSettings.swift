import Bus
import FolioModel
import WireModel

/// Per-account settings of a record or a folder (spec "DocumentSettings"): every account that can see the
/// record keeps its own, and nobody else sees them. Wire: `{favorite, label?}`.
public struct DocumentSettings: WireValue, WireDescribed {
    public var favorite: Bool
    /// A label the person gave the record, at most 256 characters.
    public var label: String?

    public init(favorite: Bool = false, label: String? = nil) {
        self.favorite = favorite
        self.label = label
    }

    public var json: JSONValue { Wire.object(["favorite": .bool(favorite), "label": label.map(JSONValue.string)]) }

    public static var wireSchema: JSONSchema {
        .closedObject(
            [
                "favorite": .boolean,
                "label": JSONSchema.string.described("A label the person gave the record, 1-256 characters."),
            ], required: ["favorite"])
    }

    public init(json: JSONValue, path: String) throws(WireDecodingError) {
        let object = try WireObject(json, path: path, fields: ["favorite", "label"])
        self.init(favorite: try object.bool("favorite"), label: try object.optionalString("label", .shortText))
    }
}

extension JSONSchema {
    /// A record, folder, attachment or invite id as an action takes it: 1-128 printable ASCII characters
    /// without spaces (`InputRule.vaultID`).
    static let vaultID = JSONSchema(["type": "string", "pattern": "^[!-~]{1,128}$"])
    /// A count or a revision: an integer of at least 0.
    static let count = JSONSchema(["type": "integer", "minimum": 0])
    /// A time in seconds since the Unix epoch.
    static let seconds = JSONSchema.integer.described("Seconds since the Unix epoch.")
}

extension InputRule {
    /// A record, folder, attachment or invite id.
    static let vaultID = InputRule(length: 1...128, shape: .token)
}
