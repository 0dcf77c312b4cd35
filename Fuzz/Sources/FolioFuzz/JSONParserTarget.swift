import FolioModel

/// Any bytes as a JSON text (JSONParser, the parser every payload of the bus, the Gateway and Folio's answers goes
/// through). A text it accepts serializes to one it accepts again, with the same value.
enum JSONParserTarget: FuzzTarget {
    static let name = "json-parser"

    static func run(_ bytes: [UInt8]) {
        guard let value = try? JSONParser.parse(bytes) else { return }
        let text = value.serialized()
        let again: JSONValue
        do {
            again = try JSONParser.parse(text)
        } catch {
            FuzzCheck.fail("JSONParser refuses what JSONValue serialized: \(error)")
        }
        guard JSONSameness.same(value, again) else {
            FuzzCheck.fail("serializing and parsing again changed the value")
        }
        guard again.serialized() == text else { FuzzCheck.fail("a second serialization differs from the first") }
    }
}

/// Equality of parsed JSON up to how a number is written: a whole Double serializes as an integer (`1.0` as `1`).
enum JSONSameness {
    static func same(_ left: JSONValue, _ right: JSONValue) -> Bool {
        switch (left, right) {
        case (.int(let a), .double(let b)), (.double(let b), .int(let a)): return Double(a) == b
        case (.array(let a), .array(let b)): return a.count == b.count && zip(a, b).allSatisfy { same($0, $1) }
        case (.object(let a), .object(let b)):
            return a.count == b.count && a.allSatisfy { key, value in b[key].map { same(value, $0) } ?? false }
        default: return left == right
        }
    }
}
