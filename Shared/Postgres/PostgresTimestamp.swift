import Foundation

/// Text forms of timestamps, computed by hand so they do not depend on the process time zone or
/// locale. Connections select `DateStyle = ISO`, whose output this parses with any UTC offset.
enum PostgresTimestamp {
    private static let microsPerDay: Int64 = 86_400_000_000

    /// `2024-01-02 03:04:05.123456+00`, with ` BC` for years before 1; out-of-range dates become
    /// `infinity` or `-infinity`.
    static func format(_ date: Date) -> String {
        let micros = (date.timeIntervalSince1970 * 1_000_000).rounded()
        guard micros.isFinite, let total = Int64(exactly: micros),
            abs(total) < 200_000 * 365 * microsPerDay
        else { return date.timeIntervalSince1970 < 0 ? "-infinity" : "infinity" }
        let days = total >= 0 ? total / microsPerDay : (total - microsPerDay + 1) / microsPerDay
        var rest = total - days * microsPerDay
        let (year, month, day) = civil(fromDays: days)
        let hour = rest / 3_600_000_000
        rest -= hour * 3_600_000_000
        let minute = rest / 60_000_000
        rest -= minute * 60_000_000
        let second = rest / 1_000_000
        let fraction = rest - second * 1_000_000
        let era = year <= 0 ? " BC" : ""
        return "\(pad(year <= 0 ? 1 - year : year, 4))-\(pad(month, 2))-\(pad(day, 2)) "
            + "\(pad(hour, 2)):\(pad(minute, 2)):\(pad(second, 2)).\(pad(fraction, 6))+00\(era)"
    }

    /// Parses ISO output of `timestamptz`, `timestamp` (taken as UTC) and `date`.
    static func parse(_ text: String) -> Date? {
        if text == "infinity" { return .distantFuture }
        if text == "-infinity" { return .distantPast }
        var scanner = Scanner(Array(text.utf8))
        let isBC = scanner.dropSuffix(" BC")
        guard let rawYear = scanner.number(), scanner.take("-"),
            let month = scanner.number(digits: 2), scanner.take("-"),
            let day = scanner.number(digits: 2), (1...12).contains(month), (1...31).contains(day)
        else { return nil }
        let year = isBC ? 1 - rawYear : rawYear
        var seconds: Int64 = 0
        var fraction: Int64 = 0
        if scanner.take(" ") || scanner.take("T") {
            guard let hour = scanner.number(digits: 2), scanner.take(":"),
                let minute = scanner.number(digits: 2), scanner.take(":"),
                let second = scanner.number(digits: 2)
            else { return nil }
            seconds = hour * 3600 + minute * 60 + second
            if scanner.take(".") {
                var digits = 0
                while let digit = scanner.digit() {
                    if digits < 6 { fraction = fraction * 10 + digit }
                    digits += 1
                }
                guard digits > 0 else { return nil }
                for _ in digits..<max(digits, 6) { fraction *= 10 }
            }
            if scanner.take("Z") {
                // UTC
            } else if let sign: Int64 = scanner.take("+") ? 1 : scanner.take("-") ? -1 : nil {
                guard let offsetHours = scanner.number(digits: 2) else { return nil }
                var offset = offsetHours * 3600
                if scanner.take(":") {
                    guard let offsetMinutes = scanner.number(digits: 2) else { return nil }
                    offset += offsetMinutes * 60
                    if scanner.take(":") {
                        guard let offsetSeconds = scanner.number(digits: 2) else { return nil }
                        offset += offsetSeconds
                    }
                }
                seconds -= sign * offset
            }
        }
        guard scanner.isAtEnd else { return nil }
        let days = daysFromCivil(year: year, month: month, day: day)
        let micros = (days * 86_400 + seconds) * 1_000_000 + fraction
        return Date(timeIntervalSince1970: Double(micros) / 1_000_000)
    }

    private static func pad(_ value: Int64, _ width: Int) -> String {
        let digits = String(value)
        return digits.count >= width
            ? digits : String(repeating: "0", count: width - digits.count) + digits
    }

    // Howard Hinnant's days_from_civil / civil_from_days (proleptic Gregorian, year 0 = 1 BC).
    private static func daysFromCivil(year: Int64, month: Int64, day: Int64) -> Int64 {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * ((month + 9) % 12) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    private static func civil(fromDays days: Int64) -> (Int64, Int64, Int64) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let mp = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        let year = yearOfEra + era * 400
        return (month <= 2 ? year + 1 : year, month, day)
    }

    private struct Scanner {
        private var bytes: [UInt8]
        private var index = 0

        init(_ bytes: [UInt8]) { self.bytes = bytes }

        var isAtEnd: Bool { index == bytes.count }

        mutating func dropSuffix(_ suffix: String) -> Bool {
            let tail = Array(suffix.utf8)
            guard bytes.count >= tail.count, Array(bytes.suffix(tail.count)) == tail else { return false }
            bytes.removeLast(tail.count)
            return true
        }

        mutating func take(_ literal: Character) -> Bool {
            guard let ascii = literal.asciiValue, index < bytes.count, bytes[index] == ascii else {
                return false
            }
            index += 1
            return true
        }

        mutating func digit() -> Int64? {
            guard index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index])
            else {
                return nil
            }
            defer { index += 1 }
            return Int64(bytes[index] - UInt8(ascii: "0"))
        }

        /// Exactly `digits` digits, or 1 to 9 digits when `digits` is nil.
        mutating func number(digits: Int? = nil) -> Int64? {
            var value: Int64 = 0
            var count = 0
            while count < (digits ?? 9), let digit = digit() {
                value = value * 10 + digit
                count += 1
            }
            guard count > 0, digits == nil || count == digits else { return nil }
            return value
        }
    }
}
