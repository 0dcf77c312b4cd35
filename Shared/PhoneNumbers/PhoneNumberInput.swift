/// Turns a national number as typed into the ASCII digits the C API reads.
enum PhoneNumberInput {
    /// The digits of `text`: decimal digits of any script become ASCII digits, white space and
    /// the separators `- . / ( )` (and any Unicode dash) are dropped.
    ///
    /// - Throws: ``PhoneNumberError/Kind/inputTooLong`` beyond `limit` characters (checked
    ///   without reading the rest of a huge input) and ``PhoneNumberError/Kind/invalidCharacter``
    ///   for anything else, including `+`: the country comes from the region.
    static func digits(of text: String, limit: Int) throws(PhoneNumberError) -> [CChar] {
        var digits: [CChar] = []
        var count = 0
        for character in text {
            count += 1
            guard count <= limit else { throw .inputTooLong(limit: limit) }
            if let digit = decimalDigit(character) {
                digits.append(CChar(UInt8(ascii: "0") + digit))
            } else if !isSeparator(character) {
                throw .invalidCharacter(character)
            }
        }
        return digits
    }

    private static func decimalDigit(_ character: Character) -> UInt8? {
        guard character.unicodeScalars.count == 1, let scalar = character.unicodeScalars.first,
            scalar.properties.numericType == .decimal, let value = scalar.properties.numericValue,
            value >= 0, value <= 9
        else { return nil }
        return UInt8(value)
    }

    private static func isSeparator(_ character: Character) -> Bool {
        if character.isWhitespace || "-./()".contains(character) { return true }
        guard character.unicodeScalars.count == 1, let scalar = character.unicodeScalars.first else { return false }
        return scalar.properties.generalCategory == .dashPunctuation
    }
}
