import Bus
import FolioModel
import WireModel

/// What an Edit carries (spec "Field values"). Wire: `{type: 'TEXT', value: {text}}`…
public enum InquiryFieldValue: WireValue, WireDescribed, Hashable {
    /// Typed text: text fields, masked and typed date fields, a phone's national number.
    case text(text: String)
    /// One choice: select, radio, country, a phone's country.
    case selection(value: String)
    /// Several choices: multi-select, checkbox group.
    case selections(values: [String])
    /// A checkbox.
    case toggle(checked: Bool)
    /// A picked date and time `YYYY-MM-DDTHH:MM`, for a date field with includeTime.
    case date(value: String)
    case address(parts: [AddressPartValue])

    public var json: JSONValue {
        switch self {
        case .text(let text): Wire.tagged("TEXT", ["text": .string(text)])
        case .selection(let value): Wire.tagged("SELECTION", ["value": .string(value)])
        case .selections(let values): Wire.tagged("SELECTIONS", ["values": .array(values.map(JSONValue.string))])
        case .toggle(let checked): Wire.tagged("TOGGLE", ["checked": .bool(checked)])
        case .date(let value): Wire.tagged("DATE", ["value": .string(value)])
        case .address(let parts): Wire.tagged("ADDRESS", ["parts": Wire.array(parts)])
        }
    }

    public static var wireSchema: JSONSchema {
        .tagged([
            "TEXT": .closedObject(
                [
                    "text": JSONSchema.string.described(
                        "Up to 4096 characters; line breaks and tabs are kept, other control characters refused.")
                ], required: ["text"]),
            "SELECTION": .closedObject(
                ["value": JSONSchema.string.described("One of the field's options[].value, or a phone's country.")],
                required: ["value"]),
            "SELECTIONS": .closedObject(["values": .array(.string)], required: ["values"]),
            "TOGGLE": .closedObject(["checked": .boolean], required: ["checked"]),
            "DATE": .closedObject(
                ["value": JSONSchema.string.described("YYYY-MM-DDTHH:MM, for a DATE field with includeTime.")],
                required: ["value"]),
            "ADDRESS": .closedObject(["parts": .array(AddressPartValue.ref)], required: ["parts"]),
        ])
    }

    public init(json: JSONValue, path: String) throws(WireDecodingError) {
        let tagged = try WireCase(json, path: path)
        switch tagged.type {
        case "TEXT": self = .text(text: try Self.typedText(tagged.fields(["text"])))
        case "SELECTION": self = .selection(value: try tagged.fields(["value"]).string("value", .fieldKey))
        case "SELECTIONS": self = .selections(values: try tagged.fields(["values"]).strings("values", .fieldKey))
        case "TOGGLE": self = .toggle(checked: try tagged.fields(["checked"]).bool("checked"))
        case "DATE": self = .date(value: try tagged.fields(["value"]).string("value", .fieldKey))
        case "ADDRESS": self = .address(parts: try tagged.fields(["parts"]).array("parts", maxCount: 16))
        default: throw tagged.unknownType(["TEXT", "SELECTION", "SELECTIONS", "TOGGLE", "DATE", "ADDRESS"])
        }
    }

    /// Typed text may have line breaks and tabs (a TEXT_AREA's lines); no other control characters.
    private static func typedText(_ fields: WireObject) throws(WireDecodingError) -> String {
        let text = try fields.string("text", .typedLines)
        let layout: Set<Unicode.Scalar> = ["\n", "\r", "\t"]
        let rest = String(String.UnicodeScalarView(text.unicodeScalars.filter { !layout.contains($0) }))
        if let violation = InputRule.typedText.violation(rest) { throw .invalid(fields.path("text"), violation) }
        return text
    }

    /// The case name, for error messages.
    var typeName: String { TaggedValue(json: json)?.type ?? "?" }
}

/// One part of an address. Wire: a string.
public enum AddressPart: String, WireStringEnum, Hashable {
    case line1 = "LINE1"
    case line2 = "LINE2"
    case city = "CITY"
    case region = "REGION"
    case postalCode = "POSTAL_CODE"
    case country = "COUNTRY"
}

/// An AddressPart with its value. Wire: `{part, value}`.
public struct AddressPartValue: WireValue, WireDescribed, Hashable {
    public var part: AddressPart
    public var value: String

    public init(part: AddressPart, value: String) {
        self.part = part
        self.value = value
    }

    public var json: JSONValue { ["part": part.json, "value": .string(value)] }

    public static var wireSchema: JSONSchema {
        .closedObject(["part": AddressPart.ref, "value": .string], required: ["part", "value"])
    }

    public init(json: JSONValue, path: String) throws(WireDecodingError) {
        let fields = try WireObject(json, path: path, fields: ["part", "value"])
        part = try fields.value("part")
        value = try fields.string("value", .typedText)
    }
}

extension InputRule {
    /// Text a person types into a field; empty is allowed (a cleared field).
    static let typedText = InputRule(length: 0...4096)
    /// Typed text with its layout characters, checked for them by the reader.
    static let typedLines = InputRule(length: 0...4096, allowsControlCharacters: true)
}
