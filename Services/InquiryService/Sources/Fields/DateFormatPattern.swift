/// A date format of a date mask (MaskView `format`), such as `DD.MM.YYYY`, `MM/DD/YYYY` or `YYYY-MM-DD`.
///
/// The tokens are `DD`, `MM` and `YYYY` (any letter case), each exactly once; every other character is a
/// separator. Reading masked text, a separator position takes any non-digit, so a mask whose separators
/// differ from its format's still reads.
public struct DateFormatPattern: Hashable, Sendable {
    enum Element: Hashable, Sendable {
        case day, month, year
        case separator(Character)

        var width: Int {
            switch self {
            case .day, .month: 2
            case .year: 4
            case .separator: 1
            }
        }
    }

    /// What masked text says.
    public enum Reading: Hashable, Sendable {
        /// A complete date that exists.
        case date(LocalDate)
        /// The text stops before the format does (an empty text too).
        case incomplete
        /// The text is complete, but no such day exists (31.02.2024, month 13, day 0, year 0000).
        case doesNotExist
        /// A digit where the format has a separator, a non-digit in a number, or text beyond the format.
        case malformed
    }

    public let format: String
    let elements: [Element]

    /// `nil` when `format` lacks one of `DD`, `MM`, `YYYY` or has one twice.
    public init?(_ format: String) {
        var elements: [Element] = []
        let characters = Array(format)
        var index = 0
        while index < characters.count {
            // Compared as strings: the upper case of one character can be several (`ß` gives `SS`).
            let letter = characters[index].uppercased()
            let token: (Element, Int)? =
                switch letter {
                case "D": (.day, 2)
                case "M": (.month, 2)
                case "Y": (.year, 4)
                default: nil
                }
            if let (element, width) = token {
                let run = characters[index...].prefix { $0.uppercased() == letter }.count
                guard run == width else { return nil }
                elements.append(element)
                index += width
            } else {
                elements.append(.separator(characters[index]))
                index += 1
            }
        }
        for token in [Element.day, .month, .year] where elements.filter({ $0 == token }).count != 1 {
            return nil
        }
        self.format = format
        self.elements = elements
    }

    /// The mask pattern with `#` for each digit, e.g. `##.##.####` for `DD.MM.YYYY`.
    public var maskPattern: String {
        elements.map { element in
            if case .separator(let character) = element {
                String(character)
            } else {
                String(repeating: "#", count: element.width)
            }
        }.joined()
    }

    /// `date` written in this format, e.g. `01.03.2026`.
    public func format(_ date: LocalDate) -> String {
        elements.map { element in
            switch element {
            case .day: ISODigits.padded(date.day, 2)
            case .month: ISODigits.padded(date.month, 2)
            case .year: ISODigits.padded(date.year, 4)
            case .separator(let character): String(character)
            }
        }.joined()
    }

    /// Reads masked text; digits of any script count.
    public func read(_ text: String) -> Reading {
        var characters = Array(text)[...]
        var values: [Element: Int] = [:]
        for element in elements {
            if case .separator = element {
                guard let character = characters.popFirst() else { return .incomplete }
                guard FieldDigit.value(of: character) == nil else { return .malformed }
                continue
            }
            var value = 0
            for _ in 0..<element.width {
                guard let character = characters.popFirst() else { return .incomplete }
                guard let digit = FieldDigit.value(of: character) else { return .malformed }
                value = value * 10 + Int(digit)
            }
            values[element] = value
        }
        guard characters.isEmpty else { return .malformed }
        guard let year = values[.year], let month = values[.month], let day = values[.day],
            let date = LocalDate(year: year, month: month, day: day)
        else { return .doesNotExist }
        return .date(date)
    }
}
