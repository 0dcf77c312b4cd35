import Bus
import FolioModel
import WireModel

/// What a verification confirms (spec "Verification"). Wire: `{operation?}`; on the web every field must
/// be present, and an `undefined` one is left out of the JSON (null is read as absent too).
public struct VerificationRequirement: WireValue, WireDescribed {
    /// Without one the verification confirms the person for the account in general; with one it is bound to
    /// that operation.
    public var operation: VerificationOperation?

    public init(operation: VerificationOperation? = nil) { self.operation = operation }

    public var json: JSONValue { Wire.object(["operation": operation?.json]) }

    public static var wireSchema: JSONSchema {
        .closedObject(["operation": VerificationOperation.ref], description: "What a verification confirms.")
    }

    public init(json: JSONValue, path: String) throws(WireDecodingError) {
        self.init(operation: try WireObject(json, path: path, fields: ["operation"]).optionalValue("operation"))
    }
}

/// The one operation a verification is bound to. Wire: `{operationType, binding, displayText?}`.
public struct VerificationOperation: WireValue, WireDescribed {
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

    public static var wireSchema: JSONSchema {
        .closedObject(
            [
                "operationType": VerificationOperationType.ref,
                "binding": JSONSchema.string.described(
                    "Opaque text of 1-1024 characters chosen by the app (a document id, a hash of the request) that "
                        + "ties the confirmation to that exact operation."),
                "displayText": JSONSchema.string.described(
                    "What the person is asked to confirm, 1-1024 characters."),
            ], required: ["operationType", "binding"])
    }

    public init(json: JSONValue, path: String) throws(WireDecodingError) {
        let object = try WireObject(json, path: path, fields: ["operationType", "binding", "displayText"])
        self.init(
            operationType: try object.value("operationType"), binding: try object.string("binding", .text),
            displayText: try object.optionalString("displayText", .text))
    }
}
