import Bus
import FolioModel
import WireModel

/// One field of a screen (spec "Screens"). Wire: `{type: <kind>, value: {id, key, required, readOnly,
/// constraints, error?, …}}`; the members beyond the common ones depend on the kind (docs/inquiry-store.md).
public struct FieldView: WireValue, WireDescribed, Hashable {
    public var kind: FieldKind
    public var id: String
    public var key: String
    public var required: Bool
    public var readOnly: Bool
    public var constraints: FieldConstraints
    /// The text to show under the field.
    public var error: String?
    public var label: String?
    public var placeholder: String?
    /// The value in its wire shape (string, array, boolean or object by kind); never set on PHONE.
    public var value: JSONValue?
    public var options: [FieldOption]?
    /// CHECKBOX's text.
    public var text: String?
    public var capture: CaptureMode?
    /// PHONE's input.
    public var input: PhoneInputView?

    public var json: JSONValue {
        let members: KeyValuePairs<String, JSONValue?> = [
            "id": .string(id), "key": .string(key), "required": .bool(required), "readOnly": .bool(readOnly),
            "constraints": constraints.json, "error": error.map(JSONValue.string), "label": label.map(JSONValue.string),
            "placeholder": placeholder.map(JSONValue.string), "value": value,
            "options": options.map { Wire.array($0) }, "text": text.map(JSONValue.string), "capture": capture?.json,
            "input": input?.json,
        ]
        return TaggedValue(type: kind.rawValue, value: Wire.object(members)).json
    }

    /// One case per FieldKind: the common members, the kind's own (``FieldKind/members``) and its constraints.
    public static var wireSchema: JSONSchema {
        .oneOf(FieldKind.allCases.map { .taggedCase($0.rawValue, fields: $0.schema) })
    }

    public init(json: JSONValue, path: String) throws(WireDecodingError) {
        let tagged = try WireCase(json, path: path)
        guard let kind = FieldKind(rawValue: tagged.type) else {
            throw tagged.unknownType(FieldKind.allCases.map(\.rawValue))
        }
        self.kind = kind
        let fields = try tagged.fields(Self.common + kind.members)
        id = try fields.text("id")
        key = try fields.text("key")
        required = try fields.bool("required")
        readOnly = try fields.bool("readOnly")
        constraints = try FieldConstraints(
            json: try fields.required("constraints"), kind: kind, path: fields.path("constraints"))
        error = try fields.optionalText("error")
        label = try fields.optionalText("label")
        placeholder = try fields.optionalText("placeholder")
        value = fields.optional("value")
        if let value { try kind.checkValueShape(value, path: fields.path("value")) }
        options = kind.members.contains("options") ? try fields.array("options", maxCount: 512) : nil
        text = try fields.optionalText("text")
        capture = try fields.optionalValue("capture")
        input = kind == .phone ? try fields.value("input") : nil
    }

    private static let common = ["id", "key", "required", "readOnly", "constraints", "error"]
}

/// The kinds of FieldView.
public enum FieldKind: String, CaseIterable, Codable, Sendable, Hashable {
    case text = "TEXT", url = "URL", textArea = "TEXT_AREA", number = "NUMBER", masked = "MASKED", phone = "PHONE"
    case date = "DATE", address = "ADDRESS", country = "COUNTRY", select = "SELECT", multiSelect = "MULTI_SELECT"
    case radio = "RADIO", checkbox = "CHECKBOX", checkboxGroup = "CHECKBOX_GROUP", file = "FILE"

    /// The members of this kind beyond the common ones.
    var members: [String] {
        switch self {
        case .text, .url, .textArea, .number, .masked, .date: ["label", "placeholder", "value"]
        case .phone: ["label", "input"]
        case .address: ["label", "value"]
        case .country, .select: ["label", "placeholder", "options", "value"]
        case .multiSelect, .radio, .checkboxGroup: ["label", "options", "value"]
        case .checkbox: ["label", "text", "value"]
        case .file: ["label", "capture", "value"]
        }
    }

    /// A value of the kind's shape: a string, an array of strings, a boolean, address parts or a file.
    func checkValueShape(_ value: JSONValue, path: String) throws(WireDecodingError) {
        switch self {
        case .text, .url, .textArea, .number, .masked, .date, .country, .select, .radio:
            guard case .string = value else { throw .wrongType(path, expected: "a string") }
        case .multiSelect, .checkboxGroup:
            guard case .array(let items) = value, items.allSatisfy({ $0.stringValue != nil }) else {
                throw .wrongType(path, expected: "an array of strings")
            }
        case .checkbox:
            guard case .bool = value else { throw .wrongType(path, expected: "a boolean") }
        case .address:
            guard case .array(let items) = value else { throw .wrongType(path, expected: "an array") }
            for (index, item) in items.enumerated() { _ = try AddressPartValue(json: item, path: "\(path)[\(index)]") }
        case .file:
            _ = try FileValue(json: value, path: path)
        case .phone:
            throw .invalid(path, "a phone field has input instead of value")
        }
    }
}

/// A choice of a choice field. Wire: `{value, label}`.
public struct FieldOption: WireValue, WireDescribed, Hashable {
    public var value: String
    public var label: String

    public var json: JSONValue { ["value": .string(value), "label": .string(label)] }

    public static var wireSchema: JSONSchema {
        .closedObject(
            ["value": JSONSchema.string.described("What SELECTION or SELECTIONS sends."), "label": .string],
            required: ["value", "label"])
    }

    public init(json: JSONValue, path: String) throws(WireDecodingError) {
        let fields = try WireObject(json, path: path, fields: ["value", "label"])
        value = try fields.text("value")
        label = try fields.text("label")
    }
}

/// An uploaded file of a FILE field. Wire: `{fileId, fileName, sizeBytes}`.
public struct FileValue: WireValue, WireDescribed, Hashable {
    public var fileId: String
    public var fileName: String
    public var sizeBytes: Int64

    public init(fileId: String, fileName: String, sizeBytes: Int64) {
        self.fileId = fileId
        self.fileName = fileName
        self.sizeBytes = sizeBytes
    }

    public var json: JSONValue {
        ["fileId": .string(fileId), "fileName": .string(fileName), "sizeBytes": .int(sizeBytes)]
    }

    public static var wireSchema: JSONSchema {
        .closedObject(
            ["fileId": .string, "fileName": .string, "sizeBytes": .integer],
            required: ["fileId", "fileName", "sizeBytes"], description: "An uploaded file.")
    }

    public init(json: JSONValue, path: String) throws(WireDecodingError) {
        let fields = try WireObject(json, path: path, fields: ["fileId", "fileName", "sizeBytes"])
        fileId = try fields.text("fileId")
        fileName = try fields.text("fileName")
        sizeBytes = try fields.int64("sizeBytes")
    }
}

extension FieldKind {
    /// The `value` of a FieldView of this kind: what ``FieldView/init(json:path:)`` reads for it.
    var schema: JSONSchema {
        var properties: [String: JSONSchema] = [
            "id": JSONSchema.string.described("Unique on the screen."),
            "key": JSONSchema.string.described("Names the value at Folio; EDIT names the field by it."),
            "required": .boolean, "readOnly": .boolean, "constraints": constraintsSchema,
            "error": JSONSchema.string.described("The text to show under the field."),
        ]
        var required = ["id", "key", "required", "readOnly", "constraints"]
        for member in members {
            switch member {
            case "label": properties[member] = JSONSchema.string.described("The final label, with the required marker.")
            case "placeholder", "text": properties[member] = .string
            case "value": properties[member] = valueSchema
            case "options":
                properties[member] = .array(FieldOption.ref)
                required.append(member)
            case "capture": properties[member] = CaptureMode.ref
            case "input":
                properties[member] = PhoneInputView.ref
                required.append(member)
            default: properties[member] = .any
            }
        }
        return .closedObject(properties, required: required)
    }

    /// The kept or sent value as the field shows it.
    private var valueSchema: JSONSchema {
        switch self {
        case .number: JSONSchema.string.described("As typed; submitted as a JSON number when it parses.")
        case .masked: JSONSchema.string.described("The masked text.")
        case .date: JSONSchema.string.described("The masked text, or YYYY-MM-DDTHH:MM with includeTime.")
        case .country: JSONSchema.string.described("An ISO 3166 alpha-2 code.")
        case .text, .url, .textArea, .select, .radio: .string
        case .multiSelect, .checkboxGroup: .array(.string)
        case .checkbox: .boolean
        case .address: .array(AddressPartValue.ref)
        case .file: FileValue.ref
        case .phone: .any
        }
    }

    /// MASKED, DATE and PHONE constraints are the store's to apply and read strictly; the other kinds' are
    /// passed through as Folio sent them (any object), with the members the docs name.
    private var constraintsSchema: JSONSchema {
        func passedThrough(_ properties: [String: JSONSchema]) -> JSONSchema {
            .object(properties, description: "As Folio sent them: the store passes them through.")
        }
        switch self {
        case .masked: return .closedObject(["mask": MaskView.ref], required: ["mask"])
        case .date: return DateConstraints.ref
        case .phone: return PhoneConstraints.ref
        case .text: return passedThrough(["minLength": .integer, "maxLength": .integer])
        case .url: return passedThrough(["maxLength": .integer])
        case .textArea: return passedThrough(["maxLength": .integer, "rows": .integer])
        case .number: return passedThrough(["min": .number, "max": .number, "decimals": .integer])
        case .address: return passedThrough(["parts": .array(AddressPart.ref)])
        case .multiSelect: return passedThrough(["minSelected": .integer, "maxSelected": .integer])
        case .file:
            return passedThrough([
                "accept": JSONSchema.array(.string).described("Media types."),
                "maxBytes": JSONSchema.integer.described("The largest upload; 32 MiB when absent."),
            ])
        case .country, .select, .radio, .checkbox, .checkboxGroup: return passedThrough([:])
        }
    }
}
