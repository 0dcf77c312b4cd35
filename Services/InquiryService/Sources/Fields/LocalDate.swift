import FolioModel
import WireModel

/// A calendar date without a time or zone (proleptic Gregorian, years 1–9999), written `YYYY-MM-DD`.
///
/// A value always names a day that exists. It is Codable (and a WireValue) as its ISO text.
public struct LocalDate: Hashable, Comparable, Sendable, CustomStringConvertible {
    public let year: Int
    public let month: Int
    public let day: Int

    public static let years = 1...9999

    /// The date, or `nil` when it does not exist (month 13, day 0, 31 February, 29 February of a common year,
    /// a year outside ``years``).
    public init?(year: Int, month: Int, day: Int) {
        guard Self.years.contains(year), (1...12).contains(month),
            (1...Self.daysInMonth(year: year, month: month)).contains(day)
        else { return nil }
        self.year = year
        self.month = month
        self.day = day
    }

    private init(uncheckedYear year: Int, month: Int, day: Int) {
        self.year = year
        self.month = month
        self.day = day
    }

    /// A date the caller computed to exist.
    static func unchecked(year: Int, month: Int, day: Int) -> LocalDate {
        LocalDate(uncheckedYear: year, month: month, day: day)
    }

    /// Reads exactly `YYYY-MM-DD` (ASCII digits) of a day that exists.
    public init?(iso: String) {
        let bytes = Array(iso.utf8)
        guard bytes.count == 10, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"),
            let year = ISODigits.number(bytes[0..<4]), let month = ISODigits.number(bytes[5..<7]),
            let day = ISODigits.number(bytes[8..<10])
        else { return nil }
        self.init(year: year, month: month, day: day)
    }

    /// `YYYY-MM-DD`.
    public var iso: String {
        "\(ISODigits.padded(year, 4))-\(ISODigits.padded(month, 2))-\(ISODigits.padded(day, 2))"
    }

    public var description: String { iso }

    public static func < (lhs: LocalDate, rhs: LocalDate) -> Bool {
        (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
    }

    /// Whether `year` has a 29 February.
    public static func isLeapYear(_ year: Int) -> Bool {
        year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
    }

    /// The number of days of `month` (1–12) in `year`; 0 for a month outside 1–12.
    public static func daysInMonth(year: Int, month: Int) -> Int {
        switch month {
        case 1, 3, 5, 7, 8, 10, 12: 31
        case 4, 6, 9, 11: 30
        case 2: isLeapYear(year) ? 29 : 28
        default: 0
        }
    }
}

extension LocalDate: WireValue {
    public var json: JSONValue { .string(iso) }

    public init(json: JSONValue, path: String) throws(WireDecodingError) {
        guard case .string(let text) = json else { throw .wrongType(path, expected: "a string") }
        guard let date = LocalDate(iso: text) else { throw .invalid(path, "must be a date YYYY-MM-DD that exists") }
        self = date
    }
}

/// Fixed-width ASCII numbers of ISO dates and times.
enum ISODigits {
    static func number(_ bytes: ArraySlice<UInt8>) -> Int? {
        var value = 0
        for byte in bytes {
            guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
            value = value * 10 + Int(byte - UInt8(ascii: "0"))
        }
        return bytes.isEmpty ? nil : value
    }

    static func padded(_ value: Int, _ width: Int) -> String {
        let text = String(value)
        return text.count >= width ? text : String(repeating: "0", count: width - text.count) + text
    }
}
