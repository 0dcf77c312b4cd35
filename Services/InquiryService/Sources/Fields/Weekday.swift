import Bus
import WireModel

/// A day of the week, as DateConstraints `disabledWeekdays` names it (`"MONDAY"`…`"SUNDAY"`); Codable as
/// that string.
public enum Weekday: String, Codable, Sendable, CaseIterable, WireDescribed {
    case monday = "MONDAY"
    case tuesday = "TUESDAY"
    case wednesday = "WEDNESDAY"
    case thursday = "THURSDAY"
    case friday = "FRIDAY"
    case saturday = "SATURDAY"
    case sunday = "SUNDAY"

    public static var wireSchema: JSONSchema { .enumeration(allCases.map(\.rawValue)) }
}
