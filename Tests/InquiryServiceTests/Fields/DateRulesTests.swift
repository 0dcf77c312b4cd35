import FolioModel
import XCTest

@testable import InquiryService

final class DateRulesTests: XCTestCase {
    private func date(_ iso: String) -> LocalDate {
        guard let date = LocalDate(iso: iso) else {
            XCTFail("not a date: \(iso)")
            return LocalDate(daysSince1970: 0)
        }
        return date
    }

    private var today: LocalDate { date("2026-03-02") }  // a Monday

    func testNoRulesAcceptEveryDate() {
        XCTAssertNil(DateRules().violation(of: date("1900-01-01"), today: today))
        XCTAssertNil(DateRules().violation(of: date("2999-12-31"), today: today))
    }

    func testBeforeMinimumAndAfterMaximumCarryTheLimit() {
        let rules = DateRules(min: date("2026-01-01"), max: date("2026-12-31"))
        XCTAssertEqual(rules.violation(of: date("2025-12-31"), today: today), .beforeMinimum(date("2026-01-01")))
        XCTAssertEqual(rules.violation(of: date("2027-01-01"), today: today), .afterMaximum(date("2026-12-31")))
        XCTAssertNil(rules.violation(of: date("2026-01-01"), today: today))
        XCTAssertNil(rules.violation(of: date("2026-12-31"), today: today))
    }

    func testPastNotAllowedRejectsDatesBeforeToday() {
        let rules = DateRules(allowPast: false)
        XCTAssertEqual(rules.violation(of: date("2026-03-01"), today: today), .inThePast)
        XCTAssertNil(rules.violation(of: today, today: today))
    }

    func testFutureNotAllowedRejectsDatesAfterToday() {
        let rules = DateRules(allowFuture: false)
        XCTAssertEqual(rules.violation(of: date("2026-03-03"), today: today), .inTheFuture)
        XCTAssertNil(rules.violation(of: today, today: today))
    }

    func testMinimumAgeCountsWholeYears() {
        let rules = DateRules(minAgeYears: 18)
        XCTAssertNil(rules.violation(of: date("2008-03-02"), today: today))
        XCTAssertEqual(rules.violation(of: date("2008-03-03"), today: today), .tooYoung(18))
    }

    func testMaximumAgeCountsWholeYears() {
        let rules = DateRules(maxAgeYears: 100)
        XCTAssertNil(rules.violation(of: date("1925-03-03"), today: today))
        XCTAssertEqual(rules.violation(of: date("1925-03-02"), today: today), .tooOld(100))
    }

    func testAFebruary29BirthdayTurnsAYearOlderOnMarch1InCommonYears() {
        let born = date("2008-02-29")
        let rules = DateRules(minAgeYears: 18)
        XCTAssertEqual(rules.violation(of: born, today: date("2026-02-28")), .tooYoung(18))
        XCTAssertNil(rules.violation(of: born, today: date("2026-03-01")))
        XCTAssertEqual(born.wholeYears(until: date("2024-02-28")), 15)
        XCTAssertEqual(born.wholeYears(until: date("2024-02-29")), 16)
    }

    func testAFutureBirthDateIsNegativeYearsOld() {
        XCTAssertEqual(date("2027-01-01").wholeYears(until: today), -1)
        XCTAssertEqual(DateRules(minAgeYears: 0).violation(of: date("2027-01-01"), today: today), .tooYoung(0))
    }

    func testADisabledWeekdayIsRejected() {
        let rules = DateRules(disabledWeekdays: [.saturday, .sunday])
        XCTAssertEqual(rules.violation(of: date("2026-03-01"), today: today), .disabledWeekday(.sunday))
        XCTAssertEqual(rules.violation(of: date("2026-02-28"), today: today), .disabledWeekday(.saturday))
        XCTAssertNil(rules.violation(of: date("2026-03-02"), today: today))
    }

    func testTheFirstBrokenRuleWinsInOrder() {
        let rules = DateRules(
            min: date("2026-03-10"), allowPast: false, minAgeYears: 1, disabledWeekdays: [.sunday])
        // 2026-03-01 is before min, in the past, under one year old and a Sunday.
        XCTAssertEqual(rules.violation(of: date("2026-03-01"), today: today), .beforeMinimum(date("2026-03-10")))
        let noMin = DateRules(allowPast: false, minAgeYears: 1, disabledWeekdays: [.sunday])
        XCTAssertEqual(noMin.violation(of: date("2026-03-01"), today: today), .inThePast)
        let ageAndWeekday = DateRules(minAgeYears: 1, disabledWeekdays: [.sunday])
        XCTAssertEqual(ageAndWeekday.violation(of: date("2026-03-01"), today: today), .tooYoung(1))
    }

    func testViolationsRoundTripThroughTheirTaggedShape() throws {
        let violations: [DateViolation] = [
            .doesNotExist, .beforeMinimum(date("2026-01-01")), .afterMaximum(date("2026-12-31")), .inThePast,
            .inTheFuture, .tooYoung(18), .tooOld(100), .disabledWeekday(.sunday),
        ]
        let data = try JSONEncoder().encode(violations)
        XCTAssertEqual(try JSONDecoder().decode([DateViolation].self, from: data), violations)
        XCTAssertEqual(
            DateViolation.beforeMinimum(date("2026-01-01")).json,
            .object(["type": .string("BEFORE_MINIMUM"), "value": .object(["date": .string("2026-01-01")])]))
        XCTAssertEqual(DateViolation.inThePast.json, .object(["type": .string("IN_THE_PAST")]))
    }

    func testAnUnknownViolationTypeIsRejected() {
        XCTAssertThrowsError(try DateViolation(json: .object(["type": .string("TOO_EARLY")])))
        XCTAssertThrowsError(
            try DateViolation(
                json: .object(["type": .string("DISABLED_WEEKDAY"), "value": .object(["weekday": .string("FUNDAY")])])))
    }
}

final class TodayTests: XCTestCase {
    /// 2026-03-01T23:30:00Z.
    private let lateEvening = Date(timeIntervalSince1970: 1_772_407_800)

    func testTodayIsTheDateInTheFieldsZone() {
        XCTAssertEqual(Today.date(now: lateEvening, timeZone: "Europe/Berlin", deviceTimeZone: "UTC").iso, "2026-03-02")
        XCTAssertEqual(
            Today.date(now: lateEvening, timeZone: "America/New_York", deviceTimeZone: "Europe/Berlin").iso,
            "2026-03-01")
    }

    func testTodayFallsBackToTheDeviceZone() {
        XCTAssertEqual(Today.date(now: lateEvening, timeZone: nil, deviceTimeZone: "Europe/Berlin").iso, "2026-03-02")
        XCTAssertEqual(Today.date(now: lateEvening, timeZone: nil, deviceTimeZone: "UTC").iso, "2026-03-01")
    }

    func testAnUnknownZoneFallsBackToTheDeviceZoneThenUTC() {
        XCTAssertEqual(
            Today.date(now: lateEvening, timeZone: "Mars/Olympus", deviceTimeZone: "Asia/Tokyo").iso, "2026-03-02")
        XCTAssertEqual(Today.date(now: lateEvening, timeZone: "", deviceTimeZone: "Asia/Tokyo").iso, "2026-03-02")
        XCTAssertEqual(
            Today.date(now: lateEvening, timeZone: "Mars/Olympus", deviceTimeZone: "Nowhere").iso, "2026-03-01")
    }

    func testTodayUsesTheZonesOffsetAtThatInstant() {
        // 2026-03-29T22:30Z: Berlin switched to summer time (UTC+2) that day, so it is already 2026-03-30.
        let afterSwitch = Date(timeIntervalSince1970: 1_774_823_400)
        XCTAssertEqual(Today.date(now: afterSwitch, timeZone: "Europe/Berlin", deviceTimeZone: "UTC").iso, "2026-03-30")
    }
}
