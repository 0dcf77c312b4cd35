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
        return Wire.object(all)
    }
}

/// What to show while a step is being checked. Wire: `{title, description}`.
public struct ProcessingView: WireValue, Hashable {
    public var title: String
    public var description: String

    public init(title: String, description: String) {
        self.title = title
        self.description = description
    }

    public var json: JSONValue { ["title": .string(title), "description": .string(description)] }

    public init(json: JSONValue, path: String) throws(WireDecodingError) {
        let fields = try WireObject(json, path: path, fields: ["title", "description"])
        title = try fields.text("title")
        description = try fields.text("description")
    }
}

/// Every ERROR state. Wire: `{title, description?, failureReason?, illustration?, buttons, processing?}`.
public struct VerificationFailureView: WireValue, Hashable {
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
