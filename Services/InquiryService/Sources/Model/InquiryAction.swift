import Bus
import FolioModel
import WireModel

/// What a client sends to an InquiryStore. Wire: `{type: 'OPEN', value: {entry}}`, `{type: 'CLOSE'}`,
/// `{type: 'STATUS'}`, `{type: 'ACT', value: <the intent>}`.
public enum InquiryAction: WireValue, WireDescribed, Hashable {
    case open(entry: InquiryEntry)
    /// Leaves the inquiry on this store; never cancels it at Folio.
    case close
    /// Reads the inquiry's state from Folio again.
    case status
    case act(InquiryIntent)

    public var json: JSONValue {
        switch self {
        case .open(let entry): Wire.tagged("OPEN", ["entry": entry.json])
        case .close: Wire.tagged("CLOSE")
        case .status: Wire.tagged("STATUS")
        case .act(let intent): TaggedValue(type: "ACT", value: intent.json).json
        }
    }

    public static var wireSchema: JSONSchema {
        .tagged([
            "OPEN": .closedObject(["entry": InquiryEntry.ref], required: ["entry"]),
            "CLOSE": nil,
            "STATUS": nil,
            "ACT": InquiryIntent.ref.described("The intent itself."),
        ])
    }

    public init(json: JSONValue, path: String) throws(WireDecodingError) {
        let tagged = try WireCase(json, path: path)
        switch tagged.type {
        case "OPEN": self = .open(entry: try tagged.fields(["entry"]).value("entry"))
        case "CLOSE":
            try tagged.noFields()
            self = .close
        case "STATUS":
            try tagged.noFields()
            self = .status
        case "ACT":
            guard let value = tagged.value else { throw .missing(path + ".value") }
            self = .act(try InquiryIntent(json: value, path: path + ".value"))
        default: throw tagged.unknownType(["OPEN", "CLOSE", "STATUS", "ACT"])
        }
    }
}
