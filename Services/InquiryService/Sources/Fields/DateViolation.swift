import FolioModel
import WireModel

/// Why a date field's date is not accepted (the texts `inquiryDate…` under the field).
///
/// Codable (and a WireValue) as `{type: "BEFORE_MINIMUM", value: {date: "2024-01-01"}}`,
/// `{type: "TOO_YOUNG", value: {years: 18}}`, `{type: "DISABLED_WEEKDAY", value: {weekday: "SUNDAY"}}`, or
/// `{type: "DOES_NOT_EXIST"}`.
public enum DateViolation: Hashable, Sendable {
    /// No such day (31.02.2024, month 13, day 0).
    case doesNotExist
    /// Before the field's `min`, which it carries.
    case beforeMinimum(LocalDate)
    /// After the field's `max`, which it carries.
    case afterMaximum(LocalDate)
    /// Before today, and the field does not allow past dates.
    case inThePast
    /// After today, and the field does not allow future dates.
    case inTheFuture
    /// Fewer whole years up to today than `minAgeYears`, which it carries.
    case tooYoung(Int)
    /// More whole years up to today than `maxAgeYears`, which it carries.
    case tooOld(Int)
    /// On a weekday the field disables.
    case disabledWeekday(Weekday)
}

extension DateViolation: WireValue {
    private static let types = [
        "DOES_NOT_EXIST", "BEFORE_MINIMUM", "AFTER_MAXIMUM", "IN_THE_PAST", "IN_THE_FUTURE", "TOO_YOUNG", "TOO_OLD",
        "DISABLED_WEEKDAY",
    ]

    public var json: JSONValue {
        switch self {
        case .doesNotExist: Wire.tagged("DOES_NOT_EXIST")
        case .beforeMinimum(let date): Wire.tagged("BEFORE_MINIMUM", ["date": date.json])
        case .afterMaximum(let date): Wire.tagged("AFTER_MAXIMUM", ["date": date.json])
        case .inThePast: Wire.tagged("IN_THE_PAST")
        case .inTheFuture: Wire.tagged("IN_THE_FUTURE")
        case .tooYoung(let years): Wire.tagged("TOO_YOUNG", ["years": .int(Int64(years))])
        case .tooOld(let years): Wire.tagged("TOO_OLD", ["years": .int(Int64(years))])
        case .disabledWeekday(let weekday): Wire.tagged("DISABLED_WEEKDAY", ["weekday": .string(weekday.rawValue)])
        }
    }

    public init(json: JSONValue, path: String) throws(WireDecodingError) {
        let tagged = try WireCase(json, path: path)
        switch tagged.type {
        case "DOES_NOT_EXIST":
            try tagged.noFields()
            self = .doesNotExist
        case "BEFORE_MINIMUM": self = .beforeMinimum(try tagged.fields(["date"]).value("date"))
        case "AFTER_MAXIMUM": self = .afterMaximum(try tagged.fields(["date"]).value("date"))
        case "IN_THE_PAST":
            try tagged.noFields()
            self = .inThePast
        case "IN_THE_FUTURE":
            try tagged.noFields()
            self = .inTheFuture
        case "TOO_YOUNG": self = .tooYoung(try Self.years(tagged))
        case "TOO_OLD": self = .tooOld(try Self.years(tagged))
        case "DISABLED_WEEKDAY": self = .disabledWeekday(try Self.weekday(tagged))
        default: throw tagged.unknownType(Self.types)
        }
    }

    private static func weekday(_ tagged: WireCase) throws(WireDecodingError) -> Weekday {
        let fields = try tagged.fields(["weekday"])
        guard let weekday = Weekday(rawValue: try fields.string("weekday", .identifier)) else {
            throw .invalid(
                fields.path("weekday"), "must be one of \(Weekday.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        return weekday
    }

    private static func years(_ tagged: WireCase) throws(WireDecodingError) -> Int {
        let fields = try tagged.fields(["years"])
        guard let years = Int(exactly: try fields.int64("years")) else {
            throw .invalid(fields.path("years"), "out of range")
        }
        return years
    }
}
