/// Decimal digits as people type them: any script's decimal digit (`٣`, `３`) counts as its ASCII digit, so
/// fields submit ASCII text whatever keyboard produced it.
enum FieldDigit {
    /// The value 0–9 of a decimal digit of any script, `nil` for anything else.
    static func value(of character: Character) -> UInt8? {
        guard character.unicodeScalars.count == 1, let scalar = character.unicodeScalars.first,
            scalar.properties.numericType == .decimal, let value = scalar.properties.numericValue,
            value >= 0, value <= 9
        else { return nil }
        return UInt8(value)
    }

    /// The ASCII digit for a decimal digit of any script, `nil` for anything else.
    static func ascii(_ character: Character) -> Character? {
        value(of: character).map { Character(Unicode.Scalar(UInt8(ascii: "0") + $0)) }
    }
}
