import Foundation
import Synchronization

/// The days of a document (`YYYY-MM-DD`, UTC): when they begin, and how they are written in a locale.
public enum DocumentDates {
    /// 00:00 UTC of `day`, or nil when it is not a day.
    public static func start(of day: String) -> Date? {
        let parts = day.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
            let year = Int(parts[0]), let month = Int(parts[1]), let dayOfMonth = Int(parts[2])
        else { return nil }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
        let components = DateComponents(year: year, month: month, day: dayOfMonth)
        guard components.isValidDate(in: calendar), let date = calendar.date(from: components) else { return nil }
        return date
    }

    /// `day` written in `locale`: `Dec 31, 2026` where the region puts the month first, `31 Dec 2026` elsewhere,
    /// with the month's abbreviated name in the SDK language from the platform's locale data. Nil when `day` is
    /// not a day.
    public static func format(_ day: String, in locale: DocumentLocale) -> String? {
        guard start(of: day) != nil else { return nil }
        let parts = day.split(separator: "-")
        guard let month = Int(parts[1]), let dayOfMonth = Int(parts[2]) else { return nil }
        let name = monthName(month, language: locale.language)
        return locale.monthFirst ? "\(name) \(dayOfMonth), \(parts[0])" : "\(dayOfMonth) \(name) \(parts[0])"
    }

    /// The abbreviated name of `month` (1–12) in `language`.
    public static func monthName(_ month: Int, language: String) -> String {
        let names = monthNames(language: language)
        return names.indices.contains(month - 1) ? names[month - 1] : String(month)
    }

    private static let names = Mutex<[String: [String]]>([:])

    /// The abbreviated month names of a language (made once per language: a formatter is costly to make).
    static func monthNames(language: String) -> [String] {
        names.withLock { cache in
            if let known = cache[language] { return known }
            let formatter = DateFormatter()
            formatter.locale = Locale(identifier: language)
            formatter.calendar = Calendar(identifier: .gregorian)
            let symbols = formatter.shortStandaloneMonthSymbols ?? formatter.shortMonthSymbols ?? []
            let made = symbols.count == 12 ? symbols : DateFormatter().shortMonthSymbols
            cache[language] = made
            return made
        }
    }
}
