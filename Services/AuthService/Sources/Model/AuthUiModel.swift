import Bus
import FolioModel
import WireModel

/// The state of AuthStore, the UI model clients render (spec "State"). Wire: `{flow, dataRegions,
/// dataRegion?}`; `store.state` and `store.next` return it as `model`.
public struct AuthUiModel: WireValue, WireDescribed {
    public var flow: AuthFlowStep
    /// The data region options of a sign-up, in display order.
    public var dataRegions: [DataRegionOption]
    /// The region picked so far; left out of the wire when none is.
    public var dataRegion: DataRegion?

    public init(flow: AuthFlowStep, dataRegions: [DataRegionOption], dataRegion: DataRegion?) {
        self.flow = flow
        self.dataRegions = dataRegions
        self.dataRegion = dataRegion
    }

    /// The model with the data region options built in `locale` for the `dataRegion` picked so far.
    public init(flow: AuthFlowStep = .idle, dataRegion: DataRegion? = nil, locale: LocaleTag) {
        self.init(
            flow: flow, dataRegions: Self.dataRegions(locale: locale, selected: dataRegion), dataRegion: dataRegion)
    }

    /// The data region options in display order, European Union first, then United States, titled in the SDK
    /// locale, with `selected` set on the one picked so far.
    public static func dataRegions(locale: LocaleTag, selected: DataRegion?) -> [DataRegionOption] {
        DataRegion.allCases.map { region in
            DataRegionOption(region: region, title: region.title(locale: locale), selected: region == selected)
        }
    }

    public var json: JSONValue {
        Wire.object(["flow": flow.json, "dataRegions": Wire.array(dataRegions), "dataRegion": dataRegion?.json])
    }

    public static var wireSchema: JSONSchema {
        .closedObject(
            [
                "flow": AuthFlowStep.ref,
                "dataRegions": JSONSchema.array(DataRegionOption.ref).described(
                    "The data region choices of a sign-up, in display order: European Union first, then United States."),
                "dataRegion": DataRegion.ref,
            ], required: ["flow", "dataRegions"])
    }

    public init(json: JSONValue, path: String) throws(WireDecodingError) {
        let object = try WireObject(json, path: path, fields: ["flow", "dataRegions", "dataRegion"])
        self.init(
            flow: try object.value("flow"), dataRegions: try object.array("dataRegions"),
            dataRegion: try object.optionalValue("dataRegion"))
    }
}
