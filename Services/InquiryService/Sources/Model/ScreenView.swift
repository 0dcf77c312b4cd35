import Bus
import FolioModel
import WireModel

/// A screen step. Wire: `{stepId, containers}`.
public struct ScreenView: WireValue, WireDescribed, Hashable {
    public var stepId: String
    public var containers: [ScreenContainer]

    public var json: JSONValue { ["stepId": .string(stepId), "containers": Wire.array(containers)] }

    public static var wireSchema: JSONSchema {
        .closedObject(
            ["stepId": .string, "containers": .array(ScreenContainer.ref)], required: ["stepId", "containers"],
            description: "A screen step; lay its containers out by their layout only.")
    }

    public init(json: JSONValue, path: String) throws(WireDecodingError) {
        let fields = try WireObject(json, path: path, fields: ["stepId", "containers"])
        stepId = try fields.text("stepId")
        containers = try fields.array("containers", maxCount: 32)
    }

    /// Every field of the screen, in order.
    public var fields: [FieldView] {
        containers.flatMap { $0.elements.compactMap { if case .field(let field) = $0 { field } else { nil } } }
    }

    /// Applies `change` to every element, in place.
    public mutating func mapElements<Failure: Error>(_ change: (inout ScreenElement) throws(Failure) -> Void)
        throws(Failure)
    {
        for containerIndex in containers.indices {
            for elementIndex in containers[containerIndex].elements.indices {
                try change(&containers[containerIndex].elements[elementIndex])
            }
        }
    }

    /// Applies `change` to every field, in place.
    public mutating func mapFields(_ change: (inout FieldView) -> Void) {
        mapElements { element in
            guard case .field(var field) = element else { return }
            change(&field)
            element = .field(field)
        }
    }
}

/// Wire: `{id, layout, elements}`.
public struct ScreenContainer: WireValue, WireDescribed, Hashable {
    public var id: String
    public var layout: ContainerLayout
    public var elements: [ScreenElement]

    public var json: JSONValue { ["id": .string(id), "layout": layout.json, "elements": Wire.array(elements)] }

    public static var wireSchema: JSONSchema {
        .closedObject(
            ["id": .string, "layout": ContainerLayout.ref, "elements": .array(ScreenElement.ref)],
            required: ["id", "layout", "elements"])
    }

    public init(json: JSONValue, path: String) throws(WireDecodingError) {
        let fields = try WireObject(json, path: path, fields: ["id", "layout", "elements"])
        id = try fields.text("id")
        layout = try fields.value("layout")
        elements = try fields.array("elements", maxCount: 128)
    }
}

/// Wire: `{type: 'HEADER'}`… or `{type: 'CUSTOM', value: {gap, paddingTop, paddingBottom}}`.
public enum ContainerLayout: WireValue, WireDescribed, Hashable {
    case header, content, action, footer
    case custom(gap: Double, paddingTop: Double, paddingBottom: Double)

    public var json: JSONValue {
        switch self {
        case .header: Wire.tagged("HEADER")
        case .content: Wire.tagged("CONTENT")
        case .action: Wire.tagged("ACTION")
        case .footer: Wire.tagged("FOOTER")
        case .custom(let gap, let top, let bottom):
            Wire.tagged("CUSTOM", ["gap": .double(gap), "paddingTop": .double(top), "paddingBottom": .double(bottom)])
        }
    }

    public static var wireSchema: JSONSchema {
        .tagged([
            "HEADER": nil, "CONTENT": nil, "ACTION": nil, "FOOTER": nil,
            "CUSTOM": .closedObject(
                ["gap": .number, "paddingTop": .number, "paddingBottom": .number],
                required: ["gap", "paddingTop", "paddingBottom"], description: "In points."),
        ])
    }

    public init(json: JSONValue, path: String) throws(WireDecodingError) {
        let tagged = try WireCase(json, path: path)
        switch tagged.type {
        case "HEADER": self = .header
        case "CONTENT": self = .content
        case "ACTION": self = .action
        case "FOOTER": self = .footer
        case "CUSTOM":
            let fields = try tagged.fields(["gap", "paddingTop", "paddingBottom"])
            self = .custom(
                gap: try fields.double("gap"), paddingTop: try fields.double("paddingTop"),
                paddingBottom: try fields.double("paddingBottom"))
        default: throw tagged.unknownType(["HEADER", "CONTENT", "ACTION", "FOOTER", "CUSTOM"])
        }
    }
}

/// One element of a container.
public enum ScreenElement: WireValue, WireDescribed, Hashable {
    case text(TextElement)
    case image(ImageElement)
    case button(ButtonView)
    case field(FieldView)
    case languageSelector(LanguageSelectorView)

    public var json: JSONValue {
        switch self {
        case .text(let value): TaggedValue(type: "TEXT", value: value.json).json
        case .image(let value): TaggedValue(type: "IMAGE", value: value.json).json
        case .button(let value): TaggedValue(type: "BUTTON", value: value.json).json
        case .field(let value): TaggedValue(type: "FIELD", value: value.json).json
        case .languageSelector(let value): TaggedValue(type: "LANGUAGE_SELECTOR", value: value.json).json
        }
    }

    public static var wireSchema: JSONSchema {
        .tagged([
            "TEXT": TextElement.ref, "IMAGE": ImageElement.ref, "BUTTON": ButtonView.ref, "FIELD": FieldView.ref,
            "LANGUAGE_SELECTOR": LanguageSelectorView.ref,
        ])
    }

    public init(json: JSONValue, path: String) throws(WireDecodingError) {
        let tagged = try WireCase(json, path: path)
        let value = tagged.value ?? .null
        let valuePath = path + ".value"
        switch tagged.type {
        case "TEXT": self = .text(try TextElement(json: value, path: valuePath))
        case "IMAGE": self = .image(try ImageElement(json: value, path: valuePath))
        case "BUTTON": self = .button(try ButtonView(json: value, path: valuePath))
        case "FIELD": self = .field(try FieldView(json: value, path: valuePath))
        case "LANGUAGE_SELECTOR": self = .languageSelector(try LanguageSelectorView(json: value, path: valuePath))
        default: throw tagged.unknownType(["TEXT", "IMAGE", "BUTTON", "FIELD", "LANGUAGE_SELECTOR"])
        }
    }
}

/// Wire: `{id, text, style, color}`.
public struct TextElement: WireValue, WireDescribed, Hashable {
    public var id: String
    public var text: String
    public var style: TextStyle
    public var color: TextColorView

    public var json: JSONValue {
        ["id": .string(id), "text": .string(text), "style": style.json, "color": color.json]
    }

    public static var wireSchema: JSONSchema {
        .closedObject(
            ["id": .string, "text": .string, "style": TextStyle.ref, "color": TextColorView.ref],
            required: ["id", "text", "style", "color"])
    }

    public init(json: JSONValue, path: String) throws(WireDecodingError) {
        let fields = try WireObject(json, path: path, fields: ["id", "text", "style", "color"])
        id = try fields.text("id")
        text = try fields.text("text")
        style = try fields.value("style")
        color = try fields.value("color")
    }
}

public enum TextStyle: String, WireStringEnum, Hashable {
    case title = "TITLE", body = "BODY", caption = "CAPTION", finePrint = "FINE_PRINT"
}

public enum TextColorView: String, WireStringEnum, Hashable {
    case primary = "PRIMARY", secondary = "SECONDARY"
}

/// Wire: `{id, image, scale, alt?}`.
public struct ImageElement: WireValue, WireDescribed, Hashable {
    public var id: String
    public var image: ImageRef
    public var scale: ImageScale
    public var alt: String?

    public var json: JSONValue {
        Wire.object(["id": .string(id), "image": image.json, "scale": scale.json, "alt": alt.map(JSONValue.string)])
    }

    public static var wireSchema: JSONSchema {
        .closedObject(
            ["id": .string, "image": ImageRef.ref, "scale": ImageScale.ref, "alt": .string],
            required: ["id", "image", "scale"])
    }

    public init(json: JSONValue, path: String) throws(WireDecodingError) {
        let fields = try WireObject(json, path: path, fields: ["id", "image", "scale", "alt"])
        id = try fields.text("id")
        image = try fields.value("image")
        scale = try fields.value("scale")
        alt = try fields.optionalText("alt")
    }
}

/// Wire: `{type: 'ASSET', value: {assetId}}` or `{type: 'PRESET', value: {preset}}`.
public enum ImageRef: WireValue, WireDescribed, Hashable {
    case asset(assetId: String)
    case preset(ImagePresetView)

    public var json: JSONValue {
        switch self {
        case .asset(let assetId): Wire.tagged("ASSET", ["assetId": .string(assetId)])
        case .preset(let preset): Wire.tagged("PRESET", ["preset": preset.json])
        }
    }

    public static var wireSchema: JSONSchema {
        .tagged([
            "ASSET": .closedObject(["assetId": .string], required: ["assetId"]),
            "PRESET": .closedObject(["preset": ImagePresetView.ref], required: ["preset"]),
        ])
    }

    public init(json: JSONValue, path: String) throws(WireDecodingError) {
        let tagged = try WireCase(json, path: path)
        switch tagged.type {
        case "ASSET": self = .asset(assetId: try tagged.fields(["assetId"]).text("assetId"))
        case "PRESET": self = .preset(try tagged.fields(["preset"]).value("preset"))
        default: throw tagged.unknownType(["ASSET", "PRESET"])
        }
    }
}

/// The illustrations and icons the inquiry UI ships.
public enum ImagePresetView: String, WireStringEnum, Hashable {
    case document = "DOCUMENT", selfie = "SELFIE", phone = "PHONE", email = "EMAIL", success = "SUCCESS"
    case failure = "FAILURE", waiting = "WAITING", handoff = "HANDOFF"
}

public enum ImageScale: String, WireStringEnum, Hashable {
    case s = "S", m = "M", l = "L", xl = "XL", xxl = "XXL"
}

/// A button and the intent it sends. Wire: `{id, label, style, intent, enabled}`.
public struct ButtonView: WireValue, WireDescribed, Hashable {
    public var id: String
    public var label: String
    public var style: ButtonStyle
    public var intent: InquiryIntent
    public var enabled: Bool

    public var json: JSONValue {
        [
            "id": .string(id), "label": .string(label), "style": style.json, "intent": intent.json,
            "enabled": .bool(enabled),
        ]
    }

    public static var wireSchema: JSONSchema {
        .closedObject(
            [
                "id": .string, "label": .string, "style": ButtonStyle.ref,
                "intent": InquiryIntent.ref.described("Send it when the button is tapped."), "enabled": .boolean,
            ], required: ["id", "label", "style", "intent", "enabled"])
    }

    public init(json: JSONValue, path: String) throws(WireDecodingError) {
        let fields = try WireObject(json, path: path, fields: ["id", "label", "style", "intent", "enabled"])
        id = try fields.text("id")
        label = try fields.text("label")
        style = try fields.value("style")
        intent = try fields.value("intent")
        enabled = try fields.bool("enabled")
    }
}

public enum ButtonStyle: String, WireStringEnum, Hashable {
    case primary = "PRIMARY", secondary = "SECONDARY", link = "LINK"
}

/// The languages of the inquiry. Wire: `{id, languages, currentLocale}`.
public struct LanguageSelectorView: WireValue, WireDescribed, Hashable {
    public var id: String
    public var languages: [Language]
    public var currentLocale: String

    public var json: JSONValue {
        ["id": .string(id), "languages": Wire.array(languages), "currentLocale": .string(currentLocale)]
    }

    public static var wireSchema: JSONSchema {
        .closedObject(
            [
                "id": .string, "languages": .array(Language.ref),
                "currentLocale": JSONSchema.string.described("The language shown now."),
            ], required: ["id", "languages", "currentLocale"],
            description: "The languages of the inquiry; switch with SET_LOCALE and a language's code.")
    }

    public init(json: JSONValue, path: String) throws(WireDecodingError) {
        let fields = try WireObject(json, path: path, fields: ["id", "languages", "currentLocale"])
        id = try fields.text("id")
        languages = try fields.array("languages")
        currentLocale = try fields.text("currentLocale")
    }
}

/// Wire: `{code, name, nativeName}`.
public struct Language: WireValue, WireDescribed, Hashable {
    public var code: String
    public var name: String
    public var nativeName: String

    public var json: JSONValue { ["code": .string(code), "name": .string(name), "nativeName": .string(nativeName)] }

    public static var wireSchema: JSONSchema {
        .closedObject(
            ["code": .string, "name": .string, "nativeName": .string], required: ["code", "name", "nativeName"])
    }

    public init(json: JSONValue, path: String) throws(WireDecodingError) {
        let fields = try WireObject(json, path: path, fields: ["code", "name", "nativeName"])
        code = try fields.text("code")
        name = try fields.text("name")
        nativeName = try fields.text("nativeName")
    }
}
