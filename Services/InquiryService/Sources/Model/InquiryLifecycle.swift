import Bus
import FolioModel
import WireModel

/// Where the inquiry of a store is (spec "Lifecycle"). Only Close ends it; Failed is informational.
public enum InquiryLifecycle: WireValue, WireDescribed, Hashable {
    case idle
    case started(inquiryId: String, correlationId: String)
    /// Carries the raw error: the one place it reaches clients.
    case failed(error: InquiryError)
    case closed(outcome: TerminalOutcome?)

    public var json: JSONValue {
        switch self {
        case .idle: Wire.tagged("IDLE")
        case .started(let inquiryId, let correlationId):
            Wire.tagged("STARTED", ["inquiryId": .string(inquiryId), "correlationId": .string(correlationId)])
        case .failed(let error): Wire.tagged("FAILED", ["error": error.json])
        case .closed(let outcome): Wire.tagged("CLOSED", ["outcome": outcome?.json])
        }
    }

    public static var wireSchema: JSONSchema {
        .tagged([
            "IDLE": nil,
            "STARTED": .closedObject(
                ["inquiryId": .string, "correlationId": .string], required: ["inquiryId", "correlationId"]),
            "FAILED": .closedObject(
                ["error": InquiryError.ref.described("The raw error: the one place it reaches clients.")],
                required: ["error"]),
            "CLOSED": .closedObject([
                "outcome": TerminalOutcome.ref.described("Present once the inquiry reached a final status.")
            ]),
        ])
    }

    public init(json: JSONValue, path: String) throws(WireDecodingError) {
        let tagged = try WireCase(json, path: path)
        switch tagged.type {
        case "IDLE": self = .idle
        case "STARTED":
            let fields = try tagged.fields(["inquiryId", "correlationId"])
            self = .started(inquiryId: try fields.text("inquiryId"), correlationId: try fields.text("correlationId"))
        case "FAILED": self = .failed(error: try tagged.fields(["error"]).value("error"))
        case "CLOSED": self = .closed(outcome: try tagged.fields(["outcome"]).optionalValue("outcome"))
        default: throw tagged.unknownType(["IDLE", "STARTED", "FAILED", "CLOSED"])
        }
    }

    public var isClosed: Bool {
        if case .closed = self { return true }
        return false
    }
}
