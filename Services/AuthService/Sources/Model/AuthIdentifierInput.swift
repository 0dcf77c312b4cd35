import Bus
import FolioModel
import WireModel

/// The identifier a ceremony starts for. Wire: `{type: 'EMAIL', value: {value}}`,
/// `{type: 'PHONE', value: {value}}`.
public enum AuthIdentifierInput: WireValue, WireDescribed {
    /// An email address (checked lightly: one `@`, a dotted domain, at most 254 characters).
    case email(value: String)
    /// A phone number (checked lightly: 6–15 digits, an optional leading `+`, spaces, dashes, dots or
    /// parentheses between them).
    case phone(value: String)

    public var json: JSONValue {
        switch self {
        case .email(let value): Wire.tagged("EMAIL", ["value": .string(value)])
        case .phone(let value): Wire.tagged("PHONE", ["value": .string(value)])
        }
    }

    public static var wireSchema: JSONSchema {
        .tagged([
            "EMAIL": .closedObject(
                [
                    "value": JSONSchema.string.described(
                        "One @, a local part of 1-64 characters, a dotted domain, no spaces, at most 254 characters.")
                ], required: ["value"]),
            "PHONE": .closedObject(
                [
                    "value": JSONSchema.string.described(
                        "6-15 digits, an optional leading +, spaces, dashes, dots or parentheses between them.")
                ], required: ["value"]),
        ])
    }

    public init(json: JSONValue, path: String) throws(WireDecodingError) {
        let tagged = try WireCase(json, path: path)
        switch tagged.type {
        case "EMAIL": self = .email(value: try tagged.fields(["value"]).string("value", .email))
        case "PHONE": self = .phone(value: try tagged.fields(["value"]).string("value", .phone))
        default: throw tagged.unknownType(["EMAIL", "PHONE"])
        }
    }
}

/// How a sign-in starts (spec "Start a ceremony"). Wire: `{type: 'ANONYMOUS'}`,
/// `{type: 'WITH_IDENTIFIER', value: {identifier}}`.
public enum NewSession: WireValue, WireDescribed {
    /// Without an identifier: Folio's first step asks for one or offers other methods.
    case anonymous
    case withIdentifier(identifier: AuthIdentifierInput)

    public var json: JSONValue {
        switch self {
        case .anonymous: Wire.tagged("ANONYMOUS")
        case .withIdentifier(let identifier): Wire.tagged("WITH_IDENTIFIER", ["identifier": identifier.json])
        }
    }

    public static var wireSchema: JSONSchema {
        .tagged([
            "ANONYMOUS": nil,
            "WITH_IDENTIFIER": .closedObject(["identifier": AuthIdentifierInput.ref], required: ["identifier"]),
        ])
    }

    public init(json: JSONValue, path: String) throws(WireDecodingError) {
        let tagged = try WireCase(json, path: path)
        switch tagged.type {
        case "ANONYMOUS":
            try tagged.noFields()
            self = .anonymous
        case "WITH_IDENTIFIER":
            self = .withIdentifier(identifier: try tagged.fields(["identifier"]).value("identifier"))
        default:
            throw tagged.unknownType(["ANONYMOUS", "WITH_IDENTIFIER"])
        }
    }
}
