import FolioModel

/// A JSON Schema (as OpenRPC embeds it), kept as the JSON it is, with the shallow checks the router makes
/// before a handler runs.
public struct JSONSchema: Sendable, Hashable {
    public var json: JSONValue

    public init(_ json: JSONValue) { self.json = json }

    public static let string = JSONSchema(["type": "string"])
    public static let integer = JSONSchema(["type": "integer"])
    public static let number = JSONSchema(["type": "number"])
    public static let boolean = JSONSchema(["type": "boolean"])
    public static let null = JSONSchema(["type": "null"])
    public static let any = JSONSchema([:])

    public static func ref(_ name: String) -> JSONSchema {
        JSONSchema(["$ref": .string("#/components/schemas/\(name)")])
    }

    public static func array(_ items: JSONSchema) -> JSONSchema { JSONSchema(["type": "array", "items": items.json]) }

    public static func nullable(_ schema: JSONSchema) -> JSONSchema {
        JSONSchema(["oneOf": [schema.json, ["type": "null"]]])
    }

    public static func object(_ properties: [String: JSONSchema], required: [String] = [], description: String? = nil)
        -> JSONSchema
    {
        var members: JSONObject = [
            "type": "object",
            "properties": .object(properties.mapValues(\.json)),
        ]
        if !required.isEmpty { members["required"] = .array(required.sorted().map { .string($0) }) }
        if let description { members["description"] = .string(description) }
        return JSONSchema(.object(members))
    }

    public static func enumeration(_ values: [String]) -> JSONSchema {
        JSONSchema(["type": "string", "enum": .array(values.map { .string($0) })])
    }

    public func described(_ text: String) -> JSONSchema {
        guard case .object(var members) = json else { return self }
        members["description"] = .string(text)
        return JSONSchema(.object(members))
    }

    /// Whether `value` has the top-level JSON type this schema names (`$ref`, `oneOf` and untyped schemas
    /// accept anything; the handler decodes those fully).
    public func admits(_ value: JSONValue) -> Bool {
        guard let type = json["type"]?.stringValue else { return true }
        switch (type, value) {
        case ("string", .string), ("boolean", .bool), ("null", .null), ("array", .array), ("object", .object),
            ("integer", .int), ("number", .int), ("number", .double):
            return true
        case ("integer", .double(let number)):
            return number.rounded() == number
        default:
            return false
        }
    }
}

extension JSONSchema {
    /// An object that holds nothing but `properties` (`additionalProperties: false`), as every wire reader
    /// refuses unknown members.
    public static func closedObject(
        _ properties: [String: JSONSchema], required: [String] = [], description: String? = nil
    ) -> JSONSchema {
        guard case .object(var members) = object(properties, required: required, description: description).json
        else { return object(properties, required: required, description: description) }
        members["additionalProperties"] = false
        return JSONSchema(.object(members))
    }

    /// Exactly this value.
    public static func constant(_ value: JSONValue) -> JSONSchema { JSONSchema(["const": value]) }

    /// Exactly one of `schemas`.
    public static func oneOf(_ schemas: [JSONSchema], description: String? = nil) -> JSONSchema {
        var members: JSONObject = ["oneOf": .array(schemas.map(\.json))]
        if let description { members["description"] = .string(description) }
        return JSONSchema(.object(members))
    }

    /// At least one of `schemas`.
    public static func anyOf(_ schemas: [JSONSchema]) -> JSONSchema {
        JSONSchema(["anyOf": .array(schemas.map(\.json))])
    }

    /// One case of an enum with payloads: `{type: "<type>"}`, with `value` holding `fields` when there are any
    /// (a case without fields carries no `value`).
    public static func taggedCase(_ type: String, fields: JSONSchema? = nil) -> JSONSchema {
        var properties: [String: JSONSchema] = ["type": .constant(.string(type))]
        var required = ["type"]
        if let fields {
            properties["value"] = fields
            required.append("value")
        }
        return closedObject(properties, required: required)
    }

    /// An enum with payloads on the wire: one `{type, value?}` object per case, `cases` mapping each
    /// SCREAMING_SNAKE type to the schema of its fields (nil for a case without fields).
    public static func tagged(_ cases: KeyValuePairs<String, JSONSchema?>, description: String? = nil) -> JSONSchema {
        oneOf(cases.map { taggedCase($0.key, fields: $0.value) }, description: description)
    }
}
