/// The wire shape of an enum with payloads: `{type: 'SCREAMING_SNAKE', value: {...}}`.
///
/// Every store model and every state error uses it, so the TypeScript snippets of the SDK's documentation
/// read our models unchanged (`flow.type === 'AWAITING_INPUT'`).
public struct TaggedValue: Sendable, Hashable, Codable {
    public var type: String
    public var value: JSONValue?

    public init(type: String, value: JSONValue? = nil) {
        self.type = type
        self.value = value
    }

    public var json: JSONValue {
        var members = JSONObject(minimumCapacity: value == nil ? 1 : 2)
        members["type"] = .string(type)
        if let value { members["value"] = value }
        return .object(members)
    }

    public init?(json: JSONValue) {
        guard let type = json["type"]?.stringValue, !type.isEmpty else { return nil }
        self.init(type: type, value: json["value"])
    }

    /// `screamingSnake("awaitingInput") == "AWAITING_INPUT"`.
    public static func screamingSnake(_ camelCase: String) -> String {
        var output = ""
        for character in camelCase {
            if character.isUppercase, !output.isEmpty { output.append("_") }
            output.append(contentsOf: character.uppercased())
        }
        return output
    }
}
