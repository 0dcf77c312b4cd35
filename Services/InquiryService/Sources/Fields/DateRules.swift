/// The checks of a date field (DateConstraints without its mask), applied to a date that exists.
public struct DateRules: Hashable, Sendable {
    public var min: LocalDate?
    public var max: LocalDate?
    public var allowPast: Bool
    public var allowFuture: Bool
    public var minAgeYears: Int?
    public var maxAgeYears: Int?
    public var disabledWeekdays: Set<Weekday>

    public init(
        min: LocalDate? = nil, max: LocalDate? = nil, allowPast: Bool = true, allowFuture: Bool = true,
        minAgeYears: Int? = nil, maxAgeYears: Int? = nil, disabledWeekdays: Set<Weekday> = []
    ) {
        self.min = min
        self.max = max
        self.allowPast = allowPast
        self.allowFuture = allowFuture
        self.minAgeYears = minAgeYears
        self.maxAgeYears = maxAgeYears
        self.disabledWeekdays = disabledWeekdays
    }

    /// The first rule `date` breaks, in this order: before `min` / after `max`; in the past (before `today`)
    /// or the future (after `today`) when not allowed; fewer whole years up to `today` than `minAgeYears` /
    /// more than `maxAgeYears` (see ``LocalDate/wholeYears(until:)``); a disabled weekday. `nil` when it breaks
    /// none.
    public func violation(of date: LocalDate, today: LocalDate) -> DateViolation? {
        if let min, date < min { return .beforeMinimum(min) }
        if let max, date > max { return .afterMaximum(max) }
        if !allowPast, date < today { return .inThePast }
        if !allowFuture, date > today { return .inTheFuture }
        let age = date.wholeYears(until: today)
        if let minAgeYears, age < minAgeYears { return .tooYoung(minAgeYears) }
        if let maxAgeYears, age > maxAgeYears { return .tooOld(maxAgeYears) }
        if disabledWeekdays.contains(date.weekday) { return .disabledWeekday(date.weekday) }
        return nil
    }
}
