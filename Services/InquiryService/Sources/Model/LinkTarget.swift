import Bus
import FolioModel
import WireModel

/// How to open a link; each case has a url. Wire: `{type: 'UNIVERSAL', value: {url}}`.
public enum LinkTarget: WireValue, WireDescribed, Hashable {
    /// In the browser or another app.
    case external(url: String)
    /// As a universal link (iOS) or app link (Android); the terminal redirect is always one.
    case universal(url: String)
    /// Inside the app's own web view.
    case inApp(url: String)

    public var url: String {
        switch self {
        case .external(let url), .universal(let url), .inApp(let url): url
        }
    }

    /// The same kind of target with another url (its normalized form).
    public func with(url: String) -> LinkTarget {
        switch self {
        case .external: .external(url: url)
        case .universal: .universal(url: url)
        case .inApp: .inApp(url: url)
        }
    }

    public var json: JSONValue {
        switch self {
        case .external(let url): Wire.tagged("EXTERNAL", ["url": .string(url)])
        case .universal(let url): Wire.tagged("UNIVERSAL", ["url": .string(url)])
        case .inApp(let url): Wire.tagged("IN_APP", ["url": .string(url)])
        }
    }

    public static var wireSchema: JSONSchema {
        let url = JSONSchema.closedObject(
            ["url": JSONSchema.string.described("Normalized by the URL Standard; parses with new URL(url).")],
            required: ["url"])
        return .tagged(["EXTERNAL": url, "UNIVERSAL": url, "IN_APP": url])
    }

    /// A target of one kind only: the terminal redirect is always UNIVERSAL, a handoff's link always EXTERNAL.
    static func only(_ type: String) -> JSONSchema {
        JSONSchema(["allOf": [ref.json, .object(["properties": ["type": ["const": .string(type)]]])]])
    }

    public init(json: JSONValue, path: String) throws(WireDecodingError) {
        let tagged = try WireCase(json, path: path)
        let url = { () throws(WireDecodingError) -> String in try tagged.fields(["url"]).text("url") }
        switch tagged.type {
        case "EXTERNAL": self = .external(url: try url())
        case "UNIVERSAL": self = .universal(url: try url())
        case "IN_APP": self = .inApp(url: try url())
        default: throw tagged.unknownType(["EXTERNAL", "UNIVERSAL", "IN_APP"])
        }
    }
}

/// How the client captures a file (spec "Capture modes"). Wire: a string.
public enum CaptureMode: String, WireStringEnum, Hashable {
    case camera = "CAMERA"
    case filePicker = "FILE_PICKER"
    case cameraOrFile = "CAMERA_OR_FILE"
}
