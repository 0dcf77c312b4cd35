import Bus
import FolioModel
import WireModel

/// What most verification states show: `title, description, buttons, processing?`, flattened into the state's
/// own object on the wire.
public struct VerificationPanel: Hashable, Sendable {
    public var title: String
    public var description: String
    public var buttons: [ButtonView]
    public var processing: ProcessingView?

    public init(title: String, description: String, buttons: [ButtonView], processing: ProcessingView? = nil) {
        self.title = title
        self.description = description
        self.buttons = buttons
        self.processing = processing
    }

    static let fields = ["title", "description", "buttons", "processing"]

    /// The schema of a state that shows a panel: the panel's members and the state's `own`, `required` among them.
    static func schema(_ own: [String: JSONSchema] = [:], required: [String] = []) -> JSONSchema {
        let members: [String: JSONSchema] = [
            "title": .string, "description": .string, "buttons": .array(ButtonView.ref),
            "processing": ProcessingView.ref,
        ]
        return .closedObject(
            members.merging(own) { _, new in new }, required: ["title", "description", "buttons"] + required)
    }

    init(_ fields: WireObject) throws(WireDecodingError) {
        title = try fields.text("title")
        description = try fields.text("description")
        buttons = try fields.array("buttons", maxCount: 16)
        processing = try fields.optionalValue("processing")
    }

    /// The panel's members merged with the state's own.
    func members(_ own: [String: JSONValue?]) -> JSONValue {
        var all: [String: JSONValue?] = [
            "title": .string(title), "description": .string(description), "buttons": Wire.array(buttons),
            "processing": processing?.json,
        ]
        all.merge(own) { _, new in new }
        return Wire.object(dictionary: all)
    }
}

/// What to show while a step is being checked. Wire: `{title, description}`.
public struct ProcessingView: WireValue, WireDescribed, Hashable {
    public var title: String
    public var description: String

    public init(title: String, description: String) {
        self.title = title
        self.description = description
    }

    public var json: JSONValue { ["title": .string(title), "description": .string(description)] }

    public static var wireSchema: JSONSchema {
        .closedObject(
            ["title": .string, "description": .string], required: ["title", "description"],
            description: "What to show while the step is being checked.")
    }

    public init(json: JSONValue, path: String) throws(WireDecodingError) {
        let fields = try WireObject(json, path: path, fields: ["title", "description"])
        title = try fields.text("title")
        description = try fields.text("description")
    }
}

/// Every ERROR state. Wire: `{title, description?, failureReason?, illustration?, buttons, processing?}`.
public struct VerificationFailureView: WireValue, WireDescribed, Hashable {
    public var title: String
    public var description: String?
    public var failureReason: String?
    public var illustration: ImageRef?
    public var buttons: [ButtonView]
    public var processing: ProcessingView?

    public var json: JSONValue {
        Wire.object([
            "title": .string(title), "description": description.map(JSONValue.string),
            "failureReason": failureReason.map(JSONValue.string), "illustration": illustration?.json,
            "buttons": Wire.array(buttons), "processing": processing?.json,
        ])
    }

    public static var wireSchema: JSONSchema {
        .closedObject(
            [
                "title": .string, "description": .string, "failureReason": .string, "illustration": ImageRef.ref,
                "buttons": .array(ButtonView.ref), "processing": ProcessingView.ref,
            ], required: ["title", "buttons"], description: "Every ERROR state.")
    }

    public init(json: JSONValue, path: String) throws(WireDecodingError) {
        let fields = try WireObject(
            json, path: path,
            fields: ["title", "description", "failureReason", "illustration", "buttons", "processing"])
        title = try fields.text("title")
        description = try fields.optionalText("description")
        failureReason = try fields.optionalText("failureReason")
        illustration = try fields.optionalValue("illustration")
        buttons = try fields.array("buttons", maxCount: 16)
        processing = try fields.optionalValue("processing")
    }
}
