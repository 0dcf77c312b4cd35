extension LocalDate {
    /// Days since 1970-01-01 (negative before it).
    public var daysSince1970: Int {
        // Howard Hinnant's days_from_civil: years start in March so 29 February ends a year.
        let shiftedYear = month <= 2 ? year - 1 : year
        let era = (shiftedYear >= 0 ? shiftedYear : shiftedYear - 399) / 400
        let yearOfEra = shiftedYear - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The date `days` days after 1970-01-01, clamped to ``years``.
    public init(daysSince1970 days: Int) {
        let lowest = LocalDate.unchecked(year: Self.years.lowerBound, month: 1, day: 1)
        let highest = LocalDate.unchecked(year: Self.years.upperBound, month: 12, day: 31)
        let days = min(max(days, lowest.daysSince1970), highest.daysSince1970)
        let shifted = days + 719_468
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let shiftedMonth = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
        let month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
        self = .unchecked(year: yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month: month, day: day)
    }

    /// The day of the week (1970-01-01 was a Thursday).
    public var weekday: Weekday {
        let mondayBased = ((daysSince1970 + 3) % 7 + 7) % 7
        return Weekday.allCases[mondayBased]
    }

    /// The whole years from this date to `later`, the way ages count: a year is complete on the same month
    /// and day, and a 29 February date completes its years on 1 March in common years. Negative when `later`
    /// is earlier (a date next year is -1 years away).
    public func wholeYears(until later: LocalDate) -> Int {
        let years = later.year - year
        return (later.month, later.day) < (month, day) ? years - 1 : years
    }
}
