import Foundation
import InquiryService
import PhoneNumbers

/// A masked field's text (MaskFormatter, what Edit keeps for a MASKED or typed DATE field). Input: the pattern,
/// a line with the maxLength (empty for none), then the typed text. The mask's result reads as itself again,
/// stays within maxLength and the pattern, and is complete only if every reachable slot holds a digit.
enum MaskTarget: FuzzTarget {
    static let name = "mask"

    static func run(_ bytes: [UInt8]) {
        var input = FuzzInput(bytes)
        let pattern = input.line()
        let maxLength = Int(input.line())
        let typed = input.restText()
        let mask = MaskFormatter(pattern: pattern, maxLength: maxLength)
        let masked = mask.apply(typed)
        guard mask.apply(masked) == masked else { FuzzCheck.fail("applying the mask to its own result changed it") }
        if let maxLength, masked.count > max(0, maxLength) { FuzzCheck.fail("the result is longer than maxLength") }
        guard masked.count <= pattern.count else { FuzzCheck.fail("the result is longer than the pattern") }
        _ = mask.isComplete(masked)
        _ = mask.slotCount
    }
}

/// A date field (DateFormatPattern, LocalDate, LocalDateTime, DateRules, Today: the checks Edit runs on a DATE
/// field). Input lines: the format (`DD.MM.YYYY`), the typed text, a picked `YYYY-MM-DDTHH:MM`, a time zone name,
/// the min and max ISO dates, then one byte of flags and two of ages.
enum DateTarget: FuzzTarget {
    static let name = "date"
    /// A fixed "now", so that a finding replays: 2026-03-01T12:00:00Z.
    static let now = Date(timeIntervalSince1970: 1_772_366_400)

    static func run(_ bytes: [UInt8]) {
        var input = FuzzInput(bytes)
        let formatText = input.line()
        let typed = input.line()
        let picked = input.line()
        let zone = input.line()
        let min = LocalDate(iso: input.line())
        let max = LocalDate(iso: input.line())
        let flags = input.byte()
        let minAge = input.byte()
        let maxAge = input.byte()
        let rules = DateRules(
            min: min, max: max, allowPast: flags & 1 == 0, allowFuture: flags & 2 == 0,
            minAgeYears: flags & 4 == 0 ? nil : Int(minAge), maxAgeYears: flags & 8 == 0 ? nil : Int(maxAge),
            disabledWeekdays: Set(Weekday.allCases.enumerated().filter { flags >> 4 & 7 == $0.offset }.map(\.element)))
        let today = Today.date(now: now, timeZone: zone.isEmpty ? nil : zone, deviceTimeZone: "Europe/Berlin")
        guard LocalDate(iso: today.iso) == today else { FuzzCheck.fail("today does not read back from its ISO text") }

        if let format = DateFormatPattern(formatText) {
            let mask = MaskFormatter(pattern: format.maskPattern, maxLength: nil)
            let masked = mask.apply(typed)
            let reading = format.read(masked)
            if mask.isComplete(masked), reading == .incomplete {
                FuzzCheck.fail("a complete mask reads as an incomplete date")
            }
            if case .date(let date) = reading {
                guard format.read(format.format(date)) == .date(date) else {
                    FuzzCheck.fail("a date written in its format reads as another")
                }
                check(date, rules: rules, today: today)
            }
            _ = format.read(typed)
        }
        if let dateTime = LocalDateTime(iso: picked) {
            guard LocalDateTime(iso: dateTime.iso) == dateTime else {
                FuzzCheck.fail("a picked date and time does not read back from its ISO text")
            }
            check(dateTime.date, rules: rules, today: today)
        }
        if let date = LocalDate(iso: typed) { check(date, rules: rules, today: today) }
    }

    private static func check(_ date: LocalDate, rules: DateRules, today: LocalDate) {
        guard LocalDate(iso: date.iso) == date else { FuzzCheck.fail("a date does not read back from its ISO text") }
        guard LocalDate(daysSince1970: date.daysSince1970) == date else {
            FuzzCheck.fail("a date does not come back from its day number")
        }
        _ = date.weekday
        _ = rules.violation(of: date, today: today)
    }
}

/// A phone field's input (PhoneFieldFormatter over libphonenumber, what Edit and Submit run), and the same text
/// given to Shared/PhoneNumbers as it is, not reduced to digits first. Input lines: the region (`DE`), the dial
/// code the field's option gives (`+49`, empty for none), then the typed national text.
enum PhoneTarget: FuzzTarget {
    static let name = "phone"
    static let formatter = PhoneFieldFormatter()
    static let numbers = PhoneNumberFormatter()

    static func run(_ bytes: [UInt8]) {
        var input = FuzzInput(bytes)
        let region = input.line()
        let dialCode = input.line()
        let national = input.restText()
        let text = formatter.text(region: region, dialCode: dialCode.isEmpty ? nil : dialCode, nationalText: national)
        // What a phone field shows is what Edit keeps and formats again on the next keystroke.
        _ = formatter.text(region: region, dialCode: dialCode.isEmpty ? nil : dialCode, nationalText: text.display)
        if !text.fullNumber.isEmpty, !text.fullNumber.hasPrefix("+") {
            FuzzCheck.fail("a full number without +: \(text.fullNumber)")
        }
        _ = PhoneFieldFormatter.fullNumber(dialCode: dialCode, nationalText: national)
        if let region = try? PhoneRegion(region) {
            _ = try? numbers.asYouType(national, region: region)
            if let number = try? numbers.parse(national: national, region: region) {
                guard number.e164.hasPrefix("+\(number.countryCode)") else {
                    FuzzCheck.fail("E.164 \(number.e164) without its country code \(number.countryCode)")
                }
            }
        }
    }
}

/// A link url of a step or the terminal redirect (LinkNormalizer, the URL Standard's parser and serializer): a
/// url it accepts normalizes to a url that normalizes to itself.
enum LinkTarget: FuzzTarget {
    static let name = "link"

    static func run(_ bytes: [UInt8]) {
        let url = String(decoding: bytes, as: UTF8.self)
        guard let normalized = try? LinkNormalizer.normalize(url) else { return }
        let again: String
        do {
            again = try LinkNormalizer.normalize(normalized)
        } catch {
            FuzzCheck.fail("the normalized url \(normalized) is refused: \(error)")
        }
        guard again == normalized else { FuzzCheck.fail("normalizing twice changed \(normalized) to \(again)") }
    }
}
