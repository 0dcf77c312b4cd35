import Bus
import FolioModel
import WireModel

/// How the reception of issued documents stands, as the list store shows it. Wire: `{type: 'IDLE'}`,
/// `{type: 'RECEIVING'}`, `{type: 'FAILED', value: {text, retry}}`, `{type: 'NOT_ISSUED', value: {text}}`,
/// `{type: 'RECEIVED', value: {id}}`.
public enum FolioDocumentReception: WireValue, WireDescribed, Hashable {
    case idle
    case receiving
    /// A pass failed: show `text` with a button labeled `retry` that sends Retry.
    case failed(text: String, retry: String)
    /// The issuer declined or could not issue the document: show `text` with no button.
    case notIssued(text: String)
    /// The document a completed inquiry issued is in the vault: open it, then send Acknowledge.
    case received(id: String)

    public var json: JSONValue {
        switch self {
        case .idle: Wire.tagged("IDLE")
        case .receiving: Wire.tagged("RECEIVING")
        case .failed(let text, let retry): Wire.tagged("FAILED", ["text": .string(text), "retry": .string(retry)])
        case .notIssued(let text): Wire.tagged("NOT_ISSUED", ["text": .string(text)])
        case .received(let id): Wire.tagged("RECEIVED", ["id": .string(id)])
        }
    }

    public static var wireSchema: JSONSchema {
        .tagged(
            [
                "IDLE": nil,
                "RECEIVING": nil,
                "FAILED": .closedObject(
                    [
                        "text": JSONSchema.string.described("What to show, e.g. Couldn’t receive the document."),
                        "retry": JSONSchema.string.described("The label of the button that sends Retry."),
                    ], required: ["text", "retry"]),
                "NOT_ISSUED": .closedObject(
                    ["text": JSONSchema.string.described("What to show, with no button.")], required: ["text"]),
                "RECEIVED": .closedObject(
                    ["id": JSONSchema.string.described("The received document's id: open it, then send Acknowledge.")],
                    required: ["id"]),
            ], description: "How the reception of issued documents stands.")
    }

    public init(json: JSONValue, path: String) throws(WireDecodingError) {
        let tagged = try WireCase(json, path: path)
        switch tagged.type {
        case "IDLE":
            try tagged.noFields()
            self = .idle
        case "RECEIVING":
            try tagged.noFields()
            self = .receiving
        case "FAILED":
            let fields = try tagged.fields(["text", "retry"])
            self = .failed(text: try fields.string("text", .modelText), retry: try fields.string("retry", .modelText))
        case "NOT_ISSUED":
            self = .notIssued(text: try tagged.fields(["text"]).string("text", .modelText))
        case "RECEIVED":
            self = .received(id: try tagged.fields(["id"]).string("id", .modelText))
        default:
            throw tagged.unknownType(["IDLE", "RECEIVING", "FAILED", "NOT_ISSUED", "RECEIVED"])
        }
    }
}
