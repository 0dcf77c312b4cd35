import FolioModel

/// Builds wire shapes.
public enum Wire {
    /// `{type, value}`; `value` is left out when `fields` is nil (a case without fields).
    public static func tagged(_ type: String, _ fields: KeyValuePairs<String, JSONValue?>? = nil) -> JSONValue {
        TaggedValue(type: type, value: fields.map(object)).json
    }

    /// An object without the members that are nil: an absent optional field is left out, like `undefined`. The
    /// members are counted first, so the object's storage is made once and sized to the members present (a model
    /// holds many such objects: gathered by appending, each would keep up to twice the space it needs).
    public static func object(_ members: KeyValuePairs<String, JSONValue?>) -> JSONValue {
        var present = 0
        for (_, value) in members where value != nil { present += 1 }
        var object = JSONObject(minimumCapacity: present)
        for case (let key, let value?) in members { object[key] = value }
        return .object(object)
    }

    /// An object without the members that are nil, from members gathered in a dictionary.
    public static func object(dictionary members: [String: JSONValue?]) -> JSONValue {
        .object(members.compactMapValues { $0 })
    }

    public static func number(_ value: UInt64) -> JSONValue { .int(Int64(clamping: value)) }

    public static func array(_ values: [some WireValue]) -> JSONValue { .array(values.map { $0.json }) }
}

/// One `{type, value?}` value being read. Nothing but `type` and `value` may be present.
public struct WireCase {
    public let type: String
    public let path: String
    /// nil when `value` is absent or null.
    public let value: JSONValue?

    public init(_ json: JSONValue, path: String) throws(WireDecodingError) {
        guard case .object(let members) = json else { throw .wrongType(path, expected: "an object {type, value?}") }
        for key in members.keys where key != "type" && key != "value" {
            throw .unknownField(path, field: key, allowed: ["type", "value"])
        }
        guard let typeValue = members["type"] else { throw .missing(path + ".type") }
        guard case .string(let type) = typeValue else { throw .wrongType(path + ".type", expected: "a string") }
        self.type = type
        self.path = path
        if let value = members["value"], !value.isNull { self.value = value } else { self.value = nil }
    }

    public func unknownType(_ allowed: [String]) -> WireDecodingError {
        .unknownType(path, type: type, allowed: allowed)
    }

    /// The fields of a case that has some. An absent `value` reads as `{}`, so a missing required field is
    /// reported by its own name.
    public func fields(_ names: [String]) throws(WireDecodingError) -> WireObject {
        try WireObject(value ?? .object([:]), path: path + ".value", fields: names)
    }

    /// A case without fields: `value` must be absent, null or `{}`.
    public func noFields() throws(WireDecodingError) {
        _ = try fields([])
    }
}

/// The members of one JSON object being read; every error names the member's path.
public struct WireObject {
    public let path: String
    private let members: JSONObject

    /// Only the members named in `fields` may be present: a misspelt optional field is an error, not a value
    /// that silently goes missing.
    public init(_ json: JSONValue, path: String, fields: [String]) throws(WireDecodingError) {
        guard case .object(let members) = json else { throw .wrongType(path, expected: "an object") }
        for key in members.keys where !fields.contains(key) {
            throw .unknownField(path, field: key, allowed: fields)
        }
        self.path = path
        self.members = members
    }

    public func path(_ key: String) -> String { "\(path).\(key)" }

    /// The member, or nil when it is absent or null (TypeScript `undefined`; null is accepted too).
    public func optional(_ key: String) -> JSONValue? {
        guard let value = members[key], !value.isNull else { return nil }
        return value
    }

    public func required(_ key: String) throws(WireDecodingError) -> JSONValue {
        guard let value = optional(key) else { throw .missing(path(key)) }
        return value
    }

    /// A string a client sent, checked against `rule`.
    public func string(_ key: String, _ rule: InputRule) throws(WireDecodingError) -> String {
        guard case .string(let text) = try required(key) else { throw .wrongType(path(key), expected: "a string") }
        if let violation = rule.violation(text) { throw .invalid(path(key), violation) }
        return text
    }

    public func optionalString(_ key: String, _ rule: InputRule) throws(WireDecodingError) -> String? {
        guard optional(key) != nil else { return nil }
        return try string(key, rule)
    }

    public func bool(_ key: String) throws(WireDecodingError) -> Bool {
        guard case .bool(let value) = try required(key) else { throw .wrongType(path(key), expected: "a boolean") }
        return value
    }

    public func int64(_ key: String) throws(WireDecodingError) -> Int64 {
        guard let value = try required(key).intValue else { throw .wrongType(path(key), expected: "an integer") }
        return value
    }

    public func optionalInt64(_ key: String) throws(WireDecodingError) -> Int64? {
        guard optional(key) != nil else { return nil }
        return try int64(key)
    }

    public func uint64(_ key: String) throws(WireDecodingError) -> UInt64 {
        guard let value = try required(key).intValue, value >= 0 else {
            throw .wrongType(path(key), expected: "a non-negative integer")
        }
        return UInt64(value)
    }

    public func optionalUInt64(_ key: String) throws(WireDecodingError) -> UInt64? {
        guard optional(key) != nil else { return nil }
        return try uint64(key)
    }

    public func value<T: WireValue>(_ key: String, as type: T.Type = T.self) throws(WireDecodingError) -> T {
        try T(json: try required(key), path: path(key))
    }

    public func optionalValue<T: WireValue>(_ key: String, as type: T.Type = T.self) throws(WireDecodingError) -> T? {
        guard let json = optional(key) else { return nil }
        return try T(json: json, path: path(key))
    }

    public func array<T: WireValue>(_ key: String, of type: T.Type = T.self, maxCount: Int = 64)
        throws(WireDecodingError)
        -> [T]
    {
        guard case .array(let elements) = try required(key) else { throw .wrongType(path(key), expected: "an array") }
        guard elements.count <= maxCount else { throw .invalid(path(key), "must have at most \(maxCount) elements") }
        var values: [T] = []
        values.reserveCapacity(elements.count)
        for (index, element) in elements.enumerated() {
            values.append(try T(json: element, path: "\(path(key))[\(index)]"))
        }
        return values
    }
}
