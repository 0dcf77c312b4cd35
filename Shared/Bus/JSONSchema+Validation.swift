import FolioModel
import Foundation

/// Checks values against the schemas of the OpenRPC document, so tests can hold every model a store renders to
/// the schema that describes it. It understands the keywords those schemas use (`$ref` into
/// `#/components/schemas`, `type`, `properties`, `required`, `additionalProperties`, `items`, `enum`, `const`,
/// `oneOf`, `anyOf`, `allOf`, `minimum`, `maximum`, `pattern`, `minLength`, `maxLength`, `minItems`,
/// `maxItems`); any other keyword is a failure, not a pass.
public struct JSONSchemaValidator: Sendable {
    /// The schemas a `$ref` may name.
    public let definitions: [String: JSONSchema]

    public init(definitions: [String: JSONSchema]) { self.definitions = definitions }

    private static let understood: Set<String> = [
        "$ref", "type", "properties", "required", "additionalProperties", "items", "enum", "const", "oneOf",
        "anyOf", "allOf", "minimum", "maximum", "pattern", "minLength", "maxLength", "minItems", "maxItems",
        "description", "title", "format",
    ]

    /// Every way `value` breaks `schema`, each naming the path of the part that breaks it; empty when it conforms.
    public func violations(of value: JSONValue, against schema: JSONSchema, path: String = "$") -> [String] {
        var found: [String] = []
        check(value, schema.json, path, &found)
        return found
    }

    private func check(_ value: JSONValue, _ schema: JSONValue, _ path: String, _ found: inout [String]) {
        guard case .object(let keywords) = schema else {
            if schema != .bool(true) { found.append("\(path): the schema \(schema) is not an object") }
            return
        }
        for keyword in keywords.keys where !Self.understood.contains(keyword) {
            found.append("\(path): the schema uses \(keyword), which the validator does not understand")
        }
        if let reference = keywords["$ref"]?.stringValue {
            let name = reference.replacingOccurrences(of: "#/components/schemas/", with: "")
            guard let target = definitions[name] else {
                found.append("\(path): \(reference) names no schema")
                return
            }
            check(value, target.json, path, &found)
        }
        if let type = keywords["type"] { checkType(value, type, path, &found) }
        if let allowed = keywords["enum"]?.arrayValue, !allowed.contains(value) {
            found.append("\(path): \(value) is not one of \(allowed)")
        }
        if let constant = keywords["const"], constant != value {
            found.append("\(path): \(value) is not \(constant)")
        }
        checkNumber(value, keywords, path, &found)
        if let pattern = keywords["pattern"]?.stringValue, case .string(let text) = value,
            text.range(of: pattern, options: .regularExpression) == nil
        {
            found.append("\(path): \"\(text)\" does not match \(pattern)")
        }
        checkCounts(value, keywords, path, &found)
        if case .object(let members) = value { checkObject(members, keywords, path, &found) }
        if case .array(let elements) = value, let items = keywords["items"] {
            for (index, element) in elements.enumerated() { check(element, items, "\(path)[\(index)]", &found) }
        }
        checkCombinations(value, keywords, path, &found)
    }

    private func checkType(_ value: JSONValue, _ type: JSONValue, _ path: String, _ found: inout [String]) {
        let names = type.arrayValue?.compactMap(\.stringValue) ?? [type.stringValue].compactMap { $0 }
        if !names.contains(where: { JSONSchema(["type": .string($0)]).admits(value) }) {
            found.append("\(path): \(value) is not of type \(names.joined(separator: " or "))")
        }
    }

    private func checkNumber(
        _ value: JSONValue, _ keywords: JSONObject, _ path: String, _ found: inout [String]
    ) {
        let number: Double
        switch value {
        case .int(let integer): number = Double(integer)
        case .double(let double): number = double
        default: return
        }
        if let minimum = Self.number(keywords["minimum"]), number < minimum {
            found.append("\(path): \(number) is below \(minimum)")
        }
        if let maximum = Self.number(keywords["maximum"]), number > maximum {
            found.append("\(path): \(number) is above \(maximum)")
        }
    }

    /// `minLength`/`maxLength` count a string's characters (Unicode code points, as JSON Schema says);
    /// `minItems`/`maxItems` an array's elements.
    private func checkCounts(
        _ value: JSONValue, _ keywords: JSONObject, _ path: String, _ found: inout [String]
    ) {
        let count: Int
        let bounds: (String, String)
        switch value {
        case .string(let text): (count, bounds) = (text.unicodeScalars.count, ("minLength", "maxLength"))
        case .array(let elements): (count, bounds) = (elements.count, ("minItems", "maxItems"))
        default: return
        }
        if let minimum = Self.number(keywords[bounds.0]), Double(count) < minimum {
            found.append("\(path): \(count) is fewer than \(bounds.0) \(Int(minimum))")
        }
        if let maximum = Self.number(keywords[bounds.1]), Double(count) > maximum {
            found.append("\(path): \(count) is more than \(bounds.1) \(Int(maximum))")
        }
    }

    private func checkObject(
        _ members: JSONObject, _ keywords: JSONObject, _ path: String, _ found: inout [String]
    ) {
        let properties = keywords["properties"]?.objectValue ?? [:]
        for name in keywords["required"]?.arrayValue?.compactMap(\.stringValue) ?? [] where members[name] == nil {
            found.append("\(path): \(name) is missing")
        }
        for (name, member) in members {
            if let property = properties[name] {
                check(member, property, "\(path).\(name)", &found)
            } else if let additional = keywords["additionalProperties"] {
                if additional == .bool(false) {
                    found.append("\(path): \(name) is not a member the schema allows")
                } else if additional != .bool(true) {
                    check(member, additional, "\(path).\(name)", &found)
                }
            }
        }
    }

    private func checkCombinations(
        _ value: JSONValue, _ keywords: JSONObject, _ path: String, _ found: inout [String]
    ) {
        if let all = keywords["allOf"]?.arrayValue {
            for schema in all { check(value, schema, path, &found) }
        }
        if let any = keywords["anyOf"]?.arrayValue {
            let outcomes = any.map { attempt(value, $0, path) }
            if !outcomes.contains(where: \.isEmpty) {
                found.append("\(path): matches none of anyOf; closest: \(closest(outcomes))")
            }
        }
        if let one = keywords["oneOf"]?.arrayValue {
            let outcomes = one.map { attempt(value, $0, path) }
            let matches = outcomes.filter(\.isEmpty).count
            if matches == 0 {
                found.append("\(path): matches none of oneOf; closest: \(closest(outcomes))")
            } else if matches > 1 {
                found.append("\(path): matches \(matches) schemas of oneOf, not exactly one")
            }
        }
    }

    private func attempt(_ value: JSONValue, _ schema: JSONValue, _ path: String) -> [String] {
        var found: [String] = []
        check(value, schema, path, &found)
        return found
    }

    private static func number(_ value: JSONValue?) -> Double? {
        switch value {
        case .int(let integer)?: return Double(integer)
        case .double(let double)?: return double
        default: return nil
        }
    }

    /// The failures of the alternative that came nearest, to say why nothing matched.
    private func closest(_ outcomes: [[String]]) -> String {
        (outcomes.min { $0.count < $1.count } ?? []).joined(separator: "; ")
    }
}
