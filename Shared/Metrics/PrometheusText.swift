/// The pieces of the Prometheus text exposition format (version 0.0.4): names, escaping and numbers.
public enum PrometheusText {
    /// `[a-zA-Z_:][a-zA-Z0-9_:]*`
    public static func isMetricName(_ name: String) -> Bool {
        isName(name, colons: true)
    }

    /// `[a-zA-Z_][a-zA-Z0-9_]*`
    public static func isLabelName(_ name: String) -> Bool {
        isName(name, colons: false)
    }

    /// A label value between its double quotes: backslash, double quote and line feed escaped.
    public static func escapeLabelValue(_ value: String) -> String {
        var escaped = ""
        for character in value {
            switch character {
            case "\\": escaped += "\\\\"
            case "\"": escaped += "\\\""
            case "\n": escaped += "\\n"
            default: escaped.append(character)
            }
        }
        return escaped
    }

    /// A `# HELP` text: backslash and line feed escaped.
    public static func escapeHelp(_ help: String) -> String {
        var escaped = ""
        for character in help {
            switch character {
            case "\\": escaped += "\\\\"
            case "\n": escaped += "\\n"
            default: escaped.append(character)
            }
        }
        return escaped
    }

    /// A sample value or bucket bound: whole numbers without a fraction (`3`, `30`), others as Swift writes
    /// them (`0.005`, `1e-05`), and `+Inf`, `-Inf`, `NaN`.
    public static func format(_ value: Double) -> String {
        if value.isNaN { return "NaN" }
        if value == .infinity { return "+Inf" }
        if value == -.infinity { return "-Inf" }
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        return String(value)
    }

    /// `{a="x",b="y"}` for these names and values (and `extra` last, such as a bucket's `le`); empty without
    /// any.
    static func labels(_ names: [String], _ values: [String], extra: (String, String)? = nil) -> String {
        var pairs = zip(names, values).map { "\($0)=\"\(escapeLabelValue($1))\"" }
        if let extra { pairs.append("\(extra.0)=\"\(escapeLabelValue(extra.1))\"") }
        return pairs.isEmpty ? "" : "{" + pairs.joined(separator: ",") + "}"
    }

    private static func isName(_ name: String, colons: Bool) -> Bool {
        guard let first = name.unicodeScalars.first else { return false }
        func isLetter(_ scalar: Unicode.Scalar) -> Bool {
            ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || scalar == "_" || (colons && scalar == ":")
        }
        guard isLetter(first) else { return false }
        return name.unicodeScalars.allSatisfy { isLetter($0) || ("0"..."9").contains($0) }
    }
}
