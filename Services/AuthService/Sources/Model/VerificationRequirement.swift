import FolioModel
import WireModel

/// What a verification confirms (spec "Verification"). Wire: `{operation?}`; on the web every field must
/// be present, and an `undefined` one is left out of the JSON (null is read as absent too).
public struct VerificationRequirement: WireValue {
    /// Without one the verification confirms the person for the account in general; with one it is bound to
    /// that operation.
    public var operation: VerificationOperation?

    public init(operation: VerificationOperation? = nil) { self.operation = operation }

    public var json: JSONValue { Wire.object(["operation": operation?.json]) }

    public init(json: JSONValue, path: String) throws(WireDecodingError) {
        self.init(operation: try WireObject(json, path: path, fields: ["operation"]).optionalValue("operation"))
    }
}

/// The one operation a verification is bound to. Wire: `{operationType, binding, displayText?}`.
public struct VerificationOperation: WireValue {
    public var operationType: VerificationOperationType
    /// Opaque text, 1–1024 characters, that names this exact operation (for example the document id, or a
    /// hash of the request), so the confirmation cannot be used for another one.
    public var binding: String
    /// What the person is asked to confirm, 1–1024 characters, when the app wants it shown.
    public var displayText: String?

    public init(operationType: VerificationOperationType, binding: String, displayText: String? = nil) {
        self.operationType = operationType
        self.binding = binding
        self.displayText = displayText
    }

    public var json: JSONValue {
        Wire.object([
            "operationType": operationType.json, "binding": .string(binding),
            "displayText": displayText.map(JSONValue.string),
        ])
    }

    public init(json: JSONValue, path: String) throws(WireDecodingError) {
        let object = try WireObject(json, path: path, fields: ["operationType", "binding", "displayText"])
        self.init(
            operationType: try object.value("operationType"), binding: try object.string("binding", .text),
            displayText: try object.optionalString("displayText", .text))
    }
}
