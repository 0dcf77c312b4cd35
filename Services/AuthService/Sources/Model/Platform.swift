import Bus
import FolioModel
import WireModel

/// Describes a device, such as the fresh device a DeviceApproval phase asks to approve.
/// Wire: `{os, osVersion?, model?}`.
public struct Platform: WireValue, WireDescribed {
    /// The operating system or runtime, spelled like Folio's device platform: `WEB`, `IOS`, `ANDROID` (an
    /// open set: a value Folio adds later passes through).
    public var os: String
    /// Its version, such as `17.4`.
    public var osVersion: String?
    /// The device model or browser, such as `iPhone15,2` or `Firefox 126`.
    public var model: String?

    public init(os: String, osVersion: String? = nil, model: String? = nil) {
        self.os = os
        self.osVersion = osVersion
        self.model = model
    }

    public var json: JSONValue {
        Wire.object([
            "os": .string(os), "osVersion": osVersion.map(JSONValue.string), "model": model.map(JSONValue.string),
        ])
    }

    public static var wireSchema: JSONSchema {
        .closedObject(
            [
                "os": JSONSchema.string.described(
                    "Spelled like Folio's device platform: WEB, IOS, ANDROID (an open set)."),
                "osVersion": JSONSchema.string.described("Such as 17.4."),
                "model": JSONSchema.string.described("A device model or browser, such as iPhone15,2 or Firefox 126."),
            ], required: ["os"], description: "Describes a device.")
    }

    public init(json: JSONValue, path: String) throws(WireDecodingError) {
        let object = try WireObject(json, path: path, fields: ["os", "osVersion", "model"])
        self.init(
            os: try object.string("os", .modelText), osVersion: try object.optionalString("osVersion", .modelText),
            model: try object.optionalString("model", .modelText))
    }
}
