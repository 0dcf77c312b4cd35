import Bus
import FolioModel
import WireModel

// The example counter store's wire types (`example.mount`, served by test processes; StoreKitTesting's
// `ExampleCounter` is its reducer).

/// Wire: `{type: 'INCREMENT', value: {by}}`, `{type: 'ECHO', value: {text}}`, `{type: 'FRAME'}`; read
/// strictly, like every store's actions.
public enum ExampleAction: WireValue, WireDescribed {
    case increment(by: Int64)
    case echo(text: String)
    case frame

    public var json: JSONValue {
        switch self {
        case .increment(let by): Wire.tagged("INCREMENT", ["by": .int(by)])
        case .echo(let text): Wire.tagged("ECHO", ["text": .string(text)])
        case .frame: Wire.tagged("FRAME")
        }
    }

    public static var wireSchema: JSONSchema {
        .tagged(
            [
                "INCREMENT": .closedObject(
                    ["by": JSONSchema.integer.described("Added to the count; may be negative.")], required: ["by"]),
                "ECHO": .closedObject(
                    ["text": JSONSchema.string.described("Answered through an effect; becomes lastEcho.")],
                    required: ["text"]),
                "FRAME": nil,
            ], description: "What a client dispatches to the example counter; FRAME takes the runtime queue.")
    }

    public init(json: JSONValue, path: String) throws(WireDecodingError) {
        let tagged = try WireCase(json, path: path)
        switch tagged.type {
        case "INCREMENT": self = .increment(by: try tagged.fields(["by"]).int64("by"))
        case "ECHO": self = .echo(text: try tagged.fields(["text"]).string("text", .modelText))
        case "FRAME":
            try tagged.noFields()
            self = .frame
        default: throw tagged.unknownType(["INCREMENT", "ECHO", "FRAME"])
        }
    }
}

/// The UI model on the wire, as `model(of:)` writes it: `{count, pending, lastEcho, frames}`.
public enum ExampleModel: WireDescribed {
    public static var wireSchema: JSONSchema {
        .closedObject(
            [
                "count": .integer,
                "pending": JSONSchema.integer.described("Echoes not yet answered."),
                "lastEcho": JSONSchema.nullable(.string).described("null until an echo is answered."),
                "frames": JSONSchema.integer.described("FRAME actions taken."),
            ], required: ["count", "pending", "lastEcho", "frames"])
    }
}

extension ExampleStoreMethods {
    /// `ExampleModel` and `ExampleAction`.
    public static let contract: StoreContract = StoreContract(
        model: ExampleModel.self, action: ExampleAction.self, types: [])
}
