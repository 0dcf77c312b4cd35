/// The typed text of a NUMBER field read as the number it submits.
public enum NumberText {
    /// The number in `text`: an optional sign (`+`, `-` or `−`), decimal digits of any script, and at most one
    /// decimal separator, `.` or `,` (`"12"`, `"-3.5"`, `"1,5"`, `".5"`, `"5."`); white space around it is
    /// ignored. `nil` for anything else: no digit, grouping (`"1,000.5"`, `"1 000"`), exponents, or a number too
    /// large for a Double.
    public static func parse(_ text: String) -> Double? {
        var characters = Substring(text.trimmingWhitespace)
        var literal = ""
        if let sign = characters.first, "+-−".contains(sign) {
            if sign != "+" { literal.append("-") }
            characters = characters.dropFirst()
        }
        var hasDigit = false
        var hasSeparator = false
        for character in characters {
            if let digit = FieldDigit.ascii(character) {
                literal.append(digit)
                hasDigit = true
            } else if character == "." || character == ",", !hasSeparator {
                literal.append(".")
                hasSeparator = true
            } else {
                return nil
            }
        }
        guard hasDigit, let value = Double(literal), value.isFinite else { return nil }
        return value
    }
}

extension String {
    fileprivate var trimmingWhitespace: Substring {
        let start = firstIndex { !$0.isWhitespace } ?? endIndex
        let end = lastIndex { !$0.isWhitespace }.map(index(after:)) ?? start
        return self[start..<end]
    }
}
