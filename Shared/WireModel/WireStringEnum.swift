import FolioModel

/// A plain enumeration that the spec puts on the web as a string (TerminalOutcome: "a string in TypeScript"),
/// unlike the `{type}` objects of ``WirePlainEnum``. The raw value is the wire string.
public protocol WireStringEnum: WireValue, CaseIterable, RawRepresentable, WireDescribed where RawValue == String {}

extension WireStringEnum {
    public var json: JSONValue { .string(rawValue) }

    // Spelled out here: with both WireValue's and RawRepresentable's defaults in reach, the compiler would
    // otherwise synthesize its own keyed encoding.
    public init(from decoder: any Decoder) throws {
        try self.init(json: try JSONValue(from: decoder))
    }

    public func encode(to encoder: any Encoder) throws {
        try json.encode(to: encoder)
    }

    public init(json: JSONValue, path: String) throws(WireDecodingError) {
        guard case .string(let text) = json else { throw .wrongType(path, expected: "a string") }
        guard let match = Self(rawValue: text) else {
            throw .invalid(path, "must be one of \(Self.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        self = match
    }
}

extension WireObject {
    /// A string member of a value that came from Folio or a store, not typed by a person: any text is taken.
    public func text(_ key: String) throws(WireDecodingError) -> String {
        try string(key, .modelText)
    }

    public func optionalText(_ key: String) throws(WireDecodingError) -> String? {
        try optionalString(key, .modelText)
    }

    public func double(_ key: String) throws(WireDecodingError) -> Double {
        switch try required(key) {
        case .int(let value): return Double(value)
        case .double(let value): return value
        default: throw .wrongType(path(key), expected: "a number")
        }
    }

    public func optionalDouble(_ key: String) throws(WireDecodingError) -> Double? {
        guard optional(key) != nil else { return nil }
        return try double(key)
    }

    public func strings(_ key: String, _ rule: InputRule, maxCount: Int = 256) throws(WireDecodingError) -> [String] {
        guard case .array(let elements) = try required(key) else { throw .wrongType(path(key), expected: "an array") }
        guard elements.count <= maxCount else { throw .invalid(path(key), "must have at most \(maxCount) elements") }
        var values: [String] = []
        for (index, element) in elements.enumerated() {
            guard case .string(let text) = element else {
                throw .wrongType("\(path(key))[\(index)]", expected: "a string")
            }
            if let violation = rule.violation(text) { throw .invalid("\(path(key))[\(index)]", violation) }
            values.append(text)
        }
        return values
    }
}
