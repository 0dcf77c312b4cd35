import FolioModel
import WireModel

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
    /// A record, folder, attachment or invite id.
    static let vaultID = InputRule(length: 1...128, shape: .token)
}
