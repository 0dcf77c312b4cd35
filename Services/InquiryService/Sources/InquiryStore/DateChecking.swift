import FolioModel
import Foundation

/// The date checks of a date field, as the text the field shows (spec "Field values": a date that does not
/// exist, outside the allowed range, a past or future date the field does not allow, an age outside the
/// allowed years, a disabled weekday; today in the field's zone, or the device's).
enum DateChecking {
    /// A typed date: checked once every slot of its mask is filled.
    static func violationText(
        typed masked: String, constraints: DateConstraints, at: Date, deviceTimeZone: String, locale: LocaleTag
    ) -> String? {
        let mask = MaskFormatter(pattern: constraints.mask.pattern, maxLength: Int(constraints.mask.maxLength))
        guard mask.isComplete(masked) else { return nil }
        guard let format = DateFormatPattern(constraints.mask.format) else { return nil }
        switch format.read(masked) {
        case .date(let date):
            return violationText(date, constraints: constraints, at: at, deviceTimeZone: deviceTimeZone, locale: locale)
        case .doesNotExist, .incomplete, .malformed:
            return text(DateViolation.doesNotExist, locale: locale)
        }
    }

    /// A picked date and time `YYYY-MM-DDTHH:MM`.
    static func violationText(
        picked: String, constraints: DateConstraints, at: Date, deviceTimeZone: String, locale: LocaleTag
    ) -> String? {
        guard let picked = LocalDateTime(iso: picked) else { return text(DateViolation.doesNotExist, locale: locale) }
        return violationText(
            picked.date, constraints: constraints, at: at, deviceTimeZone: deviceTimeZone, locale: locale)
    }

    private static func violationText(
        _ date: LocalDate, constraints: DateConstraints, at: Date, deviceTimeZone: String, locale: LocaleTag
    ) -> String? {
        let rules = DateRules(
            min: constraints.min.flatMap(LocalDate.init(iso:)), max: constraints.max.flatMap(LocalDate.init(iso:)),
            allowPast: constraints.allowPast, allowFuture: constraints.allowFuture,
            minAgeYears: constraints.minAgeYears.map { Int($0) }, maxAgeYears: constraints.maxAgeYears.map { Int($0) },
            disabledWeekdays: Set(constraints.disabledWeekdays))
        let today = Today.date(now: at, timeZone: constraints.timeZone, deviceTimeZone: deviceTimeZone)
        return rules.violation(of: date, today: today).map { text($0, locale: locale) }
    }

    static func text(_ violation: DateViolation, locale: LocaleTag) -> String {
        func catalog(_ key: TextKey) -> String { TextCatalog.text(key, locale: locale) }
        switch violation {
        case .doesNotExist: return catalog(.inquiryDateDoesNotExist)
        case .beforeMinimum(let date):
            return catalog(.inquiryDateBeforeMinimum).replacingOccurrences(of: "{date}", with: date.iso)
        case .afterMaximum(let date):
            return catalog(.inquiryDateAfterMaximum).replacingOccurrences(of: "{date}", with: date.iso)
        case .inThePast: return catalog(.inquiryDateInThePast)
        case .inTheFuture: return catalog(.inquiryDateInTheFuture)
        case .tooYoung(let years):
            return catalog(.inquiryDateTooYoung).replacingOccurrences(of: "{years}", with: String(years))
        case .tooOld(let years):
            return catalog(.inquiryDateTooOld).replacingOccurrences(of: "{years}", with: String(years))
        case .disabledWeekday: return catalog(.inquiryDateDisabledWeekday)
        }
    }
}
