import Foundation

/// Today's date for a date field's checks.
public enum Today {
    /// The date at `now` in the IANA zone `timeZone` (DateConstraints `timeZone`), or in `deviceTimeZone` when
    /// the field names none. An unknown zone name falls back to the device's zone, and an unknown device zone
    /// to UTC.
    public static func date(now: Date, timeZone: String?, deviceTimeZone: String) -> LocalDate {
        let zone = timeZone.flatMap(Self.zone(named:)) ?? zone(named: deviceTimeZone) ?? utc
        let seconds = now.timeIntervalSince1970 + Double(zone.secondsFromGMT(for: now))
        guard seconds.isFinite else { return LocalDate(daysSince1970: 0) }
        let days = (seconds / 86_400).rounded(.down)
        // Clamp before converting: a Date far outside 1–9999 must not trap.
        return LocalDate(daysSince1970: Int(Swift.min(Swift.max(days, -1e7), 1e7)))
    }

    /// The zone of an IANA name, `nil` when Foundation does not know it.
    static func zone(named name: String) -> TimeZone? {
        name.isEmpty ? nil : TimeZone(identifier: name)
    }

    private static let utc = TimeZone(secondsFromGMT: 0) ?? TimeZone.current
}
