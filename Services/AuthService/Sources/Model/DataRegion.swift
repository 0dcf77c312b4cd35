import Bus
import FolioModel
import WireModel

/// Where the documents of a new account are stored (spec "Data region"). Wire: `{type: 'EU'}`, like the
/// other enums without fields.
public enum DataRegion: WirePlainEnum {
    case eu
    case us

    public var wireType: String {
        switch self {
        case .eu: "EU"
        case .us: "US"
        }
    }

    /// The catalog key of the region's name.
    public var titleKey: TextKey {
        switch self {
        case .eu: .dataRegionEuropeanUnion
        case .us: .dataRegionUnitedStates
        }
    }

    /// The region's name in the SDK locale.
    public func title(locale: LocaleTag) -> String { TextCatalog.text(titleKey, locale: locale) }
}

/// One choice of a sign-up's data region picker. Wire: `{region, title, selected}`.
public struct DataRegionOption: WireValue, WireDescribed {
    public var region: DataRegion
    /// The region's name in the SDK locale.
    public var title: String
    /// Whether this is the region picked so far.
    public var selected: Bool

    public init(region: DataRegion, title: String, selected: Bool) {
        self.region = region
        self.title = title
        self.selected = selected
    }

    public var json: JSONValue { ["region": region.json, "title": .string(title), "selected": .bool(selected)] }

    public static var wireSchema: JSONSchema {
        .closedObject(
            [
                "region": DataRegion.ref, "title": JSONSchema.string.described("The region's name in the SDK locale."),
                "selected": JSONSchema.boolean.described("Whether this is the region picked so far."),
            ], required: ["region", "title", "selected"])
    }

    public init(json: JSONValue, path: String) throws(WireDecodingError) {
        let object = try WireObject(json, path: path, fields: ["region", "title", "selected"])
        self.init(
            region: try object.value("region"), title: try object.string("title", .modelText),
            selected: try object.bool("selected"))
    }
}
